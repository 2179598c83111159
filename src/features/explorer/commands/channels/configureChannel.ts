import type { Channel } from '../../../../core/platform/types';
import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { refreshProject } from '../../refreshAfter';
import { resolveChannel } from '../../targets';
import { askColor, askModes } from './channelOptions';

/** Update Channel Modes and Color…: both pre-filled with the channel's current values. */
export class ConfigureChannelCommand implements Command {
  readonly id = CommandIds.channelConfigure;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<Channel> {
    const title = 'Update Channel';
    const target = await resolveChannel(this.deps, arg, title);
    const { channel } = target.channel;
    const modes = await askModes(this.deps.prompter, `${title} "${channel.displayName}": modes`, channel.modes ?? []);
    const color = await askColor(this.deps.prompter, `${title} "${channel.displayName}": color`, channel.color);
    const updated = await this.deps.prompter.withProgress({ title: `Updating channel "${channel.displayName}"` }, (_p, signal) =>
      target.client.channels.update(target.projectId, { channelId: channel.id, modes, color }, { signal }));
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'channels');
    return updated;
  }
}
