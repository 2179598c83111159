// `cstudio configs list|get|create|delete|download` (update and override are in configChanges.ts).
import { UsageError } from '../command';
import { buildRefsFlag, configContentFlags, dataHostsFlag, listFlag, servicesFlag } from '../appFlags';
import { requirePositional } from '../args';
import { printConfig, printConfigs } from '../configOutput';
import { confirm } from '../confirm';
import { saveDownload } from '../nluFiles';
import { printJson } from '../output';
import { platformCommand, stringFlag } from '../platformCommand';

export const configsList = platformCommand({
  path: ['configs', 'list'],
  summary: 'List the configurations of an application.',
  synopsis: '<applicationId> [--tag TAG] [--live] [--exclude-overrides] [--app-id RUNTIME_APP_ID]',
  flags: { tag: { type: 'string' }, live: { type: 'boolean' }, 'exclude-overrides': { type: 'boolean' }, 'app-id': { type: 'string' } },
  check: (p) => { requirePositional(p, 0, 'applicationId'); },
  async run({ session, io, positionals, values, json }) {
    const id = requirePositional(positionals, 0, 'applicationId');
    const configs = await session.client.appConfigs.list(id, {
      tag: stringFlag(values, 'tag'), liveOnly: values.live === true || undefined, excludeOverrides: values['exclude-overrides'] === true || undefined,
      appId: stringFlag(values, 'app-id'), signal: io.signal,
    });
    printConfigs(io, configs, json, `Application ${id} has no matching configurations.`);
    return 0;
  },
});

export const configsGet = platformCommand({
  path: ['configs', 'get'],
  summary: 'Show an application configuration: builds, data hosts and deployments.',
  synopsis: '<configId>',
  check: (p) => { requirePositional(p, 0, 'configId'); },
  async run({ session, io, positionals, json }) {
    printConfig(io, await session.client.appConfigs.get(requirePositional(positionals, 0, 'configId'), { signal: io.signal }), json);
    return 0;
  },
});

export const configsCreate = platformCommand({
  path: ['configs', 'create'],
  summary: 'Create an application configuration from the latest builds of a project (--latest-from) or from named builds (--build).',
  synopsis: '<applicationId> --tag TAG --flow FLOW_ID [--latest-from PROJECT_ID [--build-types NLU,ASR,DIALOG] [--locales en-US]] [--build LABEL[@locale] …] [--data-host ALIAS@GEO=VALUE …] [--project-defaults]',
  flags: {
    tag: { type: 'string' }, flow: { type: 'string' }, 'latest-from': { type: 'string' }, 'build-types': { type: 'string' }, locales: { type: 'string' },
    'project-defaults': { type: 'boolean' }, ...configContentFlags,
  },
  check: (p, v) => {
    requirePositional(p, 0, 'applicationId');
    for (const f of ['tag', 'flow']) if (!stringFlag(v, f)) throw new UsageError(`--${f} is required.`);
    if (!stringFlag(v, 'latest-from') && (stringFlag(v, 'build-types') || stringFlag(v, 'locales'))) throw new UsageError('--build-types and --locales apply only with --latest-from.');
    servicesFlag(v, 'build-types'); buildRefsFlag(v); dataHostsFlag(v);
  },
  async run({ session, io, positionals, values, json }) {
    const builds = buildRefsFlag(values);
    const hosts = dataHostsFlag(values);
    const config = await session.client.appConfigs.create(requirePositional(positionals, 0, 'applicationId'), {
      tag: stringFlag(values, 'tag') ?? '', deploymentFlowId: stringFlag(values, 'flow') ?? '',
      ...(builds ? { requestBuilds: builds } : {}), ...(hosts ? { dataHosts: hosts } : {}),
    }, {
      useLatestFromProject: stringFlag(values, 'latest-from'), buildTypes: servicesFlag(values, 'build-types'), locales: listFlag(values, 'locales'),
      useProjectDefault: values['project-defaults'] === true || undefined, signal: io.signal,
    });
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
  check: (p) => { requirePositional(p, 0, 'configId'); },
  async run({ session, io, positionals, values, json }) {
    const id = requirePositional(positionals, 0, 'configId');
    if (values.yes !== true) await confirm(io, `Delete application configuration ${id}? [y/N] `);
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
  check: (p) => { requirePositional(p, 0, 'configId'); },
  async run({ session, io, positionals, values, json }) {
    const id = requirePositional(positionals, 0, 'configId');
    const download = await session.client.appConfigs.download(id, { appId: stringFlag(values, 'app-id'), signal: io.signal });
    return saveDownload(io, download, values, `app-config-${id}.zip`, json);
  },
});
