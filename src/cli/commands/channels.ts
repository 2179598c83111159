// `cstudio channels create|configure|activate|deactivate|rename`: the five channel endpoints of a project.
import type { Channel } from '../../core/platform/types';
import { parseModes } from '../channelFlags';
import { UsageError } from '../command';
import { formatDetails, printJson } from '../output';
import { platformCommand } from '../platformCommand';

function describeChannel(c: Channel): string {
  return formatDetails([
    ['id', c.id],
    ['name', c.displayName],
    ['code name', c.codeName],
    ['modes', (c.modes ?? []).join(', ')],
    ['color', c.color],
  ]);
}

export const channelsCreate = platformCommand({
  path: ['channels', 'create'],
  summary: 'Add a channel to a project (modes such as DTMF,TTS; the color defaults to a free one).',
  synopsis: '<projectId> <name> --modes MODE[,MODE…] [--color COLOR]',
  flags: { modes: { type: 'string' }, color: { type: 'string' } },
  args: ['projectId', 'name'],
  input: ({ flags }) => ({ modes: parseModes(flags.modes ?? '', '--modes') }),
  async run({ session, io, args, flags, input: { modes }, json }) {
    const projectId = args.projectId;
    const color = flags.color;
    const channel = await session.client.channels.create(
      projectId,
      {
        displayName: args.name,
        modes,
        ...(color ? { color: color.toUpperCase().replace(/-/g, '_') } : {}),
      },
      { signal: io.signal },
    );
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
  args: ['projectId', 'channelId'],
  input: ({ flags }) => {
    if (flags.modes === undefined && flags.color === undefined) throw new UsageError('Give --modes, --color or both.');
    return { modes: flags.modes === undefined ? undefined : parseModes(flags.modes, '--modes') };
  },
  async run({ session, io, args, flags, input: { modes }, json }) {
    const color = flags.color;
    const channel = await session.client.channels.update(
      args.projectId,
      {
        channelId: args.channelId,
        ...(modes !== undefined ? { modes } : {}),
        ...(color ? { color: color.toUpperCase().replace(/-/g, '_') } : {}),
      },
      { signal: io.signal },
    );
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
    args: ['projectId', 'channelId'],
    async run({ session, io, args, json }) {
      const projectId = args.projectId;
      const channelId = args.channelId;
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
  args: ['projectId', 'channelId', 'newName'],
  async run({ session, io, args, json }) {
    const projectId = args.projectId;
    const channelId = args.channelId;
    const name = await session.client.channels.rename(projectId, channelId, args.newName, { signal: io.signal });
    if (json) printJson(io, { projectId, channelId, displayName: name });
    else io.stdout(`Channel ${channelId} is now "${name}".\n`);
    return 0;
  },
});
