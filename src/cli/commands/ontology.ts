// `cstudio ontology export|append|entity-types`
import { readZip } from '../../core/package/zip';
import { requirePositional } from '../args';
import { exportFlags, localesFlag, readImportFile, reportJob, saveDownload } from '../nluFiles';
import { printRows } from '../output';
import { platformCommand } from '../platformCommand';

export const ontologyExport = platformCommand({
  path: ['ontology', 'export'],
  summary: 'Download the project ontology: <locale>/<locale>.trsx (and the grammars, for professional-services users).',
  synopsis: '<projectId> [-o FILE|DIR] [--locales en-US,fr-CA]',
  flags: exportFlags,
  check: (p, v) => { requirePositional(p, 0, 'projectId'); localesFlag(v); },
  async run({ session, io, positionals, values, json }) {
    const projectId = requirePositional(positionals, 0, 'projectId');
    const download = await session.client.ontology.export(projectId, { locales: localesFlag(values), signal: io.signal });
    return saveDownload(io, download, values, `${projectId}-ontology.zip`, json);
  },
});

export const ontologyAppend = platformCommand({
  path: ['ontology', 'append'],
  summary: 'Add the intents, entities, literals and samples of an ontology zip (TRSX and GrXML) and wait for the job.',
  synopsis: '<projectId> <ontology.zip> [--no-wait]',
  flags: { 'no-wait': { type: 'boolean' } },
  check: (p) => { requirePositional(p, 0, 'projectId'); requirePositional(p, 1, 'ontology.zip'); },
  async run({ session, io, positionals, values, json }) {
    const projectId = requirePositional(positionals, 0, 'projectId');
    const file = await readImportFile(io, requirePositional(positionals, 1, 'ontology.zip'));
    // Refuse unsafe or corrupt archives before anything is sent.
    await readZip(file.data);
    const job = await session.client.ontology.append(projectId, file, { signal: io.signal });
    return reportJob(session, io, projectId, job, values, json);
  },
});

export const ontologyEntityTypes = platformCommand({
  path: ['ontology', 'entity-types'],
  summary: 'List the entity types of the platform and the data types each accepts.',
  synopsis: '',
  async run({ session, io, json }) {
    const types = await session.client.ontology.entityTypes({ signal: io.signal });
    printRows(io, types, [
      { header: 'TYPE', value: (t) => t.name },
      { header: 'DATA TYPES', value: (t) => t.compatibleDataTypes.join(',') },
      { header: 'DESCRIPTION', value: (t) => t.description },
    ], json, 'The platform lists no entity types.');
    return 0;
  },
});
