// `cstudio samples export|append|replace`
import { confirm } from '../confirm';
import {
  exportFlags,
  importFlags,
  localesFlag,
  readImportFile,
  reportJob,
  requireLocaleFlag,
  saveDownload,
} from '../nluFiles';
import { platformCommand } from '../platformCommand';

export const samplesExport = platformCommand({
  path: ['samples', 'export'],
  summary: 'Download the samples of an intent: a zip with one <locale>.trsx per locale.',
  synopsis: '<projectId> <intentName> [-o FILE|DIR] [--locales en-US,fr-CA]',
  flags: exportFlags,
  args: ['projectId', 'intentName'],
  input: ({ flags }) => ({ locales: localesFlag(flags) }),
  async run({ session, io, args, flags, input: { locales }, json }) {
    const projectId = args.projectId;
    const intent = args.intentName;
    const download = await session.client.samples.export(projectId, intent, { locales, signal: io.signal });
    return saveDownload(io, download, flags, `${projectId}-${intent}-samples.zip`, json);
  },
});

export const samplesAppend = platformCommand({
  path: ['samples', 'append'],
  summary:
    'Add the samples of a .trsx or .txt file to an intent (one locale; existing samples count up) and wait for the job.',
  synopsis: '<projectId> <intentName> <file> --locale LOCALE [--no-wait]',
  flags: importFlags,
  args: ['projectId', 'intentName', 'file'],
  input: ({ flags }) => ({ locale: requireLocaleFlag(flags) }),
  async run({ session, io, args, flags, input: { locale }, json }) {
    const projectId = args.projectId;
    const file = await readImportFile(io, args.file);
    const job = await session.client.samples.append(projectId, args.intentName, locale, file, { signal: io.signal });
    return reportJob(session, io, projectId, job, flags, json);
  },
});

export const samplesReplace = platformCommand({
  path: ['samples', 'replace'],
  summary: "Replace the samples of an intent in one locale with a file's (destructive; asks first unless --yes).",
  synopsis: '<projectId> <intentName> <file> --locale LOCALE [--yes] [--no-wait]',
  flags: { ...importFlags, yes: { type: 'boolean' } },
  args: ['projectId', 'intentName', 'file'],
  input: ({ flags }) => ({ locale: requireLocaleFlag(flags) }),
  async run({ session, io, args, flags, input: { locale }, json }) {
    const projectId = args.projectId;
    const intent = args.intentName;
    const file = await readImportFile(io, args.file);
    if (flags.yes !== true)
      await confirm(
        io,
        `Replace every ${locale} sample of intent "${intent}" (project ${projectId}) with ${file.path}? [y/N] `,
      );
    const job = await session.client.samples.replace(projectId, intent, locale, file, { signal: io.signal });
    return reportJob(session, io, projectId, job, flags, json);
  },
});
