// `cstudio ontology export|append|entity-types`
import { readZip } from '../../core/package/zip';
import { exportFlags, localesFlag, readImportFile, reportJob, saveDownload } from '../nluFiles';
import { printRows } from '../output';
import { platformCommand } from '../platformCommand';

export const ontologyExport = platformCommand({
  path: ['ontology', 'export'],
  summary: 'Download the project ontology: <locale>/<locale>.trsx (and the grammars, for professional-services users).',
  synopsis: '<projectId> [-o FILE|DIR] [--locales en-US,fr-CA]',
  flags: exportFlags,
  args: ['projectId'],
  input: ({ flags }) => ({ locales: localesFlag(flags) }),
  async run({ session, io, args, flags, input: { locales }, json }) {
    const projectId = args.projectId;
    const download = await session.client.ontology.export(projectId, { locales, signal: io.signal });
    return saveDownload(io, download, flags, `${projectId}-ontology.zip`, json);
  },
});

export const ontologyAppend = platformCommand({
  path: ['ontology', 'append'],
  summary: 'Add the intents, entities, literals and samples of an ontology zip (TRSX and GrXML) and wait for the job.',
  synopsis: '<projectId> <ontology.zip> [--no-wait]',
  flags: { 'no-wait': { type: 'boolean' } },
  args: ['projectId', 'ontology.zip'],
  async run({ session, io, args, flags, json }) {
    const projectId = args.projectId;
    const file = await readImportFile(io, args['ontology.zip']);
    // Refuse unsafe or corrupt archives before anything is sent.
    await readZip(file.data);
    const job = await session.client.ontology.append(projectId, file, { signal: io.signal });
    return reportJob(session, io, projectId, job, flags, json);
  },
});

export const ontologyEntityTypes = platformCommand({
  path: ['ontology', 'entity-types'],
  summary: 'List the entity types of the platform and the data types each accepts.',
  synopsis: '',
  async run({ session, io, json }) {
    const types = await session.client.ontology.entityTypes({ signal: io.signal });
    printRows(
      io,
      types,
      [
        { header: 'TYPE', value: (t) => t.name },
        { header: 'DATA TYPES', value: (t) => t.compatibleDataTypes.join(',') },
        { header: 'DESCRIPTION', value: (t) => t.description },
      ],
      json,
      'The platform lists no entity types.',
    );
    return 0;
  },
});
