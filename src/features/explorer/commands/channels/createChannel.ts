import type { Channel } from '../../../../core/platform/types';
import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { refreshProject } from '../../refreshAfter';
import { resolveProject } from '../../targets';
import { askColor, askModes } from './channelOptions';

/** Create Channel…: a name, its modes and a color. */
export class CreateChannelCommand implements Command {
  readonly id = CommandIds.channelCreate;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<Channel> {
    const title = 'Create Channel';
    const target = await resolveProject(this.deps, arg, title);
    const displayName = (await answered(this.deps.prompter.input({
      title: `${title} in "${target.projectName}"`, prompt: 'Channel name',
      validate: (v) => (v.trim() === '' ? 'Give the channel a name.' : v.trim().length > 100 ? 'Keep channel names to 100 characters.' : undefined),
    }), title)).trim();
    const modes = await askModes(this.deps.prompter, `${title}: modes`);
    const color = await askColor(this.deps.prompter, `${title}: color`);
    const channel = await this.deps.prompter.withProgress({ title: `Creating channel "${displayName}"` }, (_p, signal) =>
      target.client.channels.create(target.projectId, { displayName, modes, color }, { signal }));
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'channels');
    void this.deps.prompter.info(`Channel "${channel.displayName}" created in "${target.projectName}".`);
    return channel;
  }
}
