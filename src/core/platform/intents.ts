// Intents of a project (endpoints of the real service, not in the spec's tables): list, get, create, rename,
// delete (which removes the intent's samples). A platform without `/intents` answers 404; core/nlu/projectIntents.ts
// then reads the intents from the ontology export.
import { BadRequestError } from './errors';
import type { Intent } from './nluTypes';
import { readIntent, readItems } from './nluWire';
import { path } from './paths';
import type { CallOptions, Requester } from './requester';
import type { StatusObject } from './types';
import { isObject } from './wire';

export class IntentsClient {
  constructor(private readonly api: Requester) {}

  /** The project's intents (404 on a platform without the endpoint: see core/nlu/projectIntents.ts). */
  async list(projectId: string, options: CallOptions = {}): Promise<Intent[]> {
    const req = {
      method: 'GET',
      path: path`/v4/projects/${projectId}/intents`,
      resource: `project ${projectId}`,
    } as const;
    return readItems(await this.api.request({ ...req, signal: options.signal }), 'intents', req).map((i) =>
      readIntent(i, req),
    );
  }

  async get(projectId: string, intentName: string, options: CallOptions = {}): Promise<Intent> {
    const req = {
      method: 'GET',
      path: path`/v4/projects/${projectId}/intents/${intentName}`,
      resource: resource(projectId, intentName),
    } as const;
    return readIntent(await this.api.request({ ...req, signal: options.signal }), req);
  }

  async create(projectId: string, intentName: string, options: CallOptions = {}): Promise<Intent> {
    if (intentName.trim() === '')
      throw new BadRequestError(`The new intent of project ${projectId} has an empty name; give it a name.`);
    const req = {
      method: 'POST',
      path: path`/v4/projects/${projectId}/intents`,
      resource: `project ${projectId}`,
    } as const;
    return readIntent(await this.api.request({ ...req, json: { intentName }, signal: options.signal }), req);
  }

  async rename(
    projectId: string,
    intentName: string,
    newIntentName: string,
    options: CallOptions = {},
  ): Promise<Intent> {
    if (newIntentName.trim() === '')
      throw new BadRequestError(`The new name of intent "${intentName}" is empty; give a name.`);
    const req = {
      method: 'PUT',
      path: path`/v4/projects/${projectId}/intents/${intentName}/.rename`,
      resource: resource(projectId, intentName),
    } as const;
    const body = await this.api.request({ ...req, json: { newIntentName }, signal: options.signal });
    // Some platforms answer `{}`: the intent then has the new name.
    return isObject(body) && (isObject(body.intent) || typeof body.name === 'string')
      ? readIntent(body, req)
      : { id: newIntentName, name: newIntentName, links: [] };
  }

  /** Deletes the intent and its samples. */
  async delete(projectId: string, intentName: string, options: CallOptions = {}): Promise<StatusObject> {
    const body = await this.api.request({
      method: 'DELETE',
      path: path`/v4/projects/${projectId}/intents/${intentName}`,
      resource: resource(projectId, intentName),
      signal: options.signal,
    });
    return isObject(body) ? (body as StatusObject) : {};
  }
}

function resource(projectId: string, intentName: string): string {
  return `intent "${intentName}" of project ${projectId}`;
}
