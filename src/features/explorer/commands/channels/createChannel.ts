import type { Channel } from '../../../../core/platform/types';
import { CommandIds } from '../../../../host/commandIds';
import { resolveProject } from '../../targets';
import { askText, changeProject, ExplorerCommand } from '../explorerCommand';
import { askColor, askModes } from './channelOptions';

/** Create Channel…: a name, its modes and a color. */
export class CreateChannelCommand extends ExplorerCommand {
  readonly id = CommandIds.channelCreate;

  async execute(arg?: unknown): Promise<Channel> {
    const title = 'Create Channel';
    const target = await resolveProject(this.deps, arg, title);
    const displayName = await askText(this.deps, title, {
      title: `${title} in "${target.projectName}"`,
      prompt: 'Channel name',
      validate: (v) =>
        v.trim() === ''
          ? 'Give the channel a name.'
          : v.trim().length > 100
            ? 'Keep channel names to 100 characters.'
            : undefined,
    });
    const modes = await askModes(this.deps.prompter, `${title}: modes`);
    const color = await askColor(this.deps.prompter, `${title}: color`);
    return changeProject(this.deps, target, ['channels'], {
      progress: `Creating channel "${displayName}"`,
      call: (signal) => target.client.channels.create(target.projectId, { displayName, modes, color }, { signal }),
      done: (channel) => `Channel "${channel.displayName}" created in "${target.projectName}".`,
    });
  }
}
