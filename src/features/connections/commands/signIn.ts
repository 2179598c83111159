import type { ConnectionRegistry } from '../../../core/connections/connectionRegistry';
import { CommandIds } from '../../../host/commandIds';
import type { Command } from '../../../host/commands';
import { resolveConnection } from '../../../host/connectionPick';
import { answered, type Prompter } from '../../../host/prompter';

/** Sign In…: asks for the client secret of a saved connection and keeps it in SecretStorage. */
export class SignInCommand implements Command {
  readonly id = CommandIds.connectionSignIn;
  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly prompter: Prompter,
  ) {}

  async execute(arg?: unknown): Promise<void> {
    const entry = await resolveConnection(this.registry, this.prompter, arg, {
      title: 'Sign In',
      filter: (c) => c.kind === 'remote',
    });
    const secret = await answered(
      this.prompter.input({
        title: `Sign in to "${entry.name}"`,
        password: true,
        prompt: `Client secret of ${entry.config?.clientId ?? 'the client'} (kept in secret storage)`,
        validate: (v) => (v.trim() === '' ? 'Give the client secret.' : undefined),
      }),
      'Sign in',
    );
    await this.registry.signIn(entry.id, secret.trim());
  }
}
