// `cstudio bots list|credentials|configs|interface`
import { viewFlag } from '../appFlags';
import { printConfigs } from '../configOutput';
import { formatDetails, printJson, printRows } from '../output';
import { platformCommand } from '../platformCommand';
import { credentialColumns, credentialRows } from './apps';

export const botsList = platformCommand({
  path: ['bots', 'list'],
  summary: 'List the bots of an organization (applications with a dialog build).',
  synopsis: '<orgId> [--view none|full|available|live]',
  flags: { view: { type: 'string' } },
  args: ['orgId'],
  input: ({ flags }) => ({ view: viewFlag(flags) ?? 'full' }),
  async run({ session, io, args, input: { view }, json }) {
    const orgId = args.orgId;
    const bots = await session.client.bots.list(orgId, { view, signal: io.signal });
    printRows(
      io,
      bots,
      [
        { header: 'ID', value: (b) => b.id },
        { header: 'NAME', value: (b) => b.applicationName },
        { header: 'CONFIGS', value: (b) => b.configs.map((c) => `${c.id}:${c.tag}`).join(', ') },
      ],
      json,
      `No bots in organization ${orgId}.`,
    );
    return 0;
  },
});

export const botsCredentials = platformCommand({
  path: ['bots', 'credentials'],
  summary: 'List the runtime credentials of a bot.',
  synopsis: '<botId> [--geography NAME]',
  flags: { geography: { type: 'string' } },
  args: ['botId'],
  async run({ session, io, args, flags, json }) {
    const id = args.botId;
    const creds = await session.client.bots.credentials(id, { envGeographyName: flags.geography, signal: io.signal });
    if (json) printJson(io, creds);
    else printRows(io, credentialRows(creds), credentialColumns, false, `Bot ${id} has no credentials.`);
    return 0;
  },
});

export const botsConfigs = platformCommand({
  path: ['bots', 'configs'],
  summary: 'List the configurations of a bot (those with a dialog build).',
  synopsis: '<botId> [--tag TAG] [--live]',
  flags: { tag: { type: 'string' }, live: { type: 'boolean' } },
  args: ['botId'],
  async run({ session, io, args, flags, json }) {
    const id = args.botId;
    const configs = await session.client.bots.configs(id, {
      tag: flags.tag,
      liveOnly: flags.live === true || undefined,
      signal: io.signal,
    });
    printConfigs(io, configs, json, `Bot ${id} has no matching configurations.`);
    return 0;
  },
});

export const botsInterface = platformCommand({
  path: ['bots', 'interface'],
  summary: "Show a bot configuration's interface: languages, channels and modalities, variables and transfer nodes.",
  synopsis: '<botId> <configId>',
  args: ['botId', 'configId'],
  async run({ session, io, args, json }) {
    const i = await session.client.bots.configInterface(args.botId, args.configId, { signal: io.signal });
    if (json) {
      printJson(io, i);
      return 0;
    }
    io.stdout(
      formatDetails([
        ['locales', i.locales.join(', ')],
        ['channels', i.channels.map((c) => `${c.displayName} [${(c.modes ?? []).join(' ')}]`).join(', ')],
        [
          'variables',
          i.variables
            .map((v) => `${v.displayName}: ${v.simpleVariableType || (v.complexVariableTypeId ? 'complex' : '')}`)
            .join(', '),
        ],
      ]),
    );
    for (const n of i.transferNodes) {
      const vars = (list: ReadonlyArray<{ displayName: string }> | undefined): string =>
        (list ?? []).map((v) => v.displayName).join(', ') || '-';
      io.stdout(
        `${n.nodeType ?? 'NODE'} ${n.nodeName}: sends ${vars(n.requestVariables)}; receives ${vars(n.responseVariables)}\n`,
      );
    }
    return 0;
  },
});
