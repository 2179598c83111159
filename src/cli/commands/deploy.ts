// `cstudio deploy|undeploy <configId> [--env-geo ID,…]`: without --env-geo, deploy goes to the next step of
// the deployment flow and undeploy takes the configuration down everywhere.
import type { AppConfigsClient } from '../../core/platform/appConfigs';
import type { CallOptions } from '../../core/platform/requester';
import { listFlag } from '../appFlags';
import type { CliCommand } from '../command';
import { printRows, type Column } from '../output';
import { platformCommand } from '../platformCommand';

/** Both commands take the same arguments and print what moved, a row per environment geography. */
function deploymentCommand<T>(spec: {
  name: 'deploy' | 'undeploy';
  summary: string;
  move: (configs: AppConfigsClient, configId: string, envGeos: string[], options: CallOptions) => Promise<T[]>;
  columns: Column<T>[];
  nothing: string;
}): CliCommand {
  return platformCommand({
    path: [spec.name],
    summary: spec.summary,
    synopsis: '<configId> [--env-geo ID[,ID…]]',
    flags: { 'env-geo': { type: 'string' } },
    args: ['configId'],
    input: ({ flags }) => listFlag(flags, 'env-geo') ?? [],
    async run({ session, io, args, input: envGeos, json }) {
      const moved = await spec.move(session.client.appConfigs, args.configId, envGeos, { signal: io.signal });
      printRows(io, moved, spec.columns, json, spec.nothing);
      return 0;
    },
  });
}

export const deployCommand = deploymentCommand({
  name: 'deploy',
  summary:
    'Deploy an application configuration to environment geographies (default: the next step of its deployment flow).',
  move: (configs, id, envGeos, options) => configs.deploy(id, envGeos, options),
  columns: [
    { header: 'CONFIG', value: (d) => d.configId },
    { header: 'ENV GEOGRAPHY', value: (d) => d.environmentGeographyId },
    { header: 'STATUS', value: (d) => d.status },
    { header: 'DEPLOYMENT', value: (d) => d.id },
  ],
  nothing: 'Nothing was deployed.',
});

export const undeployCommand = deploymentCommand({
  name: 'undeploy',
  summary: 'Undeploy an application configuration from environment geographies (default: everywhere it is deployed).',
  move: (configs, id, envGeos, options) => configs.undeploy(id, envGeos, options),
  columns: [
    { header: 'CONFIG', value: (u) => u.configId },
    { header: 'ENV GEOGRAPHY', value: (u) => u.environmentGeographyId },
    { header: 'RESULT', value: (u) => u.message },
  ],
  nothing: 'Nothing was undeployed.',
});
