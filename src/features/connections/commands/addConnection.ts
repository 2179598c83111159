import type { ConnectionConfig } from '../../../core/connections/connectionConfig';
import type { ConnectionRegistry } from '../../../core/connections/connectionRegistry';
import { CommandIds } from '../../../host/commandIds';
import type { Command } from '../../../host/commands';
import type { Prompter } from '../../../host/prompter';
import { ConnectionWizard } from '../connectionWizard';

/** Add Connection…: the wizard, then the connection is saved (secret in SecretStorage) and offered a test. */
export class AddConnectionCommand implements Command {
  readonly id = CommandIds.connectionAdd;
  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly prompter: Prompter,
    private readonly reservedName: string,
  ) {}

  async execute(): Promise<ConnectionConfig> {
    const saved = this.registry.list().flatMap((c) => (c.config ? [c.config] : []));
    const { input, secret } = await new ConnectionWizard(this.prompter, saved, this.reservedName).run('Add Connection');
    const config = await this.registry.add(input, secret);
    void this.prompter.info(`Connection "${config.name}" added.`);
    return config;
  }
}
