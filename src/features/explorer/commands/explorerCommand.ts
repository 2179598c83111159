// What explorer commands share once they know their target (targets.ts): a name typed in an input box, and the
// change itself — one platform call under a cancellable progress notification, then the tree's branches that
// show it reload, then a message saying what happened.
import type { CommandId } from '../../../host/commandIds';
import type { Command } from '../../../host/commands';
import { answered, type InputOptions } from '../../../host/prompter';
import type { ExplorerCommandDeps } from '../commandDeps';
import { refreshProject, type ProjectPart } from '../refreshAfter';

/** An explorer command: its id, and the feature's connections, tree model and prompter. */
export abstract class ExplorerCommand implements Command {
  abstract readonly id: CommandId;
  constructor(protected readonly deps: ExplorerCommandDeps) {}
  abstract execute(arg?: unknown): Promise<unknown>;
}

/** The text typed in an input box, trimmed; dismissing the box cancels the command `title` names. */
export async function askText(deps: ExplorerCommandDeps, title: string, options: InputOptions): Promise<string> {
  return (await answered(deps.prompter.input(options), title)).trim();
}

export interface Change<T> {
  /** The progress notification's title while the platform works: `Deleting intent "x"`. */
  readonly progress: string;
  readonly call: (signal: AbortSignal) => Promise<T>;
  /** Reloads what shows the result. */
  readonly refresh: () => void;
  /** What the user is told afterwards; none where the tree shows it plainly. */
  readonly done?: (result: T) => string;
}

/** Makes one change on the platform, then refreshes the tree and tells the user. */
export async function applyChange<T>(deps: ExplorerCommandDeps, change: Change<T>): Promise<T> {
  const result = await deps.prompter.withProgress({ title: change.progress }, (_progress, signal) =>
    change.call(signal),
  );
  change.refresh();
  if (change.done) void deps.prompter.info(change.done(result));
  return result;
}

/** A change inside one project: `parts` are the project's branches that show its result. */
export function changeProject<T>(
  deps: ExplorerCommandDeps,
  target: { readonly connectionId: string; readonly projectId: string },
  parts: readonly ProjectPart[],
  change: Omit<Change<T>, 'refresh'>,
): Promise<T> {
  return applyChange(deps, {
    ...change,
    refresh: () => refreshProject(deps.model, target.connectionId, target.projectId, ...parts),
  });
}
