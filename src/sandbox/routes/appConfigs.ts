// Application configurations: list, get, create (rules 1 and 3), update (only while not deployed; 501
// when the feature is off), override (rule 2) and delete. Reading needs visibility of the application;
// changing needs an Owner or Admin of its organization (or provider staff).
import { caller, managementRoute, type Principal } from '../auth';
import { booleanQuery, filterConfigs } from '../apps/configFilters';
import { checkBuildRefs, latestBuilds } from '../apps/configBuilds';
import { parseConfigContent, withDefaultDataHosts, type ConfigContentInput } from '../apps/configRequest';
import {
  configsOf,
  isDeployed,
  requireAppEditor,
  requireEditableConfig,
  requireVisibleApplication,
  requireVisibleConfig,
} from '../apps/lookup';
import type { AppConfigRecord, ApplicationRecord, ConfigBuilds, DeploymentFlowRecord } from '../apps/model';
import { configView } from '../apps/views';
import { isoNow, type SandboxContext } from '../context';
import { badRequest } from '../errors';
import { requireFeature } from '../features';
import { json, type Router } from '../router';
import { nextId, type SandboxState } from '../state';
import { statusObject } from '../views';
import { requireObject, type JsonObject } from '../validate';

function mergeBuilds(base: ConfigBuilds, given: Partial<ConfigBuilds> | undefined): ConfigBuilds {
  return {
    asr: given?.asr ?? [...base.asr],
    nlu: given?.nlu ?? [...base.nlu],
    ...((given?.dialog ?? base.dialog) ? { dialog: given?.dialog ?? base.dialog } : {}),
  };
}

function requireFlowId(body: JsonObject): string {
  const raw = body.deploymentFlowId;
  const id = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d+$/.test(id))
    throw badRequest(
      'Field "deploymentFlowId" is required: the id of a deployment flow of the organization (a number).',
    );
  return id;
}

/** Builds from `useLatestFromProject` (rules 1 and 2) or from the body, checked either way. */
function resolveBuilds(
  state: SandboxState,
  req: { query: URLSearchParams },
  principal: Principal,
  app: ApplicationRecord,
  base: ConfigBuilds,
  input: ConfigContentInput,
  latestFrom: string | undefined,
): { builds: ConfigBuilds; projectId?: string } {
  const builds = latestFrom
    ? latestBuilds(state, principal, app, latestFrom, req.query)
    : mergeBuilds(base, input.builds);
  const projectId = checkBuildRefs(state, principal, app, builds);
  return { builds, ...(projectId ? { projectId } : {}) };
}

function findFlow(state: SandboxState, app: ApplicationRecord, id: string): DeploymentFlowRecord {
  const flow = state.deploymentFlows.find((f) => f.id === id && f.orgId === app.orgId);
  if (!flow)
    throw badRequest(
      `Deployment flow ${id} does not exist in organization ${app.orgId}; known: ${
        state.deploymentFlows
          .filter((f) => f.orgId === app.orgId)
          .map((f) => f.id)
          .join(', ') || 'none'
      }.`,
    );
  return flow;
}

export function registerAppConfigRoutes(router: Router, ctx: SandboxContext): void {
  registerApplicationConfigRoutes(router, ctx);
  registerConfigRoutes(router, ctx);
  registerOverrideRoute(router, ctx);
}

/** An application's configurations: list and create (rules 1 and 3). */
function registerApplicationConfigRoutes(router: Router, ctx: SandboxContext): void {
  const { state, store } = ctx;
  router.add(
    managementRoute('GET', '/v4/apps/:applicationId/app-configs', (req) => {
      const app = requireVisibleApplication(state, caller(req), req.params.applicationId);
      const configs = filterConfigs(state, configsOf(state, app.id), req.query).map((c) => configView(state, c));
      return json({ configs, totalSize: configs.length });
    }),
  );

  router.add(
    managementRoute('POST', '/v4/apps/:applicationId/app-configs', async (req) => {
      const principal = caller(req);
      const app = requireVisibleApplication(state, principal, req.params.applicationId);
      requireAppEditor(state, principal, app, 'create application configurations');
      const body = requireObject(await req.json(), 'configuration body (ApplicationConfigContent)');
      const tag = typeof body.tag === 'string' ? body.tag.trim() : '';
      if (tag === '') throw badRequest('Field "tag" is required: the context tag of the configuration.');
      if (configsOf(state, app.id).some((c) => c.tag === tag))
        throw badRequest(
          `Application ${app.id} already has a configuration with context tag "${tag}"; override that one instead.`,
        );
      const flow = findFlow(state, app, requireFlowId(body));
      const input = parseConfigContent(state, body, 'requestBuilds');
      const latestFrom = req.query.get('useLatestFromProject') || undefined;
      const { builds, projectId } = resolveBuilds(state, req, principal, app, { asr: [], nlu: [] }, input, latestFrom);
      const useDefaults = booleanQuery(req.query, 'useProjectDefault') === true;
      const now = isoNow(ctx);
      const config: AppConfigRecord = {
        id: nextId(state, 'appConfig'),
        applicationId: app.id,
        tag,
        parentId: '',
        deploymentFlowId: flow.id,
        ...(projectId ? { projectId } : {}),
        builds,
        dataHosts: useDefaults
          ? withDefaultDataHosts(state, builds, flow, input.dataHosts ?? [])
          : (input.dataHosts ?? []),
        environmentConfigurations: input.environmentConfigurations ?? [],
        deployments: [],
        createTime: now,
        updateTime: now,
      };
      state.appConfigs.push(config);
      await store.commit();
      return json({ config: configView(state, config) });
    }),
  );
}

/** One configuration: get, delete, and update (only while not deployed; 501 when the feature is off). */
function registerConfigRoutes(router: Router, ctx: SandboxContext): void {
  const { state, store } = ctx;
  router.add(
    managementRoute('GET', '/v4/app-configs/:configId', (req) =>
      json({ config: configView(state, requireVisibleConfig(state, caller(req), req.params.configId).config) }),
    ),
  );

  router.add(
    managementRoute('DELETE', '/v4/app-configs/:configId', async (req) => {
      const { config } = requireEditableConfig(state, caller(req), req.params.configId, 'delete');
      if (isDeployed(config))
        throw badRequest(
          `Configuration ${config.id} is deployed; undeploy it (PUT /v4/app-configs/${config.id}/.undeploy) before deleting it.`,
        );
      state.appConfigs = state.appConfigs.filter((c) => c !== config);
      await store.commit();
      return json(statusObject(`Application configuration ${config.id} deleted.`));
    }),
  );

  router.add(
    managementRoute('PUT', '/v4/app-configs/:configId', async (req) => {
      requireFeature(ctx.featuresOff, 'app-config-update');
      const principal = caller(req);
      const { config, app } = requireEditableConfig(state, principal, req.params.configId, 'update');
      if (isDeployed(config))
        throw badRequest(
          `Configuration ${config.id} is deployed; an update is allowed only when it is not deployed. Undeploy it first, or override it.`,
        );
      const input = parseConfigContent(state, await req.json(), 'requestModels');
      const { builds, projectId } = resolveBuilds(state, req, principal, app, config.builds, input, undefined);
      config.builds = builds;
      if (projectId) config.projectId = projectId;
      if (input.dataHosts) config.dataHosts = input.dataHosts;
      if (input.environmentConfigurations) config.environmentConfigurations = input.environmentConfigurations;
      config.updateTime = isoNow(ctx);
      await store.commit();
      return json({ config: configView(state, config) });
    }),
  );
}

/** Override (rule 2): a new configuration with the same tag, the latest builds or given ones. */
function registerOverrideRoute(router: Router, ctx: SandboxContext): void {
  const { state, store } = ctx;
  router.add(
    managementRoute('POST', '/v4/app-configs/:configId/.override', async (req) => {
      const principal = caller(req);
      const { config, app } = requireEditableConfig(state, principal, req.params.configId, 'override');
      const child = state.appConfigs.find((c) => c.parentId === config.id);
      if (child)
        throw badRequest(
          `Configuration ${config.id} is already overridden by configuration ${child.id}; override ${child.id} instead.`,
        );
      const raw = (await req.body()).length === 0 ? {} : await req.json();
      const input = parseConfigContent(state, raw, 'requestModels');
      const latest = booleanQuery(req.query, 'latest') === true;
      // Rule 2: with latest, builds come from useLatestFromProject or the configuration's own project.
      const latestFrom = latest ? req.query.get('useLatestFromProject') || config.projectId : undefined;
      if (latest && !latestFrom)
        throw badRequest(
          `Configuration ${config.id} has no project to take the latest builds from; give useLatestFromProject.`,
        );
      const { builds, projectId } = resolveBuilds(state, req, principal, app, config.builds, input, latestFrom);
      const flow = findFlow(state, app, config.deploymentFlowId);
      const copied = config.dataHosts.map((h) => ({ ...h, id: nextId(state, 'appRecord') }));
      const given = input.dataHosts ?? copied;
      const now = isoNow(ctx);
      const next: AppConfigRecord = {
        id: nextId(state, 'appConfig'),
        applicationId: app.id,
        tag: config.tag,
        parentId: config.id,
        deploymentFlowId: config.deploymentFlowId,
        ...((projectId ?? config.projectId) ? { projectId: projectId ?? config.projectId } : {}),
        builds,
        dataHosts:
          booleanQuery(req.query, 'useProjectDefault') === true
            ? withDefaultDataHosts(state, builds, flow, given)
            : given,
        environmentConfigurations:
          input.environmentConfigurations ?? config.environmentConfigurations.map((e) => ({ ...e })),
        deployments: [],
        createTime: now,
        updateTime: now,
      };
      state.appConfigs.push(next);
      await store.commit();
      return json({ config: configView(state, next) });
    }),
  );
}
