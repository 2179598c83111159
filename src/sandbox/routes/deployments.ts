// Deploying, undeploying and downloading application configurations (platform-api.md, "States and
// transitions"): `environmentGeographyIds` may repeat (or be comma-separated). Deploying and undeploying
// need an Owner or Admin of the application's organization; downloading needs visibility only.
import { caller, managementRoute } from '../auth';
import { configArchive } from '../apps/configArchive';
import { listQuery } from '../apps/configBuilds';
import { deployConfig, requireBuildsPresent, undeployConfig } from '../apps/deploy';
import { deployedGeographies, requireEditableConfig, requireVisibleConfig } from '../apps/lookup';
import { isoNow, type SandboxContext } from '../context';
import { notFound } from '../errors';
import { fileDownload } from '../http';
import { json, type Router } from '../router';

export function registerDeploymentRoutes(router: Router, ctx: SandboxContext): void {
  const { state, store } = ctx;
  const geographyIds = (query: URLSearchParams): string[] => [...new Set(listQuery(query, 'environmentGeographyIds'))];

  router.add(
    managementRoute('PUT', '/v4/app-configs/:configId/.deploy', async (req) => {
      const { config, app } = requireEditableConfig(state, caller(req), req.params.configId, 'deploy');
      const deployments = deployConfig(state, app, config, geographyIds(req.query), isoNow(ctx));
      await store.commit();
      return json({ deployments });
    }),
  );

  router.add(
    managementRoute('PUT', '/v4/app-configs/:configId/.undeploy', async (req) => {
      const { config } = requireEditableConfig(state, caller(req), req.params.configId, 'undeploy');
      const undeployments = undeployConfig(state, config, geographyIds(req.query), isoNow(ctx));
      await store.commit();
      return json({ undeployments });
    }),
  );

  router.add(
    managementRoute('GET', '/v4/app-configs/:configId/.download', async (req) => {
      const { config, app } = requireVisibleConfig(state, caller(req), req.params.configId);
      const runtimeAppId = req.query.get('appId');
      let geographies = deployedGeographies(config);
      if (runtimeAppId) {
        const credential = app.credentials.find((c) => c.appId === runtimeAppId);
        if (!credential)
          throw notFound(
            `Runtime app ${runtimeAppId} not found in application ${app.id}; its runtime app IDs are ${app.credentials.map((c) => c.appId).join(', ')}.`,
          );
        geographies = geographies.filter((g) => credential.envGeographyIds.includes(g));
      }
      if (geographies.length === 0)
        throw notFound(
          `Configuration ${config.id} is not deployed${runtimeAppId ? ` for runtime app ${runtimeAppId}` : ''}; only a deployed configuration can be downloaded.`,
        );
      requireBuildsPresent(state, config);
      return fileDownload(await configArchive(state, app, config, geographies), `app-config-${config.id}.zip`);
    }),
  );
}
