// Entities of a project: list, get, create, update (settings and properties), rename, change type, delete,
// rule-based grammars (export, replace; professional-services and Expert users only) and literals (export;
// append and replace from .trsx, .list or .nmlist, which return jobs).
import type { Download } from './download';
import { BadRequestError } from './errors';
import { ContentFiles, uploadFile, type ImportCall } from './contentFiles';
import {
  ENTITY_WRAPPER_KEYS,
  type Entity,
  type EntityKind,
  type EntityTypeChange,
  type EntityUpdate,
  type ExportOptions,
  type GrammarsReplaceResult,
  type ImportFile,
  type NewEntity,
} from './nluTypes';
import { entityCreateBody, literalData, readEntity, readItems } from './nluWire';
import { path } from './paths';
import type { CallOptions, DownloadOptions, Requester } from './requester';
import type { HttpMethod } from './retry';
import type { StatusObject } from './types';
import { isObject } from './wire';

export class EntitiesClient {
  private readonly literals: ContentFiles;

  constructor(private readonly api: Requester) {
    this.literals = new ContentFiles(
      api,
      (projectId, entityName) => path`/v4/projects/${projectId}/entities/${entityName}/literals`,
      resource,
    );
  }

  /** Every entity of the project (custom ones, then the predefined ones it uses), optionally of one kind. */
  async list(projectId: string, options: CallOptions & { type?: EntityKind } = {}): Promise<Entity[]> {
    const req = {
      method: 'GET',
      path: path`/v4/projects/${projectId}/entities`,
      resource: `project ${projectId}`,
    } as const;
    const body = await this.api.request({ ...req, query: { type: options.type }, signal: options.signal });
    return readItems(body, 'entities', req).map((item) => readEntity(item, req));
  }

  async get(projectId: string, entityName: string, options: CallOptions = {}): Promise<Entity> {
    return this.entityCall(
      'GET',
      path`/v4/projects/${projectId}/entities/${entityName}`,
      projectId,
      entityName,
      undefined,
      options,
    );
  }

  async create(projectId: string, entity: NewEntity, options: CallOptions = {}): Promise<Entity> {
    if (entity.name.trim() === '')
      throw new BadRequestError(`The new entity of project ${projectId} has an empty name; give it a name.`);
    if (entity.kind === 'REGEX' && !entity.pattern)
      throw new BadRequestError(`Regex entity "${entity.name}" needs a pattern (a regular expression).`);
    if (entity.kind === 'RELATIONAL' && entity.isA === undefined && (entity.hasA?.length ?? 0) === 0) {
      throw new BadRequestError(`Relational entity "${entity.name}" needs an isA entity and/or hasA entities.`);
    }
    return this.entityCall(
      'POST',
      path`/v4/projects/${projectId}/entities`,
      projectId,
      entity.name,
      entityCreateBody(entity),
      options,
    );
  }

  /**
   * Changes settings and properties (never the kind: see `changeType`). The body is wrapped in the entity's
   * kind; without `options.kind` the entity is fetched first to learn it.
   */
  async update(
    projectId: string,
    entityName: string,
    update: EntityUpdate,
    options: CallOptions & { kind?: EntityKind } = {},
  ): Promise<Entity> {
    const kind = options.kind ?? (await this.get(projectId, entityName, options)).kind;
    const inner: Record<string, unknown> = { settings: update.settings ?? {} };
    if (update.dataType !== undefined) inner.dataType = update.dataType;
    if (update.isDynamic !== undefined) inner.isDynamic = update.isDynamic;
    if (update.anaphora !== undefined) inner.anaphora = update.anaphora;
    const body = { [ENTITY_WRAPPER_KEYS[kind]]: inner };
    return this.entityCall(
      'PUT',
      path`/v4/projects/${projectId}/entities/${entityName}`,
      projectId,
      entityName,
      body,
      options,
    );
  }

  async rename(
    projectId: string,
    entityName: string,
    newEntityName: string,
    options: CallOptions = {},
  ): Promise<Entity> {
    if (newEntityName.trim() === '')
      throw new BadRequestError(`The new name of entity "${entityName}" is empty; give a name.`);
    return this.entityCall(
      'PUT',
      path`/v4/projects/${projectId}/entities/${entityName}/.rename`,
      projectId,
      entityName,
      { newEntityName },
      options,
    );
  }

  /** Changes the kind; what belonged to the old kind (literals, grammars, pattern, relations) goes. */
  async changeType(
    projectId: string,
    entityName: string,
    change: EntityTypeChange,
    options: CallOptions = {},
  ): Promise<Entity> {
    if (change.newType === 'REGEX' && !change.pattern)
      throw new BadRequestError(`Changing entity "${entityName}" to REGEX needs a pattern.`);
    const body: Record<string, unknown> = { newType: change.newType };
    if (change.pattern !== undefined) body.pattern = change.pattern;
    if (change.isA !== undefined) body.isA = change.isA;
    if (change.hasA !== undefined) body.hasA = { entities: [...change.hasA] };
    if (change.data !== undefined) body.data = literalData(change.data);
    if (change.dataType !== undefined) body.dataType = change.dataType;
    return this.entityCall(
      'PUT',
      path`/v4/projects/${projectId}/entities/${entityName}/.type`,
      projectId,
      entityName,
      body,
      options,
    );
  }

  async delete(projectId: string, entityName: string, options: CallOptions = {}): Promise<StatusObject> {
    const body = await this.api.request({
      method: 'DELETE',
      path: path`/v4/projects/${projectId}/entities/${entityName}`,
      resource: resource(projectId, entityName),
      signal: options.signal,
    });
    return isObject(body) ? (body as StatusObject) : {};
  }

  /** The zip of the entity's GrXML grammars (`<locale>/<name>.grxml`). */
  exportGrammars(
    projectId: string,
    entityName: string,
    options: CallOptions & DownloadOptions = {},
  ): Promise<Download> {
    return this.api.download(
      {
        method: 'GET',
        path: path`/v4/projects/${projectId}/entities/${entityName}/grammars/.export`,
        resource: resource(projectId, entityName),
        signal: options.signal,
      },
      options,
    );
  }

  /** Replaces the grammars of the locales in the zip (GrXML in `<locale>/` folders). */
  async replaceGrammars(
    projectId: string,
    entityName: string,
    zip: ImportFile,
    options: CallOptions = {},
  ): Promise<GrammarsReplaceResult> {
    const req = {
      method: 'POST',
      path: path`/v4/projects/${projectId}/entities/${entityName}/grammars/.replace`,
      resource: resource(projectId, entityName),
    } as const;
    const body = await this.api.request({ ...req, file: uploadFile(zip), signal: options.signal });
    const replaced =
      isObject(body) && Array.isArray(body.replacedLocales)
        ? body.replacedLocales.filter((l): l is string => typeof l === 'string')
        : [];
    const hasEntity = isObject(body) && isObject(body.entity);
    return { ...(hasEntity ? { entity: readEntity(body, req) } : {}), replacedLocales: replaced };
  }

  /** The literals zip: one `<locale>.trsx` per locale. */
  exportLiterals(projectId: string, entityName: string, options: ExportOptions = {}): Promise<Download> {
    return this.literals.export(projectId, entityName, options);
  }

  /** Adds the literal/value pairs of a .trsx, .list or .nmlist file for one locale; poll the returned job. */
  readonly appendLiterals: ImportCall = (...call) => this.literals.import('append', ...call);

  /** Replaces the entity's literal/value pairs of one locale with the file's (destructive); poll the returned job. */
  readonly replaceLiterals: ImportCall = (...call) => this.literals.import('replace', ...call);

  private async entityCall(
    method: HttpMethod,
    requestPath: string,
    projectId: string,
    entityName: string,
    json: unknown,
    options: CallOptions,
  ): Promise<Entity> {
    const req = { method, path: requestPath, resource: resource(projectId, entityName) };
    return readEntity(await this.api.request({ ...req, json, signal: options.signal }), req);
  }
}

function resource(projectId: string, entityName: string): string {
  return `entity "${entityName}" of project ${projectId}`;
}
