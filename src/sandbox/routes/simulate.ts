// Sandbox-only admin endpoints that drive runtime traffic (not part of the platform's API):
//   POST   /sandbox/v1/simulate          {appId, sessions, rate?, seed?} → {simulation}   starts a simulation
//   GET    /sandbox/v1/simulations/{id}                           → {simulation}   its progress
//   DELETE /sandbox/v1/simulations/{id}                           → {simulation}   stops it
// `appId` is a runtime app ID (the topic, e.g. COFFEE-DEV) or an application id (501). The topic's
// deployed configurations generate the sessions; the caller needs a management token and the Owner or
// Admin role in the application's organization (provider staff may too).
import { isStaff, orgRole } from '../access';
import { caller, managementRoute, type Principal } from '../auth';
import {
  configsOf,
  deployedGeographies,
  findApplication,
  findByRuntimeAppId,
  requireVisibleApplication,
} from '../apps/lookup';
import type { AppConfigRecord, AppCredentialRecord, ApplicationRecord } from '../apps/model';
import type { SandboxContext } from '../context';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { scriptFactory } from '../logs/sessionScripts';
import { sessionNluOf } from '../runtime/sessionNlu';
import { json, type Router } from '../router';

const MAX_SESSIONS = 1_000_000;
const MAX_RATE = 10_000;
const MAX_SEED = 2 ** 31 - 1;

export function registerSimulateRoutes(router: Router, ctx: SandboxContext): void {
  const { state } = ctx;

  router.add(
    managementRoute('POST', '/sandbox/v1/simulate', async (req) => {
      const body = await req.json();
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw badRequest('The body must be a JSON object: {"appId": "COFFEE-DEV", "sessions": 10, "rate": 2}.');
      const { appId, sessions, rate, seed } = body as Record<string, unknown>;
      if (typeof appId !== 'string' || appId.trim() === '')
        throw badRequest('"appId" (a runtime app ID such as COFFEE-DEV, or an application id) is required.');
      const count = number(sessions, 'sessions', 1, MAX_SESSIONS, true);
      const perSecond = rate === undefined ? 0 : number(rate, 'rate', 0, MAX_RATE, false);
      const seeded =
        seed === undefined ? Math.floor(Math.random() * MAX_SEED) : number(seed, 'seed', 0, MAX_SEED, true);
      const { app, credential } = resolveTopic(ctx, caller(req), appId.trim());
      const configs = deployedUnder(ctx, app, credential);
      if (configs.length === 0) {
        throw conflict(
          `Application ${app.id} "${app.applicationName}" has no configuration deployed where ${credential.appId} runs (environment geographies ${credential.envGeographyIds.join(', ')}); deploy one first (PUT /v4/app-configs/{configId}/.deploy).`,
        );
      }
      const factories: Array<ReturnType<typeof scriptFactory>> = [];
      for (const config of configs) {
        factories.push(
          scriptFactory({
            topic: credential.appId,
            config,
            project: config.projectId ? state.projects.find((p) => p.id === config.projectId) : undefined,
            content:
              config.projectId && state.projects.some((p) => p.id === config.projectId)
                ? ctx.store.content(config.projectId)
                : undefined,
            // The deployed models interpret the callers' turns, as runtime/interpret would.
            nlu: await sessionNluOf(ctx, config),
          }),
        );
      }
      const simulation = ctx.logs.simulator.start({
        topic: credential.appId,
        sessions: count,
        rate: perSecond,
        seed: seeded,
        configs: configs.map((c) => ({ id: c.id, tag: c.tag })),
        // `configs` is not empty, so neither is `factories`.
        nextScript: (rand) => (factories[Math.floor(rand() * factories.length)] as (typeof factories)[number])(rand),
      });
      return json({ simulation });
    }),
  );

  router.add(
    managementRoute('GET', '/sandbox/v1/simulations/:id', (req) => {
      const simulation = ctx.logs.simulator.get(req.params.id);
      if (!simulation)
        throw notFound(`Simulation ${req.params.id} not found (finished simulations are kept for a while only).`);
      resolveTopic(ctx, caller(req), simulation.appId);
      return json({ simulation });
    }),
  );

  router.add(
    managementRoute('DELETE', '/sandbox/v1/simulations/:id', async (req) => {
      const found = ctx.logs.simulator.get(req.params.id);
      if (!found) throw notFound(`Simulation ${req.params.id} not found.`);
      resolveTopic(ctx, caller(req), found.appId);
      return json({ simulation: await ctx.logs.simulator.cancel(found.id) });
    }),
  );
}

function number(value: unknown, field: string, min: number, max: number, integer: boolean): number {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    throw badRequest(
      `"${field}" must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max} (got ${JSON.stringify(value)}).`,
    );
  }
  return value;
}

/** The application and credential of a runtime app ID or application id the caller may drive traffic for. */
function resolveTopic(
  ctx: SandboxContext,
  principal: Principal,
  appId: string,
): { app: ApplicationRecord; credential: AppCredentialRecord } {
  const byRuntime = findByRuntimeAppId(ctx.state, appId);
  let app: ApplicationRecord;
  let credential: AppCredentialRecord | undefined;
  if (byRuntime) {
    app = requireVisibleApplication(ctx.state, principal, byRuntime.app.id);
    credential = byRuntime.credential;
  } else {
    if (!findApplication(ctx.state, appId))
      throw notFound(
        `Application ${appId} not found: it is neither a runtime app ID (such as COFFEE-DEV) nor an application id.`,
      );
    app = requireVisibleApplication(ctx.state, principal, appId);
    credential = app.credentials.find((c) => deployedUnder(ctx, app, c).length > 0) ?? app.credentials[0];
    if (!credential)
      throw conflict(`Application ${app.id} has no credentials, so it has no runtime app ID to log under.`);
  }
  const org = ctx.state.organizations.find((o) => o.id === app.orgId);
  const role = org ? orgRole(org, principal.user) : undefined;
  if (!isStaff(principal.user) && role !== 'Owner' && role !== 'Admin') {
    throw forbidden(
      `${principal.user.name} has the ${role ?? 'no'} role in organization ${app.orgId}; only an Owner or Admin may simulate traffic for application ${app.id}.`,
    );
  }
  return { app, credential };
}

function deployedUnder(
  ctx: SandboxContext,
  app: ApplicationRecord,
  credential: AppCredentialRecord,
): AppConfigRecord[] {
  return configsOf(ctx.state, app.id).filter((c) =>
    deployedGeographies(c).some((g) => credential.envGeographyIds.includes(g)),
  );
}
