import { CommandIds } from '../../../../host/commandIds';
import { resolveChannel } from '../../targets';
import { askText, changeProject, ExplorerCommand } from '../explorerCommand';

/** Rename Channel…: its display name (its code name stays). */
export class RenameChannelCommand extends ExplorerCommand {
  readonly id = CommandIds.channelRename;

  async execute(arg?: unknown): Promise<string> {
    const target = await resolveChannel(this.deps, arg, 'Rename Channel');
    const current = target.channel.channel.displayName;
    const name = await askText(this.deps, 'Rename Channel', {
      title: `Rename channel "${current}"`,
      prompt: 'New name',
      value: current,
      validate: (v) => (v.trim() === '' ? 'Give the channel a name.' : undefined),
    });
    if (name === current) return name;
    return changeProject(this.deps, target, ['channels'], {
      progress: `Renaming channel "${current}"`,
      call: (signal) => target.client.channels.rename(target.projectId, target.channel.channel.id, name, { signal }),
      done: (renamed) => `Channel "${current}" renamed to "${renamed}".`,
    });
  }
}
