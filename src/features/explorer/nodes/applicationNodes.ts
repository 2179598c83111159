// An organization's applications → their configurations (by context tag) → deployments per environment
// geography, with each deployment's status.
import * as vscode from 'vscode';
import type { AppConfig, Application, ConfigBuilds, EnvGeographyDeployment } from '../../../core/platform/appTypes';
import { contextValue, NodeKinds } from '../../../host/contextValues';
import { childId, ContainerNode, ExplorerNode, type ExplorerContext } from '../explorerNode';
import { deploymentStatusIcon, humanize } from '../icons';
import type { OrganizationNode } from './organizationNode';
import { escapeMarkdown as esc, markdownCode as code } from '../../../core/markdown';
import { tooltip } from '../markdown';
import { CredentialsGroupNode } from './credentialNodes';

/** `ASR v2, NLU v3, Dialog v1` for a configuration's builds. */
export function buildsSummary(builds: ConfigBuilds): string {
  const versions = (list: ReadonlyArray<{ buildVersion?: string }> | undefined): string =>
    [...new Set((list ?? []).map((b) => b.buildVersion).filter(Boolean))].map((v) => `v${v}`).join('/');
  return [
    builds.asr?.builds.length ? `ASR ${versions(builds.asr.builds)}` : '',
    builds.nlu?.builds.length ? `NLU ${versions(builds.nlu.builds)}` : '',
    builds.dialog ? `Dialog v${builds.dialog.buildVersion ?? '?'}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** Every environment-geography deployment of a configuration (the latest record per geography). */
export function geographyDeployments(config: AppConfig): EnvGeographyDeployment[] {
  const byGeography = new Map<string, EnvGeographyDeployment>();
  for (const deployment of config.deployments) {
    for (const d of deployment.envGeographyDeployments) byGeography.set(d.envGeography.id, d);
  }
  return [...byGeography.values()];
}

export class ApplicationsGroupNode extends ContainerNode {
  readonly id: string;
  protected readonly emptyLabel = 'No applications';

  constructor(
    readonly org: OrganizationNode,
    ctx: ExplorerContext,
  ) {
    super(org, ctx);
    this.id = childId(org.id, 'applications');
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Applications', vscode.TreeItemCollapsibleState.Collapsed);
    item.iconPath = new vscode.ThemeIcon('layers');
    item.contextValue = NodeKinds.applications;
    return item;
  }

  protected async loadChildren(signal: AbortSignal): Promise<ExplorerNode[]> {
    const { client } = await this.session();
    const apps = await client.apps.listByOrg(this.org.orgId, { view: 'full', signal });
    return apps.map((app) => new ApplicationNode(this, this.ctx, app));
  }
}

export class ApplicationNode extends ExplorerNode {
  readonly id: string;
  private readonly children: ExplorerNode[];

  constructor(
    readonly group: ApplicationsGroupNode,
    ctx: ExplorerContext,
    readonly app: Application,
  ) {
    super(group, ctx);
    this.id = childId(group.id, app.id);
    this.children = [
      new CredentialsGroupNode(this, ctx, app.id),
      ...(app.configs.length > 0
        ? app.configs.map((c) => new AppConfigNode(this, ctx, c))
        : [ctx.emptyNode(this, 'No configurations')]),
    ];
  }

  getTreeItem(): vscode.TreeItem {
    const { app } = this;
    const item = new vscode.TreeItem(app.applicationName, vscode.TreeItemCollapsibleState.Collapsed);
    item.description = `${app.configs.length} configuration${app.configs.length === 1 ? '' : 's'}`;
    item.iconPath = this.ctx.icons.media('application');
    item.tooltip = tooltip([
      `**${esc(app.applicationName)}**`,
      '',
      `- Application id: ${code(app.id)}`,
      app.createTime && `- Created ${app.createTime}`,
    ]);
    item.contextValue = contextValue(NodeKinds.application, {});
    return item;
  }

  override getChildren(): Promise<ExplorerNode[]> {
    return Promise.resolve(this.children);
  }

  override loadedChildren(): readonly ExplorerNode[] {
    return this.children;
  }
}

export class AppConfigNode extends ExplorerNode {
  readonly id: string;
  private readonly children: ExplorerNode[];

  constructor(
    parent: ExplorerNode,
    ctx: ExplorerContext,
    readonly config: AppConfig,
  ) {
    super(parent, ctx);
    this.id = childId(parent.id, config.id);
    const deployments = geographyDeployments(config);
    this.children =
      deployments.length > 0
        ? deployments.map((d) => new DeploymentNode(this, ctx, d))
        : [ctx.emptyNode(this, 'Not deployed')];
  }

  getTreeItem(): vscode.TreeItem {
    const c = this.config;
    const item = new vscode.TreeItem(c.tag, vscode.TreeItemCollapsibleState.Collapsed);
    const deployed = geographyDeployments(c).filter((d) => d.status === 'DEPLOYED').length;
    const builds = buildsSummary(c.builds);
    item.description = [builds, deployed > 0 ? `deployed to ${deployed}` : 'not deployed', c.parentId ? 'override' : '']
      .filter(Boolean)
      .join(' · ');
    item.iconPath = new vscode.ThemeIcon('settings-gear');
    item.tooltip = tooltip([
      `**${esc(c.tag)}** — configuration ${code(c.id)}`,
      '',
      `- Builds: ${builds || 'none'}`,
      c.parentId && `- Overrides configuration ${code(c.parentId)}`,
      c.createTime && `- Created ${c.createTime}`,
    ]);
    item.contextValue = contextValue(NodeKinds.appConfig, { deployed: deployed > 0 });
    return item;
  }

  override getChildren(): Promise<ExplorerNode[]> {
    return Promise.resolve(this.children);
  }

  override loadedChildren(): readonly ExplorerNode[] {
    return this.children;
  }
}

export class DeploymentNode extends ExplorerNode {
  readonly id: string;

  constructor(
    readonly configNode: AppConfigNode,
    ctx: ExplorerContext,
    readonly deployment: EnvGeographyDeployment,
  ) {
    super(configNode, ctx);
    this.id = childId(configNode.id, deployment.envGeography.id);
  }

  getTreeItem(): vscode.TreeItem {
    const d = this.deployment;
    const geo = d.envGeography;
    const item = new vscode.TreeItem(geo.geography.displayName, vscode.TreeItemCollapsibleState.None);
    item.description = [
      humanize(d.status),
      geo.envType ? humanize(geo.envType) : '',
      d.isOverridden ? 'overridden' : '',
    ]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = deploymentStatusIcon(d.status);
    item.tooltip = tooltip([
      `**${esc(geo.geography.displayName)}** — ${humanize(d.status)}`,
      '',
      `- Environment geography: ${code(geo.id)}`,
      geo.envHost && `- Host: ${code(geo.envHost)}`,
      d.deploymentResult && `- Result: ${esc(d.deploymentResult)}`,
    ]);
    item.contextValue = contextValue(NodeKinds.deployment, { deployed: d.status === 'DEPLOYED' });
    return item;
  }
}
