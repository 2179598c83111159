// Show Integration Details (a read-only document with everything needed to call the dialog runtime), and
// the copy actions an integrator reaches for: a client id and the context tag.
import * as vscode from 'vscode';
import { integrationMarkdown } from '../../../../core/bots/integrationDetails';
import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import { answered } from '../../../../host/prompter';
import { geographyDeployments } from '../../nodes/applicationNodes';
import { reportPath } from '../../reportDocuments';
import type { ReportingCommandDeps } from '../builds/buildDeps';
import { resolveBotConfig } from './botTarget';
import { ExplorerCommand } from '../explorerCommand';

export class ShowIntegrationDetailsCommand implements Command {
  readonly id = CommandIds.botShowIntegration;
  constructor(private readonly deps: ReportingCommandDeps) {}

  async execute(arg?: unknown): Promise<vscode.Uri> {
    const { client, bot, config } = await resolveBotConfig(this.deps, arg, 'Show Integration Details');
    const markdown = await this.deps.prompter.withProgress(
      { title: `Reading the integration details of "${config.tag}"` },
      async (_p, signal) => {
        const [credentials, dialogInterface] = await Promise.all([
          client.bots.credentials(bot.id, { signal }),
          config.builds.dialog
            ? client.bots.configInterface(bot.id, config.id, { signal })
            : Promise.resolve(undefined),
        ]);
        const live = geographyDeployments(config).filter((d) => d.status === 'DEPLOYED');
        return integrationMarkdown({
          botId: bot.id,
          botName: bot.applicationName,
          config,
          credentials,
          dialogInterface,
          live,
        });
      },
    );
    const uri = this.deps.reports.put(reportPath(`Integration ${bot.applicationName} ${config.tag}`), markdown);
    await this.deps.reports.open(uri);
    return uri;
  }
}

export class CopyClientIdCommand extends ExplorerCommand {
  readonly id = CommandIds.botCopyClientId;

  async execute(arg?: unknown): Promise<string> {
    const { client, bot } = await resolveBotConfig(this.deps, arg, 'Copy Client ID');
    const credentials = await client.bots.credentials(bot.id);
    const items = credentials.flatMap((c) =>
      c.credential.clients.map((k) => ({
        label: k.clientId,
        description: `${k.clientName} · ${k.oauthScopes}`,
        detail: c.geographies.map((g) => g.geography.displayName).join(', '),
        value: k.clientId,
      })),
    );
    if (items.length === 0)
      throw new Error(`Bot "${bot.applicationName}" has no client credentials; create them on the platform first.`);
    const clientId =
      items.length === 1
        ? (items[0]?.value as string)
        : await answered(
            this.deps.prompter.pick(items, {
              title: `Copy a client id of "${bot.applicationName}"`,
              placeholder: 'Client',
            }),
            'Copy Client ID',
          );
    await vscode.env.clipboard.writeText(clientId);
    void this.deps.prompter.info(`Copied client id ${clientId}.`);
    return clientId;
  }
}

export class CopyContextTagCommand extends ExplorerCommand {
  readonly id = CommandIds.botCopyContextTag;

  async execute(arg?: unknown): Promise<string> {
    const { config } = await resolveBotConfig(this.deps, arg, 'Copy Context Tag');
    await vscode.env.clipboard.writeText(config.tag);
    void this.deps.prompter.info(`Copied context tag ${config.tag}.`);
    return config.tag;
  }
}
