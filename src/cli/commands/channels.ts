// `cstudio channels create|configure|activate|deactivate|rename`: the five channel endpoints of a project.
import type { Channel } from '../../core/platform/types';
import { requirePositional } from '../args';
import { parseModes } from '../channelFlags';
import { UsageError } from '../command';
import { formatDetails, printJson } from '../output';
import { platformCommand, stringFlag } from '../platformCommand';

function describeChannel(c: Channel): string {
  return formatDetails([
    ['id', c.id], ['name', c.displayName], ['code name', c.codeName], ['modes', (c.modes ?? []).join(', ')], ['color', c.color],
  ]);
}

export const channelsCreate = platformCommand({
  path: ['channels', 'create'],
  summary: 'Add a channel to a project (modes such as DTMF,TTS; the color defaults to a free one).',
  synopsis: '<projectId> <name> --modes MODE[,MODE…] [--color COLOR]',
  flags: { modes: { type: 'string' }, color: { type: 'string' } },
  check: (p, v) => {
    requirePositional(p, 0, 'projectId'); requirePositional(p, 1, 'name');
    parseModes(stringFlag(v, 'modes') ?? '', '--modes');
  },
  async run({ session, io, positionals, values, json }) {
    const projectId = requirePositional(positionals, 0, 'projectId');
    const color = stringFlag(values, 'color');
    const channel = await session.client.channels.create(projectId, {
      displayName: requirePositional(positionals, 1, 'name'), modes: parseModes(stringFlag(values, 'modes') ?? '', '--modes'),
      ...(color ? { color: color.toUpperCase().replace(/-/g, '_') } : {}),
    }, { signal: io.signal });
    if (json) printJson(io, channel);
    else io.stdout(describeChannel(channel));
    return 0;
  },
});

export const channelsConfigure = platformCommand({
  path: ['channels', 'configure'],
  summary: 'Set the modes and/or the color of a channel.',
  synopsis: '<projectId> <channelId> [--modes MODE[,MODE…]] [--color COLOR]',
  flags: { modes: { type: 'string' }, color: { type: 'string' } },
  check: (p, v) => {
    requirePositional(p, 0, 'projectId'); requirePositional(p, 1, 'channelId');
    const modes = stringFlag(v, 'modes');
    if (modes === undefined && stringFlag(v, 'color') === undefined) throw new UsageError('Give --modes, --color or both.');
    if (modes !== undefined) parseModes(modes, '--modes');
  },
  async run({ session, io, positionals, values, json }) {
    const modes = stringFlag(values, 'modes');
    const color = stringFlag(values, 'color');
    const channel = await session.client.channels.update(requirePositional(positionals, 0, 'projectId'), {
      channelId: requirePositional(positionals, 1, 'channelId'),
      ...(modes !== undefined ? { modes: parseModes(modes, '--modes') } : {}),
      ...(color ? { color: color.toUpperCase().replace(/-/g, '_') } : {}),
    }, { signal: io.signal });
    if (json) printJson(io, channel);
    else io.stdout(describeChannel(channel));
    return 0;
  },
});

function toggle(action: 'activate' | 'deactivate'): ReturnType<typeof platformCommand> {
  return platformCommand({
    path: ['channels', action],
    summary: `${action === 'activate' ? 'Activate' : 'Deactivate'} a channel of a project.`,
    synopsis: '<projectId> <channelId>',
    check: (p) => { requirePositional(p, 0, 'projectId'); requirePositional(p, 1, 'channelId'); },
    async run({ session, io, positionals, json }) {
      const projectId = requirePositional(positionals, 0, 'projectId');
      const channelId = requirePositional(positionals, 1, 'channelId');
      const status = await session.client.channels[action](projectId, channelId, { signal: io.signal });
      if (json) printJson(io, status);
      else io.stdout(`Channel ${channelId} of project ${projectId} ${action}d.\n`);
      return 0;
    },
  });
}

export const channelsActivate = toggle('activate');
export const channelsDeactivate = toggle('deactivate');

export const channelsRename = platformCommand({
  path: ['channels', 'rename'],
  summary: 'Rename a channel (its code name stays).',
  synopsis: '<projectId> <channelId> <newName>',
  check: (p) => { requirePositional(p, 0, 'projectId'); requirePositional(p, 1, 'channelId'); requirePositional(p, 2, 'newName'); },
  async run({ session, io, positionals, json }) {
    const projectId = requirePositional(positionals, 0, 'projectId');
    const channelId = requirePositional(positionals, 1, 'channelId');
    const name = await session.client.channels.rename(projectId, channelId, requirePositional(positionals, 2, 'newName'), { signal: io.signal });
    if (json) printJson(io, { projectId, channelId, displayName: name });
    else io.stdout(`Channel ${channelId} is now "${name}".\n`);
    return 0;
  },
});
