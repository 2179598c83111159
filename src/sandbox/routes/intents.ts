// Intents of a project (endpoints of the real service, real-client-shapes.md): list, get, create
// (`{intentName}` → `{intent: {id, name}}`), rename (`{newIntentName}`) and delete, which removes the
// intent's samples in every locale. Intents live in every locale's TRSX.
import { requireProjectAction, requireVisibleProject } from '../access';
import { caller, managementRoute } from '../auth';
import { isoNow, type SandboxContext } from '../context';
import { badRequest, notFound } from '../errors';
import { intentView } from '../nlu/entityViews';
import { findIntent, forgetId, intentNames, localeDocs, moveId, requireNluName } from '../nlu/model';
import { json, type Router, type SandboxRequest } from '../router';
import type { ProjectContent, ProjectRecord } from '../state';
import { requireObject } from '../validate';

const INTENTS = '/v4/projects/:projectId/intents';
const INTENT = `${INTENTS}/:intentName` as const;

export function requireIntent(content: ProjectContent, project: ProjectRecord, name: string): void {
  if (!findIntent(content, project, name)) throw notFound(`Intent "${name}" not found in project ${project.id}.`);
}

export function registerIntentRoutes(router: Router, ctx: SandboxContext): void {
  const { state, store } = ctx;
  const edit = (req: SandboxRequest<{ readonly projectId: string }>, what: string): ProjectRecord =>
    requireProjectAction(state, caller(req), req.params.projectId, 'edit', what);
  const intentName = (req: SandboxRequest<{ readonly intentName: string }>): string => req.params.intentName;
  const save = async (project: ProjectRecord): Promise<void> => {
    store.touchContent(project.id);
    project.updateTime = isoNow(ctx);
    await store.commit();
  };
  const requireNew = (content: ProjectContent, project: ProjectRecord, name: string): void => {
    if (findIntent(content, project, name))
      throw badRequest(
        `Project ${project.id} already has an intent named "${name}"; names are case-sensitive, choose another.`,
      );
  };

  router.add(
    managementRoute('GET', INTENTS, (req) => {
      const { project } = requireVisibleProject(state, caller(req), req.params.projectId);
      const content = store.content(project.id);
      const intents = intentNames(content, project).map((n) => intentView(project, content, n));
      return json({ intents, count: intents.length, totalSize: intents.length });
    }),
  );

  router.add(
    managementRoute('GET', INTENT, (req) => {
      const { project } = requireVisibleProject(state, caller(req), req.params.projectId);
      const content = store.content(project.id);
      requireIntent(content, project, intentName(req));
      return json({ intent: intentView(project, content, intentName(req)) });
    }),
  );

  router.add(
    managementRoute('POST', INTENTS, async (req) => {
      const project = edit(req, 'create intents');
      const content = store.content(project.id);
      const name = requireNluName(requireObject(await req.json(), 'intent request').intentName, 'intentName', 'intent');
      requireNew(content, project, name);
      for (const { doc } of localeDocs(content, project)) doc.intents.push({ name, links: [] });
      await save(project);
      // The full intent, as mix-cli's create fixture shows (`isInBaseOntology`, `links: []`).
      return json({ intent: intentView(project, content, name) });
    }),
  );

  router.add(
    managementRoute('PUT', `${INTENT}/.rename`, async (req) => {
      const project = edit(req, 'rename intents');
      const content = store.content(project.id);
      const from = intentName(req);
      requireIntent(content, project, from);
      const to = requireNluName(
        requireObject(await req.json(), 'rename request').newIntentName,
        'newIntentName',
        'intent',
      );
      if (to === from) throw badRequest(`Intent "${from}" already has that name.`);
      requireNew(content, project, to);
      for (const { doc } of localeDocs(content, project)) {
        for (const i of doc.intents) if (i.name === from) i.name = to;
        for (const s of doc.samples) if (s.intentref === from) s.intentref = to;
      }
      moveId(project, content, 'intent', from, to);
      await save(project);
      return json({ intent: intentView(project, content, to) });
    }),
  );

  router.add(
    managementRoute('DELETE', INTENT, async (req) => {
      const project = edit(req, 'delete intents');
      const content = store.content(project.id);
      const name = intentName(req);
      requireIntent(content, project, name);
      for (const { doc } of localeDocs(content, project)) {
        doc.intents = doc.intents.filter((i) => i.name !== name);
        doc.samples = doc.samples.filter((s) => s.intentref !== name);
      }
      forgetId(content, 'intent', name);
      await save(project);
      return json({});
    }),
  );
}
