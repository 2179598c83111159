// The bot configuration a command acts on: the tree's bot-configuration node, `{ botId, configId }` from
// automation, or picks (organization → bot → configuration by context tag).
import type { AppConfig, Bot } from '../../../../core/platform/appTypes';
import type { PlatformClient } from '../../../../core/platform/client';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { BotConfigNode } from '../../nodes/botNodes';
import { resolveOrganization } from '../../targets';
import { argObject } from '../../../../host/commands';

export interface BotConfigTarget {
  readonly connectionId: string;
  readonly client: PlatformClient;
  readonly bot: Bot;
  readonly config: AppConfig;
}

export async function resolveBotConfig(
  deps: ExplorerCommandDeps,
  arg: unknown,
  title: string,
): Promise<BotConfigTarget> {
  if (arg instanceof BotConfigNode) {
    const { client } = await deps.registry.session(arg.connectionId);
    return { connectionId: arg.connectionId, client, bot: arg.botNode.bot, config: arg.config };
  }
  const org = await resolveOrganization(deps, arg, title);
  const wanted = argObject<'botId' | 'configId'>(arg);
  const bots = await org.client.bots.list(org.orgId, { view: 'full' });
  const bot =
    typeof wanted.botId === 'string'
      ? bots.find((b) => b.id === wanted.botId)
      : await answered(
          deps.prompter.pick(
            bots.map((b) => ({ label: b.applicationName, description: b.id, value: b })),
            { title, placeholder: 'Bot' },
          ),
          title,
        );
  if (!bot)
    throw new Error(
      `Organization "${org.orgName}" has no bot ${String(wanted.botId)} (a bot is an application with a dialog configuration).`,
    );
  const config =
    typeof wanted.configId === 'string'
      ? bot.configs.find((c) => c.id === wanted.configId)
      : await answered(
          deps.prompter.pick(
            bot.configs.map((c) => ({ label: c.tag, description: `configuration ${c.id}`, value: c })),
            { title, placeholder: 'Context tag' },
          ),
          title,
        );
  if (!config) throw new Error(`Bot "${bot.applicationName}" has no dialog configuration ${String(wanted.configId)}.`);
  return { connectionId: org.connectionId, client: org.client, bot, config };
}
