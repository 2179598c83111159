// `cstudio configs update|override`: update changes a configuration that is not deployed; override makes
// a new configuration with the same tag (from the latest builds with --latest).
import { UsageError } from '../command';
import type { AppConfigChange } from '../../core/platform/appTypes';
import { buildRefsFlag, configContentFlags, dataHostsFlag, listFlag, servicesFlag } from '../appFlags';
import { requirePositional } from '../args';
import { printConfig } from '../configOutput';
import { platformCommand, stringFlag, type FlagValues } from '../platformCommand';

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
  check: (p, v) => {
    requirePositional(p, 0, 'configId');
    if (Object.keys(change(v)).length === 0) throw new UsageError('Nothing to update: give --build and/or --data-host.');
  },
  async run({ session, io, positionals, values, json }) {
    printConfig(io, await session.client.appConfigs.update(requirePositional(positionals, 0, 'configId'), change(values), { signal: io.signal }), json);
    return 0;
  },
});

export const configsOverride = platformCommand({
  path: ['configs', 'override'],
  summary: 'Override a configuration: a new configuration with the same tag, from the latest builds (--latest) or from --build.',
  synopsis: '<configId> [--latest [--latest-from PROJECT_ID] [--build-types NLU,…] [--locales en-US]] [--build LABEL[@locale] …] [--data-host …] [--project-defaults]',
  flags: {
    latest: { type: 'boolean' }, 'latest-from': { type: 'string' }, 'build-types': { type: 'string' }, locales: { type: 'string' },
    'project-defaults': { type: 'boolean' }, ...configContentFlags,
  },
  check: (p, v) => {
    requirePositional(p, 0, 'configId');
    if (v.latest !== true && (stringFlag(v, 'latest-from') || stringFlag(v, 'build-types') || stringFlag(v, 'locales'))) {
      throw new UsageError('--latest-from, --build-types and --locales apply only with --latest.');
    }
    servicesFlag(v, 'build-types'); change(v);
  },
  async run({ session, io, positionals, values, json }) {
    const config = await session.client.appConfigs.override(requirePositional(positionals, 0, 'configId'), change(values), {
      latest: values.latest === true || undefined, useLatestFromProject: stringFlag(values, 'latest-from'),
      buildTypes: servicesFlag(values, 'build-types'), locales: listFlag(values, 'locales'),
      useProjectDefault: values['project-defaults'] === true || undefined, signal: io.signal,
    });
    if (!json) io.stdout(`Configuration ${config.id} now overrides ${config.parentId ?? ''}.\n`);
    printConfig(io, config, json);
    return 0;
  },
});
