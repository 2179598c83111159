import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { refreshProject } from '../../refreshAfter';
import { resolveChannel } from '../../targets';

/** Deactivate Channel (its settings are kept; it can be activated again). */
export class DeactivateChannelCommand implements Command {
  readonly id = CommandIds.channelDeactivate;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<void> {
    const target = await resolveChannel(this.deps, arg, 'Deactivate Channel');
    const { channel } = target.channel;
    await this.deps.prompter.withProgress({ title: `Deactivating channel "${channel.displayName}"` }, (_p, signal) =>
      target.client.channels.deactivate(target.projectId, channel.id, { signal }));
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'channels');
  }
}
