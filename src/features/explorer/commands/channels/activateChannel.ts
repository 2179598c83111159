import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { refreshProject } from '../../refreshAfter';
import { resolveChannel } from '../../targets';

/** Activate Channel. */
export class ActivateChannelCommand implements Command {
  readonly id = CommandIds.channelActivate;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<void> {
    const target = await resolveChannel(this.deps, arg, 'Activate Channel');
    const { channel } = target.channel;
    await this.deps.prompter.withProgress({ title: `Activating channel "${channel.displayName}"` }, (_p, signal) =>
      target.client.channels.activate(target.projectId, channel.id, { signal }));
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'channels');
  }
}
