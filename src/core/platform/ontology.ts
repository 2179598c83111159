// The project ontology: export (a zip of `<locale>/<locale>.trsx`, with the GrXML grammars for
// professional-services users), append (a zip of TRSX and GrXML; returns a job) and the platform's entity types.
import type { Download } from './download';
import { readJob } from './jobs';
import { uploadFile } from './contentFiles';
import type { EntityType, ExportOptions, ImportFile } from './nluTypes';
import { readItems } from './nluWire';
import { path } from './paths';
import type { CallOptions, Requester } from './requester';
import type { Job } from './types';

export class OntologyClient {
  constructor(private readonly api: Requester) {}

  /** The ontology zip (`<locale>/<locale>.trsx`, and `<locale>/grammars/<name>/<name>.grxml` for professional services). */
  export(projectId: string, options: ExportOptions = {}): Promise<Download> {
    return this.api.download(
      {
        method: 'GET',
        path: path`/v4/projects/${projectId}/ontology/.export`,
        query: { locales: options.locales },
        resource: `project ${projectId}`,
        signal: options.signal,
      },
      options,
    );
  }

  /** Adds the intents, entities, literals and samples of a zip to the project; poll the returned job. */
  async append(projectId: string, zip: ImportFile, options: CallOptions = {}): Promise<Job> {
    const req = {
      method: 'PUT',
      path: path`/v4/projects/${projectId}/ontology/.append`,
      resource: `project ${projectId}`,
    } as const;
    // Not retried: a repeated append would count its samples twice.
    return readJob(
      await this.api.request({ ...req, file: uploadFile(zip), idempotent: false, signal: options.signal }),
      req,
    );
  }

  /** The entity types the platform knows, with the data types each accepts. */
  async entityTypes(options: CallOptions = {}): Promise<EntityType[]> {
    const req = { method: 'GET', path: '/v4/ontology/entity-types', resource: 'entity types' } as const;
    return readItems(await this.api.request({ ...req, signal: options.signal }), 'entityTypes', req)
      .filter((t): t is typeof t & { name: string } => typeof t.name === 'string')
      .map((t) => ({
        ...t,
        name: t.name,
        description: typeof t.description === 'string' ? t.description : undefined,
        compatibleDataTypes: Array.isArray(t.compatibleDataTypes)
          ? t.compatibleDataTypes.filter((d): d is string => typeof d === 'string')
          : [],
      }));
  }
}
