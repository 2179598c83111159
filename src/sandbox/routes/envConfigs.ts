// Environment configurations (platform-api.md): GRAMMAR_BASE_PATH as a project default and per
// environment geography. The set requests send a JSON string as the whole body. With
// `--feature-off env-configs` every endpoint answers 501, as on a platform where the feature is off.
import { caller, managementRoute } from '../auth';
import { requireProjectAction, requireVisibleProject } from '../access';
import { ENV_CONFIG_LABELS } from '../apps/configRequest';
import { findEnvGeography } from '../apps/lookup';
import type { EnvGeographyRecord } from '../apps/model';
import type { SandboxContext } from '../context';
import { badRequest, notFound } from '../errors';
import { requireFeature } from '../features';
import { json, type Router, type SandboxRequest } from '../router';
import type { ProjectRecord } from '../state';
import { statusObject } from '../views';

function requireLabel(label: string): string {
  if (!(ENV_CONFIG_LABELS as readonly string[]).includes(label))
    throw badRequest(
      `Unknown environment configuration label "${label}"; the only available label is ${ENV_CONFIG_LABELS.join(', ')}.`,
    );
  return label;
}

async function stringBody(req: SandboxRequest): Promise<string> {
  const value = await req.json();
  if (typeof value !== 'string')
    throw badRequest('The body must be a JSON string holding the value, e.g. "https://grammars.example.com/".');
  if (value.length > 2048) throw badRequest(`The value is ${value.length} characters long; the maximum is 2048.`);
  return value;
}

export function registerEnvConfigRoutes(router: Router, ctx: SandboxContext): void {
  const { state, store } = ctx;
  const on = (): void => requireFeature(ctx.featuresOff, 'env-configs');

  const requireGeography = (
    req: SandboxRequest<{ readonly environmentId: string; readonly environmentGeographyId: string }>,
  ): EnvGeographyRecord => {
    const env = state.environments.find((e) => e.id === req.params.environmentId);
    if (!env) throw notFound(`Environment ${req.params.environmentId} not found.`);
    const geo = findEnvGeography(state, req.params.environmentGeographyId);
    if (!geo || geo.environmentId !== env.id)
      throw notFound(`Environment geography ${req.params.environmentGeographyId} not found in environment ${env.id}.`);
    return geo;
  };
  const projectQuery = (req: SandboxRequest): string => {
    const id = req.query.get('projectId');
    if (!id) throw badRequest('Query parameter "projectId" is required: the project the value applies to.');
    return id;
  };
  /** The project and label of a change the caller may `verb` (set or delete): project editors only. */
  const editTarget = (
    req: SandboxRequest<{ readonly label: string }>,
    projectId: string,
    verb: 'set' | 'delete',
  ): { project: ProjectRecord; label: string } => ({
    project: requireProjectAction(state, caller(req), projectId, 'edit', `${verb} environment configurations`),
    label: requireLabel(req.params.label),
  });
  const upsert = (projectId: string, label: string, value: string, environmentGeographyId?: string): void => {
    const existing = state.envConfigs.find(
      (v) => v.projectId === projectId && v.label === label && v.environmentGeographyId === environmentGeographyId,
    );
    if (existing) existing.value = value;
    else
      state.envConfigs.push({ projectId, label, value, ...(environmentGeographyId ? { environmentGeographyId } : {}) });
  };
  const remove = (projectId: string, label: string, environmentGeographyId?: string): void => {
    const before = state.envConfigs.length;
    state.envConfigs = state.envConfigs.filter(
      (v) => !(v.projectId === projectId && v.label === label && v.environmentGeographyId === environmentGeographyId),
    );
    if (state.envConfigs.length === before)
      throw notFound(
        `No ${label} value is set for project ${projectId}${environmentGeographyId ? ` in environment geography ${environmentGeographyId}` : ' as a project default'}.`,
      );
  };

  router.add(
    managementRoute('GET', '/v4/projects/:projectId/env-configs', (req) => {
      on();
      const { project } = requireVisibleProject(state, caller(req), req.params.projectId);
      const values = state.envConfigs.filter((v) => v.projectId === project.id);
      return json({
        projectDefaults: values.filter((v) => !v.environmentGeographyId).map(({ label, value }) => ({ label, value })),
        environments: state.environments.map((e) => ({
          id: e.id,
          name: e.name,
          environmentGeographies: e.geographies.map((g) => ({
            id: g.id,
            name: g.name,
            environmentGeographyDefaults: values
              .filter((v) => v.environmentGeographyId === g.id)
              .map(({ label, value }) => ({ label, value })),
          })),
        })),
      });
    }),
  );

  router.add(
    managementRoute('PUT', '/v4/projects/:projectId/env-configs/:label', async (req) => {
      on();
      const { project, label } = editTarget(req, req.params.projectId, 'set');
      const value = await stringBody(req);
      upsert(project.id, label, value);
      await store.commit();
      return json({ projectId: project.id, label, value });
    }),
  );

  router.add(
    managementRoute('DELETE', '/v4/projects/:projectId/env-configs/:label', async (req) => {
      on();
      const { project, label } = editTarget(req, req.params.projectId, 'delete');
      remove(project.id, label);
      await store.commit();
      return json(statusObject(`Project default ${label} of project ${project.id} deleted.`));
    }),
  );

  router.add(
    managementRoute(
      'PUT',
      '/v4/environments/:environmentId/geographies/:environmentGeographyId/configs/:label',
      async (req) => {
        on();
        const geo = requireGeography(req);
        const { project, label } = editTarget(req, projectQuery(req), 'set');
        const value = await stringBody(req);
        upsert(project.id, label, value, geo.id);
        await store.commit();
        return json({
          projectId: project.id,
          environmentId: geo.environmentId,
          environmentGeographyId: geo.id,
          label,
          value,
        });
      },
    ),
  );

  router.add(
    managementRoute(
      'DELETE',
      '/v4/environments/:environmentId/geographies/:environmentGeographyId/configs/:label',
      async (req) => {
        on();
        const geo = requireGeography(req);
        const { project, label } = editTarget(req, projectQuery(req), 'delete');
        remove(project.id, label, geo.id);
        await store.commit();
        return json(statusObject(`${label} of project ${project.id} in ${geo.name} deleted.`));
      },
    ),
  );
}
