// The application configuration a command acts on: a configuration, deployment or bot-configuration node,
// `{ connectionId, orgId, applicationId, configId }` from automation, or picks (organization → application →
// configuration). The configuration is always read afresh: deployments change under the tree.
import type { AppConfig } from '../../../../core/platform/appTypes';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import type { ExplorerModel } from '../../explorerModel';
import { AppConfigNode, ApplicationNode, ApplicationsGroupNode, DeploymentNode } from '../../nodes/applicationNodes';
import { BotConfigNode, BotsGroupNode } from '../../nodes/botNodes';
import { resolveOrganization, type OrganizationTarget } from '../../targets';
import { argObject } from '../../../../host/commands';

export interface ConfigTarget extends Pick<OrganizationTarget, 'connectionId' | 'client'> {
  readonly applicationId: string;
  readonly applicationName: string;
  readonly config: AppConfig;
}

/** The configuration node `arg` stands for (a deployment node for its configuration), with its application or bot. */
function configNodeOf(
  arg: unknown,
): { node: AppConfigNode | BotConfigNode; owner: { id: string; applicationName: string } } | undefined {
  const node = arg instanceof DeploymentNode ? arg.configNode : arg;
  if (node instanceof AppConfigNode && node.parent instanceof ApplicationNode) return { node, owner: node.parent.app };
  if (node instanceof BotConfigNode) return { node, owner: node.botNode.bot };
  return undefined;
}

function nodeTarget(
  arg: unknown,
): { connectionId: string; applicationId: string; applicationName: string; configId: string } | undefined {
  const found = configNodeOf(arg);
  if (!found) return undefined;
  const { node, owner } = found;
  return {
    connectionId: node.connectionId,
    applicationId: owner.id,
    applicationName: owner.applicationName,
    configId: node.config.id,
  };
}

export async function resolveConfig(deps: ExplorerCommandDeps, arg: unknown, title: string): Promise<ConfigTarget> {
  const fromNode = nodeTarget(arg);
  if (fromNode) {
    const { client } = await deps.registry.session(fromNode.connectionId);
    return { ...fromNode, client, config: await client.appConfigs.get(fromNode.configId) };
  }
  const org = await resolveOrganization(deps, arg, title);
  const wanted = argObject<'applicationId' | 'configId'>(arg);
  const apps = await org.client.apps.listByOrg(org.orgId, { view: 'full' });
  const app =
    typeof wanted.applicationId === 'string'
      ? apps.find((a) => a.id === wanted.applicationId)
      : await answered(
          deps.prompter.pick(
            apps.map((a) => ({
              label: a.applicationName,
              description: `${a.id} · ${a.configs.length} configurations`,
              value: a,
            })),
            { title, placeholder: 'Application' },
          ),
          title,
        );
  if (!app) throw new Error(`Organization "${org.orgName}" has no application ${String(wanted.applicationId)}.`);
  if (app.configs.length === 0)
    throw new Error(`Application "${app.applicationName}" has no configuration; create one first.`);
  const config =
    typeof wanted.configId === 'string'
      ? app.configs.find((c) => c.id === wanted.configId)
      : await answered(
          deps.prompter.pick(
            app.configs.map((c) => ({
              label: c.tag,
              description: `configuration ${c.id}${c.parentId ? ` (overrides ${c.parentId})` : ''}`,
              value: c,
            })),
            { title, placeholder: 'Configuration' },
          ),
          title,
        );
  if (!config) throw new Error(`Application "${app.applicationName}" has no configuration ${String(wanted.configId)}.`);
  return {
    connectionId: org.connectionId,
    client: org.client,
    applicationId: app.id,
    applicationName: app.applicationName,
    config,
  };
}

/** Reloads a connection's Applications and Bots folders (deployments and configurations changed). */
export function refreshApplications(model: ExplorerModel, connectionId: string): void {
  model.refreshWhere(
    (n) => (n instanceof ApplicationsGroupNode || n instanceof BotsGroupNode) && n.connectionId === connectionId,
  );
}
