import { CommandIds } from './commandIds';
import type { Command } from './commands';
import type { ExtensionLog } from './logger';

/** Reveals the extension's log channel (also the error toasts' "Show Log" action). */
export class ShowLogCommand implements Command {
  readonly id = CommandIds.showLog;
  constructor(private readonly log: Pick<ExtensionLog, 'show'>) {}

  execute(): void {
    this.log.show();
  }
}
