import { CommandIds } from '../../../../host/commandIds';
import { resolveChannel } from '../../targets';
import { changeProject, ExplorerCommand } from '../explorerCommand';

/** Activate Channel. */
export class ActivateChannelCommand extends ExplorerCommand {
  readonly id = CommandIds.channelActivate;

  async execute(arg?: unknown): Promise<void> {
    const target = await resolveChannel(this.deps, arg, 'Activate Channel');
    const { channel } = target.channel;
    await changeProject(this.deps, target, ['channels'], {
      progress: `Activating channel "${channel.displayName}"`,
      call: (signal) => target.client.channels.activate(target.projectId, channel.id, { signal }),
    });
  }
}
