import { CommandIds } from '../../../../host/commandIds';
import { resolveChannel } from '../../targets';
import { changeProject, ExplorerCommand } from '../explorerCommand';

/** Deactivate Channel (its settings are kept; it can be activated again). */
export class DeactivateChannelCommand extends ExplorerCommand {
  readonly id = CommandIds.channelDeactivate;

  async execute(arg?: unknown): Promise<void> {
    const target = await resolveChannel(this.deps, arg, 'Deactivate Channel');
    const { channel } = target.channel;
    await changeProject(this.deps, target, ['channels'], {
      progress: `Deactivating channel "${channel.displayName}"`,
      call: (signal) => target.client.channels.deactivate(target.projectId, channel.id, { signal }),
    });
  }
}
