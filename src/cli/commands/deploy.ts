// `cstudio deploy|undeploy <configId> [--env-geo ID,…]`: without --env-geo, deploy goes to the next step of
// the deployment flow and undeploy takes the configuration down everywhere.
import { listFlag } from '../appFlags';
import { printJson, printRows } from '../output';
import { platformCommand } from '../platformCommand';

export const deployCommand = platformCommand({
  path: ['deploy'],
  summary:
    'Deploy an application configuration to environment geographies (default: the next step of its deployment flow).',
  synopsis: '<configId> [--env-geo ID[,ID…]]',
  flags: { 'env-geo': { type: 'string' } },
  args: ['configId'],
  input: ({ flags }) => listFlag(flags, 'env-geo') ?? [],
  async run({ session, io, args, input: envGeos, json }) {
    const id = args.configId;
    const deployments = await session.client.appConfigs.deploy(id, envGeos, { signal: io.signal });
    if (json) printJson(io, deployments);
    else
      printRows(
        io,
        deployments,
        [
          { header: 'CONFIG', value: (d) => d.configId },
          { header: 'ENV GEOGRAPHY', value: (d) => d.environmentGeographyId },
          { header: 'STATUS', value: (d) => d.status },
          { header: 'DEPLOYMENT', value: (d) => d.id },
        ],
        false,
        'Nothing was deployed.',
      );
    return 0;
  },
});

export const undeployCommand = platformCommand({
  path: ['undeploy'],
  summary: 'Undeploy an application configuration from environment geographies (default: everywhere it is deployed).',
  synopsis: '<configId> [--env-geo ID[,ID…]]',
  flags: { 'env-geo': { type: 'string' } },
  args: ['configId'],
  input: ({ flags }) => listFlag(flags, 'env-geo') ?? [],
  async run({ session, io, args, input: envGeos, json }) {
    const id = args.configId;
    const undeployments = await session.client.appConfigs.undeploy(id, envGeos, { signal: io.signal });
    if (json) printJson(io, undeployments);
    else
      printRows(
        io,
        undeployments,
        [
          { header: 'CONFIG', value: (u) => u.configId },
          { header: 'ENV GEOGRAPHY', value: (u) => u.environmentGeographyId },
          { header: 'RESULT', value: (u) => u.message },
        ],
        false,
        'Nothing was undeployed.',
      );
    return 0;
  },
});
