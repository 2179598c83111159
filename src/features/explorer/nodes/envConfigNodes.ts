// A project's environment configurations: GRAMMAR_BASE_PATH as the project default and per environment
// geography (a geography without its own value uses the default). Platforms without the feature answer 501;
// the folder then shows the client's "not enabled on this platform" message as its error.
import * as vscode from 'vscode';
import { GRAMMAR_BASE_PATH } from '../../../core/platform/envConfigs';
import { contextValue, NodeKinds } from '../../../host/contextValues';
import { childId, ExplorerNode, type ExplorerContext } from '../explorerNode';
import { escapeMarkdown as esc, markdownCode as code } from '../../../core/markdown';
import { tooltip } from '../markdown';
import { ProjectGroupNode, type InProject } from './projectGroup';
import type { ProjectNode } from './projectNode';

/** Where a value applies: the project default, or one environment geography. */
export interface EnvConfigScope {
  readonly environmentId?: string;
  readonly environmentName?: string;
  readonly geographyId?: string;
  readonly geographyName?: string;
}

export class EnvConfigsGroupNode extends ProjectGroupNode {
  protected readonly label = 'Environment Configurations';
  protected readonly kind = NodeKinds.envConfigs;
  protected readonly icon = 'symbol-variable';
  protected readonly emptyLabel = 'No environments';

  constructor(projectNode: ProjectNode, ctx: ExplorerContext) {
    super(projectNode, ctx, 'env-configs');
  }

  protected async loadChildren(signal: AbortSignal): Promise<ExplorerNode[]> {
    const { client } = await this.session();
    const configs = await client.envConfigs.get(this.projectId, { signal });
    const valueOf = (list: ReadonlyArray<{ label: string; value: string }>): string | undefined =>
      list.find((l) => l.label === GRAMMAR_BASE_PATH)?.value;
    const projectDefault = valueOf(configs.projectDefaults);
    return [
      new EnvConfigNode(this, this.ctx, {}, projectDefault, undefined),
      ...configs.environments.flatMap((env) =>
        env.environmentGeographies.map(
          (geo) =>
            new EnvConfigNode(
              this,
              this.ctx,
              { environmentId: env.id, environmentName: env.name, geographyId: geo.id, geographyName: geo.name },
              valueOf(geo.environmentGeographyDefaults),
              projectDefault,
            ),
        ),
      ),
    ];
  }
}

export class EnvConfigNode extends ExplorerNode implements InProject {
  readonly id: string;

  constructor(
    readonly group: EnvConfigsGroupNode,
    ctx: ExplorerContext,
    readonly scope: EnvConfigScope,
    readonly value: string | undefined,
    readonly inherited: string | undefined,
  ) {
    super(group, ctx);
    this.id = childId(group.id, scope.geographyId ?? 'default');
  }

  get projectNode(): ProjectNode {
    return this.group.projectNode;
  }

  getTreeItem(): vscode.TreeItem {
    const { scope, value, inherited } = this;
    const label = scope.geographyName ?? 'Project default';
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.description = value ?? (scope.geographyId ? (inherited ? `default: ${inherited}` : 'not set') : 'not set');
    item.iconPath = new vscode.ThemeIcon(scope.geographyId ? 'globe' : 'symbol-constant');
    item.tooltip = tooltip([
      `**${GRAMMAR_BASE_PATH}** — ${esc(scope.geographyId ? `${label} (${scope.environmentName ?? ''})` : 'project default')}`,
      '',
      `- Value: ${value ? code(value) : 'not set'}`,
      scope.geographyId &&
        !value &&
        `- Uses the project default${inherited ? ` ${code(inherited)}` : ' (not set either)'}`,
      scope.geographyId && `- Environment geography ${code(scope.geographyId)}`,
    ]);
    item.contextValue = contextValue(NodeKinds.envConfig, {
      set: value !== undefined,
      geography: scope.geographyId !== undefined,
    });
    return item;
  }
}
