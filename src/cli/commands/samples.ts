// `cstudio samples export|append|replace`
import { requirePositional } from '../args';
import { confirm } from '../confirm';
import { exportFlags, importFlags, localesFlag, readImportFile, reportJob, requireLocaleFlag, saveDownload } from '../nluFiles';
import { platformCommand } from '../platformCommand';

const names = (p: string[]): void => { requirePositional(p, 0, 'projectId'); requirePositional(p, 1, 'intentName'); };

export const samplesExport = platformCommand({
  path: ['samples', 'export'],
  summary: 'Download the samples of an intent: a zip with one <locale>.trsx per locale.',
  synopsis: '<projectId> <intentName> [-o FILE|DIR] [--locales en-US,fr-CA]',
  flags: exportFlags,
  check: (p, v) => { names(p); localesFlag(v); },
  async run({ session, io, positionals, values, json }) {
    const projectId = requirePositional(positionals, 0, 'projectId');
    const intent = requirePositional(positionals, 1, 'intentName');
    const download = await session.client.samples.export(projectId, intent, { locales: localesFlag(values), signal: io.signal });
    return saveDownload(io, download, values, `${projectId}-${intent}-samples.zip`, json);
  },
});

export const samplesAppend = platformCommand({
  path: ['samples', 'append'],
  summary: 'Add the samples of a .trsx or .txt file to an intent (one locale; existing samples count up) and wait for the job.',
  synopsis: '<projectId> <intentName> <file> --locale LOCALE [--no-wait]',
  flags: importFlags,
  check: (p, v) => { names(p); requirePositional(p, 2, 'file'); requireLocaleFlag(v); },
  async run({ session, io, positionals, values, json }) {
    const projectId = requirePositional(positionals, 0, 'projectId');
    const file = await readImportFile(io, requirePositional(positionals, 2, 'file'));
    const job = await session.client.samples.append(projectId, requirePositional(positionals, 1, 'intentName'), requireLocaleFlag(values), file, { signal: io.signal });
    return reportJob(session, io, projectId, job, values, json);
  },
});

export const samplesReplace = platformCommand({
  path: ['samples', 'replace'],
  summary: 'Replace the samples of an intent in one locale with a file\'s (destructive; asks first unless --yes).',
  synopsis: '<projectId> <intentName> <file> --locale LOCALE [--yes] [--no-wait]',
  flags: { ...importFlags, yes: { type: 'boolean' } },
  check: (p, v) => { names(p); requirePositional(p, 2, 'file'); requireLocaleFlag(v); },
  async run({ session, io, positionals, values, json }) {
    const projectId = requirePositional(positionals, 0, 'projectId');
    const intent = requirePositional(positionals, 1, 'intentName');
    const locale = requireLocaleFlag(values);
    const file = await readImportFile(io, requirePositional(positionals, 2, 'file'));
    if (values.yes !== true) await confirm(io, `Replace every ${locale} sample of intent "${intent}" (project ${projectId}) with ${file.path}? [y/N] `);
    const job = await session.client.samples.replace(projectId, intent, locale, file, { signal: io.signal });
    return reportJob(session, io, projectId, job, values, json);
  },
});
