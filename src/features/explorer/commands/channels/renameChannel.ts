import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { refreshProject } from '../../refreshAfter';
import { resolveChannel } from '../../targets';

/** Rename Channel…: its display name (its code name stays). */
export class RenameChannelCommand implements Command {
  readonly id = CommandIds.channelRename;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<string> {
    const target = await resolveChannel(this.deps, arg, 'Rename Channel');
    const current = target.channel.channel.displayName;
    const name = (await answered(this.deps.prompter.input({
      title: `Rename channel "${current}"`, prompt: 'New name', value: current,
      validate: (v) => (v.trim() === '' ? 'Give the channel a name.' : undefined),
    }), 'Rename Channel')).trim();
    if (name === current) return name;
    const renamed = await this.deps.prompter.withProgress({ title: `Renaming channel "${current}"` }, (_p, signal) =>
      target.client.channels.rename(target.projectId, target.channel.channel.id, name, { signal }));
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'channels');
    void this.deps.prompter.info(`Channel "${current}" renamed to "${renamed}".`);
    return renamed;
  }
}
