// Bots: applications with at least one configuration that includes a dialog build. The per-organization
// list (`view` BV_FULL, BV_FULL_AVAILABLE_CONFIGS, BV_FULL_LIVE_CONFIGS adds configurations), a bot's
// credentials and configurations, and a configuration's interface, fixed when the dialog was built.
import { caller, managementRoute, type Principal } from '../auth';
import { configsForView, filterConfigs, parseView } from '../apps/configFilters';
import { configsOf, requireOrganizationToList, requireVisibleApplication } from '../apps/lookup';
import type { AppConfigRecord, ApplicationRecord } from '../apps/model';
import { applicationView, configView } from '../apps/views';
import { findBuild } from '../builds/records';
import type { SandboxContext } from '../context';
import { badRequest, notFound } from '../errors';
import { json, type Router } from '../router';
import { credentialsReply } from './apps';

export function registerBotRoutes(router: Router, ctx: SandboxContext): void {
  const { state } = ctx;
  const dialogConfigs = (app: ApplicationRecord): AppConfigRecord[] =>
    configsOf(state, app.id).filter((c) => c.builds.dialog !== undefined);

  const requireBot = (principal: Principal, botId: string): ApplicationRecord => {
    let app: ApplicationRecord;
    try {
      app = requireVisibleApplication(state, principal, botId);
    } catch {
      throw notFound(`Bot ${botId} not found.`);
    }
    if (dialogConfigs(app).length === 0)
      throw notFound(`Bot ${botId} not found: application ${botId} has no configuration with a dialog build.`);
    return app;
  };

  router.add(
    managementRoute('GET', '/v4/organizations/:orgId/bots', (req) => {
      const org = requireOrganizationToList(state, caller(req), req.params.orgId, 'bots');
      const view = parseView(req.query.get('view'), 'BV');
      const bots = state.applications
        .filter((a) => a.orgId === org.id && dialogConfigs(a).length > 0)
        .sort((a, b) => Number(a.id) - Number(b.id))
        .map((a) => {
          const { id, applicationName, configs, createTime } = applicationView(
            state,
            a,
            configsForView(state, dialogConfigs(a), view),
            false,
          );
          return { id, applicationName, configs, createTime };
        });
      return json({ bots, totalSize: bots.length });
    }),
  );

  router.add(
    managementRoute('GET', '/v4/bots/:botId/credentials', (req) =>
      json(credentialsReply(state, requireBot(caller(req), req.params.botId), req.query)),
    ),
  );

  router.add(
    managementRoute('GET', '/v4/bots/:botId/configs', (req) => {
      const bot = requireBot(caller(req), req.params.botId);
      const configs = filterConfigs(state, dialogConfigs(bot), req.query).map((c) => configView(state, c));
      return json({ configs, totalSize: configs.length });
    }),
  );

  router.add(
    managementRoute('GET', '/v4/bots/:botId/configs/:configId/interface', (req) => {
      const bot = requireBot(caller(req), req.params.botId);
      const configId = req.params.configId;
      const config = configsOf(state, bot.id).find((c) => c.id === configId);
      if (!config) throw notFound(`Configuration ${configId} not found in bot ${bot.id}.`);
      if (!config.builds.dialog)
        throw badRequest(
          `Configuration ${configId} of bot ${bot.id} has no dialog build, so it has no interface; use a configuration with a dialog build.`,
        );
      const build = findBuild(state, config.builds.dialog.buildLabel);
      if (!build?.dialogInterface)
        throw notFound(
          `Dialog build ${config.builds.dialog.buildLabel} of configuration ${configId} not found (deleted).`,
        );
      return json({
        interface: {
          id: build.buildId,
          version: build.buildVersion,
          ...build.dialogInterface,
          createTime: build.createTime,
        },
      });
    }),
  );
}
