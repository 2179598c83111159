// Entities of a project: list (with a `type` filter), create, get, update (settings and properties only),
// delete, rename and change type. Every edit checks visibility (404), role (403) and the lock (409) first;
// names are single path segments, case-sensitive, any character.
import { isPredefinedConcept } from '../../core/formats/trsx/predefined';
import { requireProjectAction, requireVisibleProject } from '../access';
import { caller, managementRoute } from '../auth';
import { isoNow, type SandboxContext } from '../context';
import {
  changeEntityType,
  createEntity,
  deleteEntity,
  renameEntity,
  requireEntity,
  updateEntity,
} from '../nlu/entityEdits';
import { kindOf } from '../nlu/entityKinds';
import { parseCreate, parseKindFilter, parseTypeChange, parseUpdate } from '../nlu/entityPayload';
import { baseEntityView, entityView, listEntityViews } from '../nlu/entityViews';
import { findConcept, requireNluName } from '../nlu/model';
import { json, type Router, type SandboxRequest } from '../router';
import type { ProjectRecord } from '../state';
import { statusObject } from '../views';
import { requireObject } from '../validate';

const ENTITIES = '/v4/projects/:projectId/entities';
const ENTITY = `${ENTITIES}/:entityName` as const;

export function registerEntityRoutes(router: Router, ctx: SandboxContext): void {
  const { state, store } = ctx;
  const edit = (req: SandboxRequest<{ readonly projectId: string }>, what: string): ProjectRecord =>
    requireProjectAction(state, caller(req), req.params.projectId, 'edit', what);
  const entityName = (req: SandboxRequest<{ readonly entityName: string }>): string => req.params.entityName;
  const save = async (project: ProjectRecord): Promise<void> => {
    store.touchContent(project.id);
    project.updateTime = isoNow(ctx);
    await store.commit();
  };

  router.add(
    managementRoute('GET', ENTITIES, (req) => {
      const { project } = requireVisibleProject(state, caller(req), req.params.projectId);
      const entities = listEntityViews(project, store.content(project.id), parseKindFilter(req.query.get('type')));
      return json({ entities, count: entities.length, totalSize: entities.length });
    }),
  );

  router.add(
    managementRoute('POST', ENTITIES, async (req) => {
      const project = edit(req, 'create entities');
      const content = store.content(project.id);
      const concept = createEntity(content, project, parseCreate(await req.json(), project));
      await save(project);
      return json({ entity: entityView(project, content, concept, true) });
    }),
  );

  router.add(
    managementRoute('GET', ENTITY, (req) => {
      const { project } = requireVisibleProject(state, caller(req), req.params.projectId);
      const content = store.content(project.id);
      const name = entityName(req);
      const concept = findConcept(content, project, name);
      if (!concept && isPredefinedConcept(name)) return json({ entity: baseEntityView(project, content, name) });
      return json({ entity: entityView(project, content, concept ?? requireEntity(content, project, name), true) });
    }),
  );

  router.add(
    managementRoute('DELETE', ENTITY, async (req) => {
      const project = edit(req, 'delete entities');
      deleteEntity(store.content(project.id), project, entityName(req));
      await save(project);
      return json(statusObject(`Entity "${entityName(req)}" deleted.`));
    }),
  );

  router.add(
    managementRoute('PUT', ENTITY, async (req) => {
      const project = edit(req, 'change entities');
      const content = store.content(project.id);
      const name = entityName(req);
      const current = requireEntity(content, project, name);
      const concept = updateEntity(
        content,
        project,
        name,
        parseUpdate(await req.json(), kindOf(current), name, project),
      );
      await save(project);
      return json({ entity: entityView(project, content, concept, true) });
    }),
  );

  router.add(
    managementRoute('PUT', `${ENTITY}/.rename`, async (req) => {
      const project = edit(req, 'rename entities');
      const content = store.content(project.id);
      requireEntity(content, project, entityName(req));
      const body = requireObject(await req.json(), 'rename request');
      const concept = renameEntity(
        content,
        project,
        entityName(req),
        requireNluName(body.newEntityName, 'newEntityName', 'entity'),
      );
      await save(project);
      return json({ entity: entityView(project, content, concept, true) });
    }),
  );

  router.add(
    managementRoute('PUT', `${ENTITY}/.type`, async (req) => {
      const project = edit(req, 'change entity types');
      const content = store.content(project.id);
      requireEntity(content, project, entityName(req));
      const concept = changeEntityType(content, project, entityName(req), parseTypeChange(await req.json(), project));
      await save(project);
      return json({ entity: entityView(project, content, concept, true) });
    }),
  );
}
