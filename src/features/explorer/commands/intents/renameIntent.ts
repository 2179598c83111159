import type { Intent } from '../../../../core/platform/nluTypes';
import { CommandIds } from '../../../../host/commandIds';
import { resolveIntent } from '../../targets';
import { askText, changeProject, ExplorerCommand } from '../explorerCommand';

/** Rename Intent…: its samples follow the new name on the platform. */
export class RenameIntentCommand extends ExplorerCommand {
  readonly id = CommandIds.intentRename;

  async execute(arg?: unknown): Promise<Intent | undefined> {
    const target = await resolveIntent(this.deps, arg, 'Rename Intent');
    const current = target.intentName;
    const name = await askText(this.deps, 'Rename Intent', {
      title: `Rename intent "${current}"`,
      prompt: 'New name (case-sensitive)',
      value: current,
      validate: (v) => (v.trim() === '' ? 'Give the intent a name.' : undefined),
    });
    if (name === current) return undefined;
    return changeProject(this.deps, target, ['intents'], {
      progress: `Renaming intent "${current}"`,
      call: (signal) => target.client.intents.rename(target.projectId, current, name, { signal }),
      done: (renamed) => `Intent "${current}" renamed to "${renamed.name}"; its samples follow.`,
    });
  }
}
