// The deployment state machine of application configurations (platform-api.md, "States and
// transitions"). Per environment geography a configuration is not deployed → DEPLOYED → UNDEPLOYED (and
// may be deployed again). Deploying a configuration where another configuration of the same application
// and context tag is live replaces that one (its entry becomes UNDEPLOYED with `isOverridden`). Without
// `environmentGeographyIds`, deploy goes to the next environment of the deployment flow and undeploy
// takes the configuration down everywhere.
import { findBuild } from '../builds/records';
import { badRequest, notFound } from '../errors';
import { nextId, type SandboxState } from '../state';
import { stepIdOf } from './flows';
import { configsOf, currentDeployment, deployedGeographies, findEnvGeography } from './lookup';
import type { AppConfigRecord, ApplicationRecord, DeploymentRecord, EnvGeographyRecord } from './model';

function buildLabels(config: AppConfigRecord): string[] {
  return [
    ...new Set(
      [...config.builds.asr, ...config.builds.nlu]
        .map((r) => r.buildLabel)
        .concat(config.builds.dialog ? [config.builds.dialog.buildLabel] : []),
    ),
  ];
}

/** 404 when a build of the configuration is gone (the spec's "build not found"); 400 when it has none. */
export function requireBuildsPresent(state: SandboxState, config: AppConfigRecord): void {
  const labels = buildLabels(config);
  if (labels.length === 0)
    throw badRequest(`Configuration ${config.id} has no builds; add builds with an update or an override first.`);
  const missing = labels.filter((l) => !findBuild(state, l));
  if (missing.length > 0)
    throw notFound(
      `Build ${missing.join(', ')} of configuration ${config.id} not found (deleted); override the configuration with current builds.`,
    );
}

function hasCredentials(app: ApplicationRecord, geo: EnvGeographyRecord): boolean {
  return app.credentials.some((c) => c.envGeographyIds.includes(geo.id));
}

function requireGeography(state: SandboxState, id: string): EnvGeographyRecord {
  const geo = findEnvGeography(state, id);
  if (!geo) throw notFound(`Environment geography ${id} not found.`);
  return geo;
}

function deployTargets(
  state: SandboxState,
  app: ApplicationRecord,
  config: AppConfigRecord,
  requested: string[],
): EnvGeographyRecord[] {
  const flow = state.deploymentFlows.find((f) => f.id === config.deploymentFlowId);
  if (!flow)
    throw badRequest(
      `Configuration ${config.id} names deployment flow ${config.deploymentFlowId}, which does not exist.`,
    );
  const live = new Set(deployedGeographies(config));
  if (requested.length > 0) {
    return requested.map((id) => {
      const geo = requireGeography(state, id);
      if (!flow.environmentIds.includes(geo.environmentId))
        throw badRequest(
          `Environment geography ${id} (${geo.name}) is not part of deployment flow ${flow.id} "${flow.displayName}".`,
        );
      if (!hasCredentials(app, geo))
        throw badRequest(`Application ${app.id} has no credentials in ${geo.name} (environment geography ${id}).`);
      if (live.has(id))
        throw badRequest(
          `Configuration ${config.id} is already deployed to ${geo.name} (environment geography ${id}).`,
        );
      return geo;
    });
  }
  for (const envId of flow.environmentIds) {
    const env = state.environments.find((e) => e.id === envId);
    const pending = (env?.geographies ?? []).filter((g) => !live.has(g.id));
    if (pending.length === 0) continue;
    const reachable = pending.filter((g) => hasCredentials(app, g));
    if (reachable.length === 0)
      throw badRequest(
        `The next step of deployment flow ${flow.id} is environment ${env?.name ?? envId}, where application ${app.id} has no credentials.`,
      );
    return reachable;
  }
  throw badRequest(`Deployment already completed. No more deployment steps available for configuration ${config.id}.`);
}

export interface DeploymentReply {
  id: string;
  configId: string;
  environmentGeographyId: string;
  envGeographyDeploymentId: string;
  status: 'DEPLOYED';
  approved: boolean;
  comment: string;
  /** The flow's promotion step that deployed there (mix-cli's deploy fixture). */
  promotionFlowStepId: string;
  /** 0: deployed (the deploy command's Code column). */
  code: 0;
  createTime: string;
  updateTime: string;
}

export function deployConfig(
  state: SandboxState,
  app: ApplicationRecord,
  config: AppConfigRecord,
  requested: string[],
  iso: string,
): DeploymentReply[] {
  requireBuildsPresent(state, config);
  const targets = deployTargets(state, app, config, requested);
  // The configuration this one replaces in each geography: same application and context tag.
  for (const other of configsOf(state, app.id).filter((c) => c !== config && c.tag === config.tag)) {
    for (const geo of targets) {
      const entry = currentDeployment(other, geo.id);
      if (entry?.status === 'DEPLOYED') {
        Object.assign(entry, {
          status: 'UNDEPLOYED',
          isOverridden: true,
          deploymentResult: `Replaced by configuration ${config.id}`,
          updateTime: iso,
        });
      }
    }
  }
  const deployment: DeploymentRecord = {
    id: nextId(state, 'appRecord'),
    createTime: iso,
    envGeographyDeployments: targets.map((geo) => ({
      id: nextId(state, 'appRecord'),
      envGeographyId: geo.id,
      status: 'DEPLOYED',
      deploymentResult: `Deployed to ${geo.name}`,
      isOverridden: false,
      updateTime: iso,
    })),
  };
  config.deployments.push(deployment);
  config.updateTime = iso;
  const flow = state.deploymentFlows.find((f) => f.id === config.deploymentFlowId);
  return deployment.envGeographyDeployments.map((x) => ({
    id: deployment.id,
    configId: config.id,
    environmentGeographyId: x.envGeographyId,
    envGeographyDeploymentId: x.id,
    status: 'DEPLOYED',
    approved: true,
    comment: '',
    promotionFlowStepId: stepIdOf(state, flow, findEnvGeography(state, x.envGeographyId)),
    code: 0,
    createTime: iso,
    updateTime: iso,
  }));
}

export interface UndeploymentReply {
  configId: string;
  applicationConfigDeploymentId: string;
  environmentGeographyId: string;
  code: 0;
  message: string;
}

export function undeployConfig(
  state: SandboxState,
  config: AppConfigRecord,
  requested: string[],
  iso: string,
): UndeploymentReply[] {
  const live = deployedGeographies(config);
  if (requested.length === 0 && live.length === 0)
    throw badRequest(
      `Cannot undeploy application config ${config.id}. No deployment found: it is not deployed anywhere.`,
    );
  const targets = requested.length > 0 ? requested : live;
  for (const id of targets) {
    const geo = requireGeography(state, id);
    if (!live.includes(id))
      throw badRequest(
        `Cannot undeploy application config ${config.id}. No deployment found in ${geo.name} (environment geography ${id}).`,
      );
  }
  return targets.map((id) => {
    const deployment = [...config.deployments]
      .reverse()
      .find((d) => d.envGeographyDeployments.some((x) => x.envGeographyId === id));
    const entry = currentDeployment(config, id);
    if (entry) Object.assign(entry, { status: 'UNDEPLOYED', deploymentResult: 'Undeployed', updateTime: iso });
    config.updateTime = iso;
    return {
      configId: config.id,
      applicationConfigDeploymentId: deployment?.id ?? '',
      environmentGeographyId: id,
      code: 0 as const,
      message: 'App config undeployed.',
    };
  });
}
