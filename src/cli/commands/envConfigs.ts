// `cstudio env-configs list|set|delete`: GRAMMAR_BASE_PATH as a project default, or for one environment
// geography with --env and --env-geo.
import { GRAMMAR_BASE_PATH } from '../../core/platform/envConfigs';
import { UsageError } from '../command';
import { printJson, printRows } from '../output';
import { platformCommand, stringFlag, type FlagValues } from '../platformCommand';

const scopeFlags = { label: { type: 'string' }, env: { type: 'string' }, 'env-geo': { type: 'string' } } as const;

function scope(values: FlagValues): { label: string; geo?: { env: string; envGeo: string } } {
  const env = stringFlag(values, 'env');
  const envGeo = stringFlag(values, 'env-geo');
  if ((env === undefined) !== (envGeo === undefined))
    throw new UsageError('--env and --env-geo go together (an environment and one of its geographies).');
  return {
    label: stringFlag(values, 'label') ?? GRAMMAR_BASE_PATH,
    ...(env && envGeo ? { geo: { env, envGeo } } : {}),
  };
}

export const envConfigsList = platformCommand({
  path: ['env-configs', 'list'],
  summary: 'List the environment configuration values of a project (defaults and per environment geography).',
  synopsis: '<projectId>',
  args: ['projectId'],
  async run({ session, io, args, json }) {
    const configs = await session.client.envConfigs.get(args.projectId, { signal: io.signal });
    if (json) {
      printJson(io, configs);
      return 0;
    }
    const rows = [
      ...configs.projectDefaults.map((d) => ({ where: 'project default', ...d })),
      ...configs.environments.flatMap((e) =>
        e.environmentGeographies.flatMap((g) =>
          g.environmentGeographyDefaults.map((d) => ({ where: `${e.name} / ${g.name} (${e.id}/${g.id})`, ...d })),
        ),
      ),
    ];
    printRows(
      io,
      rows,
      [
        { header: 'WHERE', value: (r) => r.where },
        { header: 'LABEL', value: (r) => r.label },
        { header: 'VALUE', value: (r) => r.value },
      ],
      false,
      'No environment configuration values.',
    );
    return 0;
  },
});

export const envConfigsSet = platformCommand({
  path: ['env-configs', 'set'],
  summary: 'Set GRAMMAR_BASE_PATH for a project, as its default or for one environment geography.',
  synopsis: '<projectId> <value> [--env ENV_ID --env-geo ENV_GEOGRAPHY_ID] [--label GRAMMAR_BASE_PATH]',
  flags: scopeFlags,
  args: ['projectId', 'value'],
  input: ({ flags }) => scope(flags),
  async run({ session, io, args, input: { label, geo }, json }) {
    const projectId = args.projectId;
    const value = args.value;
    if (geo)
      await session.client.envConfigs.setForGeography(projectId, geo.env, geo.envGeo, label, value, {
        signal: io.signal,
      });
    else await session.client.envConfigs.setProjectDefault(projectId, label, value, { signal: io.signal });
    if (json)
      printJson(io, {
        projectId,
        label,
        value,
        ...(geo ? { environmentId: geo.env, environmentGeographyId: geo.envGeo } : {}),
      });
    else
      io.stdout(
        `Set ${label} of project ${projectId}${geo ? ` in environment geography ${geo.envGeo}` : ' (project default)'}.\n`,
      );
    return 0;
  },
});

export const envConfigsDelete = platformCommand({
  path: ['env-configs', 'delete'],
  summary: 'Delete a GRAMMAR_BASE_PATH value of a project (its default, or one environment geography).',
  synopsis: '<projectId> [--env ENV_ID --env-geo ENV_GEOGRAPHY_ID] [--label GRAMMAR_BASE_PATH]',
  flags: scopeFlags,
  args: ['projectId'],
  input: ({ flags }) => scope(flags),
  async run({ session, io, args, input: { label, geo }, json }) {
    const projectId = args.projectId;
    const status = geo
      ? await session.client.envConfigs.deleteForGeography(projectId, geo.env, geo.envGeo, label, { signal: io.signal })
      : await session.client.envConfigs.deleteProjectDefault(projectId, label, { signal: io.signal });
    if (json) printJson(io, status);
    else
      io.stdout(
        `Deleted ${label} of project ${projectId}${geo ? ` in environment geography ${geo.envGeo}` : ' (project default)'}.\n`,
      );
    return 0;
  },
});
