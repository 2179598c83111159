import { isCancellation } from '../../../core/platform/errors';
import type { ConnectionRegistry, ConnectionTestResult } from '../../../core/connections/connectionRegistry';
import { CommandIds } from '../../../host/commandIds';
import type { Command } from '../../../host/commands';
import { resolveConnection } from '../../../host/connectionPick';
import type { Prompter } from '../../../host/prompter';

/** Test Connection: a fresh token and the organization list; the outcome is reported either way. */
export class TestConnectionCommand implements Command {
  readonly id = CommandIds.connectionTest;
  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly prompter: Prompter,
  ) {}

  async execute(arg?: unknown): Promise<ConnectionTestResult> {
    const entry = await resolveConnection(this.registry, this.prompter, arg, { title: 'Test Connection' });
    const result = await this.prompter.withProgress(
      { title: `Testing connection "${entry.name}"` },
      async (progress, signal) => {
        progress.report({ message: 'signing in and listing organizations…' });
        try {
          return await this.registry.test(entry.id, signal);
        } catch (err) {
          if (isCancellation(err)) throw err;
          // The wrapper shows this with "Show Log"; the message says which connection failed.
          const message = err instanceof Error ? err.message : String(err);
          throw new Error(`Connection "${entry.name}" failed its test: ${message}`, { cause: err });
        }
      },
    );
    const n = result.organizations.length;
    void this.prompter.info(
      `Connection "${entry.name}" works: signed in and found ${n} organization${n === 1 ? '' : 's'}` +
        `${n > 0 ? ` (${result.organizations.slice(0, 3).join(', ')}${n > 3 ? ', …' : ''})` : ''} in ${result.elapsedMs} ms.`,
    );
    return result;
  }
}
