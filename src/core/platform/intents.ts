// Intents of a project (endpoints of the real service, not in the spec's tables): list, get, create, rename,
// delete (which removes the intent's samples). A platform without `/intents` answers 404: the list then falls
// back to the ontology export and reads the intents from its TRSX.
import { parseTrsxBytes } from '../formats/trsx/parse';
import { readZip } from '../package/zip';
import { BadRequestError, NotFoundError } from './errors';
import type { Intent } from './nluTypes';
import { readIntent, readItems } from './nluWire';
import type { OntologyClient } from './ontology';
import { path } from './paths';
import type { CallOptions, Requester } from './requester';
import type { StatusObject } from './types';
import { isObject } from './wire';

/** Ontology exports read for the fallback are capped; an ontology is text, rarely more than a few MiB. */
const FALLBACK_EXPORT_CAP = 64 * 1024 * 1024;

export class IntentsClient {
  constructor(private readonly api: Requester, private readonly ontology: OntologyClient) {}

  /** The project's intents; from the ontology export when the platform has no intents endpoint. */
  async list(projectId: string, options: CallOptions = {}): Promise<Intent[]> {
    const req = { method: 'GET', path: path`/v4/projects/${projectId}/intents`, resource: `project ${projectId}` } as const;
    try {
      return readItems(await this.api.request({ ...req, signal: options.signal }), 'intents', req).map((i) => readIntent(i, req));
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
      return this.listFromOntology(projectId, err, options);
    }
  }

  async get(projectId: string, intentName: string, options: CallOptions = {}): Promise<Intent> {
    const req = { method: 'GET', path: path`/v4/projects/${projectId}/intents/${intentName}`, resource: resource(projectId, intentName) } as const;
    return readIntent(await this.api.request({ ...req, signal: options.signal }), req);
  }

  async create(projectId: string, intentName: string, options: CallOptions = {}): Promise<Intent> {
    if (intentName.trim() === '') throw new BadRequestError(`The new intent of project ${projectId} has an empty name; give it a name.`);
    const req = { method: 'POST', path: path`/v4/projects/${projectId}/intents`, resource: `project ${projectId}` } as const;
    return readIntent(await this.api.request({ ...req, json: { intentName }, signal: options.signal }), req);
  }

  async rename(projectId: string, intentName: string, newIntentName: string, options: CallOptions = {}): Promise<Intent> {
    if (newIntentName.trim() === '') throw new BadRequestError(`The new name of intent "${intentName}" is empty; give a name.`);
    const req = { method: 'PUT', path: path`/v4/projects/${projectId}/intents/${intentName}/.rename`, resource: resource(projectId, intentName) } as const;
    const body = await this.api.request({ ...req, json: { newIntentName }, signal: options.signal });
    // Some platforms answer `{}`: the intent then has the new name.
    return isObject(body) && (isObject(body.intent) || typeof body.name === 'string') ? readIntent(body, req) : { id: newIntentName, name: newIntentName, links: [] };
  }

  /** Deletes the intent and its samples. */
  async delete(projectId: string, intentName: string, options: CallOptions = {}): Promise<StatusObject> {
    const body = await this.api.request({
      method: 'DELETE', path: path`/v4/projects/${projectId}/intents/${intentName}`, resource: resource(projectId, intentName), signal: options.signal,
    });
    return isObject(body) ? (body as StatusObject) : {};
  }

  /** Intents of the first locale's TRSX in the ontology export; ids are the names (TRSX has none). */
  private async listFromOntology(projectId: string, original: NotFoundError, options: CallOptions): Promise<Intent[]> {
    let zip: Uint8Array;
    try {
      const download = await this.ontology.export(projectId, { signal: options.signal, maxBytes: FALLBACK_EXPORT_CAP });
      zip = await download.toBuffer();
    } catch (err) {
      // The project itself is missing (or hidden): report the original request.
      if (err instanceof NotFoundError) throw original;
      throw err;
    }
    const entries = readZip(zip);
    const trsx = [...entries.keys()].filter((n) => /^[^/]+\/[^/]+\.trsx$/i.test(n)).sort()[0];
    if (!trsx) return [];
    const { document } = parseTrsxBytes(entries.get(trsx) ?? new Uint8Array());
    return document.intents.map((i) => ({ id: i.name, name: i.name, links: i.links.map((l) => ({ entityRef: l.conceptref })) }));
  }
}

function resource(projectId: string, intentName: string): string {
  return `intent "${intentName}" of project ${projectId}`;
}
