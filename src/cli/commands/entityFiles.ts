// `cstudio entities export-literals|append-literals|replace-literals|export-grammars|replace-grammars`
import { readZip } from '../../core/package/zip';
import { requirePositional } from '../args';
import { confirm } from '../confirm';
import { exportFlags, importFlags, localesFlag, readImportFile, reportJob, requireLocaleFlag, saveDownload } from '../nluFiles';
import { printJson } from '../output';
import { platformCommand } from '../platformCommand';

const names = (p: string[]): void => { requirePositional(p, 0, 'projectId'); requirePositional(p, 1, 'entityName'); };

export const entitiesExportLiterals = platformCommand({
  path: ['entities', 'export-literals'],
  summary: 'Download the literals of an entity: a zip with one <locale>.trsx per locale.',
  synopsis: '<projectId> <entityName> [-o FILE|DIR] [--locales en-US,fr-CA]',
  flags: exportFlags,
  check: (p, v) => { names(p); localesFlag(v); },
  async run({ session, io, positionals, values, json }) {
    const projectId = requirePositional(positionals, 0, 'projectId');
    const name = requirePositional(positionals, 1, 'entityName');
    const download = await session.client.entities.exportLiterals(projectId, name, { locales: localesFlag(values), signal: io.signal });
    return saveDownload(io, download, values, `${projectId}-${name}-entity-literals.zip`, json);
  },
});

export const entitiesAppendLiterals = platformCommand({
  path: ['entities', 'append-literals'],
  summary: 'Add the literals of a .trsx, .list or .nmlist file to an entity (one locale) and wait for the job.',
  synopsis: '<projectId> <entityName> <file> --locale LOCALE [--no-wait]',
  flags: importFlags,
  check: (p, v) => { names(p); requirePositional(p, 2, 'file'); requireLocaleFlag(v); },
  async run({ session, io, positionals, values, json }) {
    const projectId = requirePositional(positionals, 0, 'projectId');
    const file = await readImportFile(io, requirePositional(positionals, 2, 'file'));
    const job = await session.client.entities.appendLiterals(projectId, requirePositional(positionals, 1, 'entityName'), requireLocaleFlag(values), file, { signal: io.signal });
    return reportJob(session, io, projectId, job, values, json);
  },
});

export const entitiesReplaceLiterals = platformCommand({
  path: ['entities', 'replace-literals'],
  summary: 'Replace the literals of an entity in one locale with a file\'s (destructive; asks first unless --yes).',
  synopsis: '<projectId> <entityName> <file> --locale LOCALE [--yes] [--no-wait]',
  flags: { ...importFlags, yes: { type: 'boolean' } },
  check: (p, v) => { names(p); requirePositional(p, 2, 'file'); requireLocaleFlag(v); },
  async run({ session, io, positionals, values, json }) {
    const projectId = requirePositional(positionals, 0, 'projectId');
    const name = requirePositional(positionals, 1, 'entityName');
    const locale = requireLocaleFlag(values);
    const file = await readImportFile(io, requirePositional(positionals, 2, 'file'));
    if (values.yes !== true) await confirm(io, `Replace every ${locale} literal of entity "${name}" (project ${projectId}) with ${file.path}? [y/N] `);
    const job = await session.client.entities.replaceLiterals(projectId, name, locale, file, { signal: io.signal });
    return reportJob(session, io, projectId, job, values, json);
  },
});

export const entitiesExportGrammars = platformCommand({
  path: ['entities', 'export-grammars'],
  summary: 'Download the GrXML grammars of a rule-based entity (professional-services and Expert users).',
  synopsis: '<projectId> <entityName> [-o FILE|DIR]',
  flags: { output: exportFlags.output },
  check: names,
  async run({ session, io, positionals, values, json }) {
    const projectId = requirePositional(positionals, 0, 'projectId');
    const name = requirePositional(positionals, 1, 'entityName');
    const download = await session.client.entities.exportGrammars(projectId, name, { signal: io.signal });
    return saveDownload(io, download, values, `${projectId}_${name}_grammars.zip`, json);
  },
});

export const entitiesReplaceGrammars = platformCommand({
  path: ['entities', 'replace-grammars'],
  summary: 'Replace the grammars of a rule-based entity with a zip of <locale>/<name>.grxml (asks first unless --yes).',
  synopsis: '<projectId> <entityName> <grammars.zip> [--yes]',
  flags: { yes: { type: 'boolean' } },
  check: (p) => { names(p); requirePositional(p, 2, 'grammars.zip'); },
  async run({ session, io, positionals, values, json }) {
    const projectId = requirePositional(positionals, 0, 'projectId');
    const name = requirePositional(positionals, 1, 'entityName');
    const file = await readImportFile(io, requirePositional(positionals, 2, 'grammars.zip'));
    // Refuse unsafe or corrupt archives before anything is sent.
    const entries = await readZip(file.data);
    if (values.yes !== true) await confirm(io, `Replace the grammars of entity "${name}" (project ${projectId}) with ${file.path} (${entries.size} files)? [y/N] `);
    const result = await session.client.entities.replaceGrammars(projectId, name, file, { signal: io.signal });
    if (json) printJson(io, result);
    else io.stdout(`Replaced the grammars of entity "${name}" for ${result.replacedLocales.join(', ') || 'no locale'}.\n`);
    return 0;
  },
});
