import type { ConnectionConfig } from '../../../core/connections/connectionConfig';
import type { ConnectionRegistry } from '../../../core/connections/connectionRegistry';
import { CommandIds } from '../../../host/commandIds';
import type { Command } from '../../../host/commands';
import { resolveConnection } from '../../../host/connectionPick';
import type { Prompter } from '../../../host/prompter';
import { ConnectionWizard } from '../connectionWizard';

/** Edit Connection…: the wizard pre-filled with the saved values; an empty secret keeps the stored one. */
export class EditConnectionCommand implements Command {
  readonly id = CommandIds.connectionEdit;
  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly prompter: Prompter,
    private readonly reservedName: string,
  ) {}

  async execute(arg?: unknown): Promise<ConnectionConfig> {
    const entry = await resolveConnection(this.registry, this.prompter, arg, {
      title: 'Edit Connection',
      filter: (c) => c.kind === 'remote',
    });
    const current = entry.config as ConnectionConfig;
    const saved = this.registry.list().flatMap((c) => (c.config ? [c.config] : []));
    const { input, secret } = await new ConnectionWizard(this.prompter, saved, this.reservedName).run(
      'Edit Connection',
      current,
    );
    const config = await this.registry.update(entry.id, input, secret);
    void this.prompter.info(`Connection "${config.name}" saved.`);
    return config;
  }
}
