import type { ConnectionRegistry } from '../../../core/connections/connectionRegistry';
import { CommandIds } from '../../../host/commandIds';
import type { Command } from '../../../host/commands';
import { resolveConnection } from '../../../host/connectionPick';
import type { Prompter } from '../../../host/prompter';

/** Sign Out: forgets the connection's stored secret and its access token (the connection itself stays). */
export class SignOutCommand implements Command {
  readonly id = CommandIds.connectionSignOut;
  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly prompter: Prompter,
  ) {}

  async execute(arg?: unknown): Promise<void> {
    const entry = await resolveConnection(this.registry, this.prompter, arg, {
      title: 'Sign Out',
      filter: (c) => c.kind === 'remote',
    });
    await this.registry.signOut(entry.id);
    void this.prompter.info(`Signed out of "${entry.name}": its client secret and token are forgotten.`);
  }
}
