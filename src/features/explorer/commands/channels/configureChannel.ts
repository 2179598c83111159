import type { Channel } from '../../../../core/platform/types';
import { CommandIds } from '../../../../host/commandIds';
import { resolveChannel } from '../../targets';
import { changeProject, ExplorerCommand } from '../explorerCommand';
import { askColor, askModes } from './channelOptions';

/** Update Channel Modes and Color…: both pre-filled with the channel's current values. */
export class ConfigureChannelCommand extends ExplorerCommand {
  readonly id = CommandIds.channelConfigure;

  async execute(arg?: unknown): Promise<Channel> {
    const title = 'Update Channel';
    const target = await resolveChannel(this.deps, arg, title);
    const { channel } = target.channel;
    const modes = await askModes(this.deps.prompter, `${title} "${channel.displayName}": modes`, channel.modes ?? []);
    const color = await askColor(this.deps.prompter, `${title} "${channel.displayName}": color`, channel.color);
    return changeProject(this.deps, target, ['channels'], {
      progress: `Updating channel "${channel.displayName}"`,
      call: (signal) =>
        target.client.channels.update(target.projectId, { channelId: channel.id, modes, color }, { signal }),
    });
  }
}
