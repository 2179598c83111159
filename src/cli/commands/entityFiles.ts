// `cstudio entities export-literals|append-literals|replace-literals|export-grammars|replace-grammars`
import { readZip } from '../../core/package/zip';
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
import { printJson } from '../output';
import { platformCommand } from '../platformCommand';

export const entitiesExportLiterals = platformCommand({
  path: ['entities', 'export-literals'],
  summary: 'Download the literals of an entity: a zip with one <locale>.trsx per locale.',
  synopsis: '<projectId> <entityName> [-o FILE|DIR] [--locales en-US,fr-CA]',
  flags: exportFlags,
  args: ['projectId', 'entityName'],
  input: ({ flags }) => ({ locales: localesFlag(flags) }),
  async run({ session, io, args, flags, input: { locales }, json }) {
    const projectId = args.projectId;
    const name = args.entityName;
    const download = await session.client.entities.exportLiterals(projectId, name, { locales, signal: io.signal });
    return saveDownload(io, download, flags, `${projectId}-${name}-entity-literals.zip`, json);
  },
});

export const entitiesAppendLiterals = platformCommand({
  path: ['entities', 'append-literals'],
  summary: 'Add the literals of a .trsx, .list or .nmlist file to an entity (one locale) and wait for the job.',
  synopsis: '<projectId> <entityName> <file> --locale LOCALE [--no-wait]',
  flags: importFlags,
  args: ['projectId', 'entityName', 'file'],
  input: ({ flags }) => ({ locale: requireLocaleFlag(flags) }),
  async run({ session, io, args, flags, input: { locale }, json }) {
    const projectId = args.projectId;
    const file = await readImportFile(io, args.file);
    const job = await session.client.entities.appendLiterals(projectId, args.entityName, locale, file, {
      signal: io.signal,
    });
    return reportJob(session, io, projectId, job, flags, json);
  },
});

export const entitiesReplaceLiterals = platformCommand({
  path: ['entities', 'replace-literals'],
  summary: "Replace the literals of an entity in one locale with a file's (destructive; asks first unless --yes).",
  synopsis: '<projectId> <entityName> <file> --locale LOCALE [--yes] [--no-wait]',
  flags: { ...importFlags, yes: { type: 'boolean' } },
  args: ['projectId', 'entityName', 'file'],
  input: ({ flags }) => ({ locale: requireLocaleFlag(flags) }),
  async run({ session, io, args, flags, input: { locale }, json }) {
    const projectId = args.projectId;
    const name = args.entityName;
    const file = await readImportFile(io, args.file);
    if (flags.yes !== true)
      await confirm(
        io,
        `Replace every ${locale} literal of entity "${name}" (project ${projectId}) with ${file.path}? [y/N] `,
      );
    const job = await session.client.entities.replaceLiterals(projectId, name, locale, file, { signal: io.signal });
    return reportJob(session, io, projectId, job, flags, json);
  },
});

export const entitiesExportGrammars = platformCommand({
  path: ['entities', 'export-grammars'],
  summary: 'Download the GrXML grammars of a rule-based entity (professional-services and Expert users).',
  synopsis: '<projectId> <entityName> [-o FILE|DIR]',
  flags: { output: exportFlags.output },
  args: ['projectId', 'entityName'],
  async run({ session, io, args, flags, json }) {
    const projectId = args.projectId;
    const name = args.entityName;
    const download = await session.client.entities.exportGrammars(projectId, name, { signal: io.signal });
    return saveDownload(io, download, flags, `${projectId}_${name}_grammars.zip`, json);
  },
});

export const entitiesReplaceGrammars = platformCommand({
  path: ['entities', 'replace-grammars'],
  summary: 'Replace the grammars of a rule-based entity with a zip of <locale>/<name>.grxml (asks first unless --yes).',
  synopsis: '<projectId> <entityName> <grammars.zip> [--yes]',
  flags: { yes: { type: 'boolean' } },
  args: ['projectId', 'entityName', 'grammars.zip'],
  async run({ session, io, args, flags, json }) {
    const projectId = args.projectId;
    const name = args.entityName;
    const file = await readImportFile(io, args['grammars.zip']);
    // Refuse unsafe or corrupt archives before anything is sent.
    const entries = await readZip(file.data);
    if (flags.yes !== true)
      await confirm(
        io,
        `Replace the grammars of entity "${name}" (project ${projectId}) with ${file.path} (${entries.size} files)? [y/N] `,
      );
    const result = await session.client.entities.replaceGrammars(projectId, name, file, { signal: io.signal });
    if (json) printJson(io, result);
    else
      io.stdout(`Replaced the grammars of entity "${name}" for ${result.replacedLocales.join(', ') || 'no locale'}.\n`);
    return 0;
  },
});
