// `cstudio configs list|get|create|delete|download` (update and override are in configChanges.ts).
import { UsageError } from '../command';
import { buildRefsFlag, configContentFlags, dataHostsFlag, listFlag, servicesFlag } from '../appFlags';
import { printConfig, printConfigs } from '../configOutput';
import { confirm } from '../confirm';
import { saveDownload } from '../nluFiles';
import { printJson } from '../output';
import { platformCommand } from '../platformCommand';

export const configsList = platformCommand({
  path: ['configs', 'list'],
  summary: 'List the configurations of an application.',
  synopsis: '<applicationId> [--tag TAG] [--live] [--exclude-overrides] [--app-id RUNTIME_APP_ID]',
  flags: {
    tag: { type: 'string' },
    live: { type: 'boolean' },
    'exclude-overrides': { type: 'boolean' },
    'app-id': { type: 'string' },
  },
  args: ['applicationId'],
  async run({ session, io, args, flags, json }) {
    const id = args.applicationId;
    const configs = await session.client.appConfigs.list(id, {
      tag: flags.tag,
      liveOnly: flags.live === true || undefined,
      excludeOverrides: flags['exclude-overrides'] === true || undefined,
      appId: flags['app-id'],
      signal: io.signal,
    });
    printConfigs(io, configs, json, `Application ${id} has no matching configurations.`);
    return 0;
  },
});

export const configsGet = platformCommand({
  path: ['configs', 'get'],
  summary: 'Show an application configuration: builds, data hosts and deployments.',
  synopsis: '<configId>',
  args: ['configId'],
  async run({ session, io, args, json }) {
    printConfig(io, await session.client.appConfigs.get(args.configId, { signal: io.signal }), json);
    return 0;
  },
});

export const configsCreate = platformCommand({
  path: ['configs', 'create'],
  summary:
    'Create an application configuration from the latest builds of a project (--latest-from) or from named builds (--build).',
  synopsis:
    '<applicationId> --tag TAG --flow FLOW_ID [--latest-from PROJECT_ID [--build-types NLU,ASR,DIALOG] [--locales en-US]] [--build LABEL[@locale] …] [--data-host ALIAS@GEO=VALUE …] [--project-defaults]',
  flags: {
    tag: { type: 'string' },
    flow: { type: 'string' },
    'latest-from': { type: 'string' },
    'build-types': { type: 'string' },
    locales: { type: 'string' },
    'project-defaults': { type: 'boolean' },
    ...configContentFlags,
  },
  args: ['applicationId'],
  input: ({ flags }) => {
    const { tag, flow } = flags;
    if (!tag) throw new UsageError('--tag is required.');
    if (!flow) throw new UsageError('--flow is required.');
    if (!flags['latest-from'] && (flags['build-types'] || flags.locales))
      throw new UsageError('--build-types and --locales apply only with --latest-from.');
    const buildTypes = servicesFlag(flags, 'build-types');
    const builds = buildRefsFlag(flags);
    const hosts = dataHostsFlag(flags);
    return { tag, flow, buildTypes, builds, hosts, locales: listFlag(flags, 'locales') };
  },
  async run({ session, io, args, flags, input: { tag, flow, buildTypes, builds, hosts, locales }, json }) {
    const config = await session.client.appConfigs.create(
      args.applicationId,
      {
        tag,
        deploymentFlowId: flow,
        ...(builds ? { requestBuilds: builds } : {}),
        ...(hosts ? { dataHosts: hosts } : {}),
      },
      {
        useLatestFromProject: flags['latest-from'],
        buildTypes,
        locales,
        useProjectDefault: flags['project-defaults'] === true || undefined,
        signal: io.signal,
      },
    );
    if (json) printJson(io, config);
    else io.stdout(`Created configuration ${config.id} "${config.tag}".\n`);
    return 0;
  },
});

export const configsDelete = platformCommand({
  path: ['configs', 'delete'],
  summary: 'Delete an application configuration that is not deployed (asks first unless --yes).',
  synopsis: '<configId> [--yes]',
  flags: { yes: { type: 'boolean' } },
  args: ['configId'],
  async run({ session, io, args, flags, json }) {
    const id = args.configId;
    if (flags.yes !== true) await confirm(io, `Delete application configuration ${id}? [y/N] `);
    const status = await session.client.appConfigs.delete(id, { signal: io.signal });
    if (json) printJson(io, status);
    else io.stdout(`Deleted configuration ${id}.\n`);
    return 0;
  },
});

export const configsDownload = platformCommand({
  path: ['configs', 'download'],
  summary: 'Download the deployed configuration as a zip.',
  synopsis: '<configId> [--app-id RUNTIME_APP_ID] [-o FILE|DIR]',
  flags: { 'app-id': { type: 'string' }, output: { type: 'string', short: 'o' } },
  args: ['configId'],
  async run({ session, io, args, flags, json }) {
    const id = args.configId;
    const download = await session.client.appConfigs.download(id, { appId: flags['app-id'], signal: io.signal });
    return saveDownload(io, download, flags, `app-config-${id}.zip`, json);
  },
});
