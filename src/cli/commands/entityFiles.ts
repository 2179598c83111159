// `cstudio entities export-literals|append-literals|replace-literals|export-grammars|replace-grammars`
import { readZip } from '../../core/package/zip';
import { confirm } from '../confirm';
import { contentCommands } from '../contentCommands';
import { exportFlags, readImportFile, saveDownload } from '../nluFiles';
import { printJson } from '../output';
import { platformCommand } from '../platformCommand';

const literals = contentCommands({
  path: (verb) => ['entities', `${verb}-literals`],
  content: 'literals',
  item: 'literal',
  owner: 'entity',
  ownerArg: 'entityName',
  importFiles: 'a .trsx, .list or .nmlist file',
  appendNote: '',
  exportName: (projectId, name) => `${projectId}-${name}-entity-literals.zip`,
  client: (client) => ({
    export: (projectId, name, options) => client.entities.exportLiterals(projectId, name, options),
    append: client.entities.appendLiterals,
    replace: client.entities.replaceLiterals,
  }),
});

export const entitiesExportLiterals = literals.export;
export const entitiesAppendLiterals = literals.append;
export const entitiesReplaceLiterals = literals.replace;

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
