// `cstudio configs update|override`: update changes a configuration that is not deployed; override makes
// a new configuration with the same tag (from the latest builds with --latest).
import { UsageError } from '../command';
import type { AppConfigChange } from '../../core/platform/appTypes';
import { buildRefsFlag, configContentFlags, dataHostsFlag, listFlag, servicesFlag } from '../appFlags';
import { printConfig } from '../configOutput';
import { platformCommand, type FlagValues } from '../platformCommand';

function change(values: FlagValues): AppConfigChange {
  const builds = buildRefsFlag(values);
  const hosts = dataHostsFlag(values);
  return { ...(builds ? { requestModels: builds } : {}), ...(hosts ? { dataHosts: hosts } : {}) };
}

export const configsUpdate = platformCommand({
  path: ['configs', 'update'],
  summary: 'Add or reset builds and data hosts of a configuration that is not deployed.',
  synopsis: '<configId> [--build LABEL[@locale] …] [--data-host ALIAS@GEO=VALUE …]',
  flags: { ...configContentFlags },
  args: ['configId'],
  input: ({ flags }) => {
    const update = change(flags);
    if (Object.keys(update).length === 0) throw new UsageError('Nothing to update: give --build and/or --data-host.');
    return update;
  },
  async run({ session, io, args, input: update, json }) {
    printConfig(io, await session.client.appConfigs.update(args.configId, update, { signal: io.signal }), json);
    return 0;
  },
});

export const configsOverride = platformCommand({
  path: ['configs', 'override'],
  summary:
    'Override a configuration: a new configuration with the same tag, from the latest builds (--latest) or from --build.',
  synopsis:
    '<configId> [--latest [--latest-from PROJECT_ID] [--build-types NLU,…] [--locales en-US]] [--build LABEL[@locale] …] [--data-host …] [--project-defaults]',
  flags: {
    latest: { type: 'boolean' },
    'latest-from': { type: 'string' },
    'build-types': { type: 'string' },
    locales: { type: 'string' },
    'project-defaults': { type: 'boolean' },
    ...configContentFlags,
  },
  args: ['configId'],
  input: ({ flags }) => {
    if (flags.latest !== true && (flags['latest-from'] || flags['build-types'] || flags.locales)) {
      throw new UsageError('--latest-from, --build-types and --locales apply only with --latest.');
    }
    const buildTypes = servicesFlag(flags, 'build-types');
    return { buildTypes, content: change(flags), locales: listFlag(flags, 'locales') };
  },
  async run({ session, io, args, flags, input: { buildTypes, content, locales }, json }) {
    const config = await session.client.appConfigs.override(args.configId, content, {
      latest: flags.latest === true || undefined,
      useLatestFromProject: flags['latest-from'],
      buildTypes,
      locales,
      useProjectDefault: flags['project-defaults'] === true || undefined,
      signal: io.signal,
    });
    if (!json) io.stdout(`Configuration ${config.id} now overrides ${config.parentId ?? ''}.\n`);
    printConfig(io, config, json);
    return 0;
  },
});
