// A minimal explorer: the "Local sandbox" connection node with its state. While the sandbox is stopped the
// tree is empty, so the view's welcome content (Start Local Sandbox) shows instead. The explorer feature
// takes this over when it lists organizations and projects under each connection.
import * as vscode from 'vscode';
import { contextValue, NodeKinds } from '../../host/contextValues';
import { Disposable } from '../../host/lifecycle';
import { LOCAL_SANDBOX_CONNECTION_ID, LOCAL_SANDBOX_NAME, type LocalSandbox, type SandboxState } from './localSandbox';

export interface SandboxConnectionNode {
  readonly kind: 'sandboxConnection';
  readonly state: SandboxState;
}

function describeState(state: SandboxState): { description: string; icon: vscode.ThemeIcon } {
  switch (state.kind) {
    case 'running': return { description: `running · 127.0.0.1:${state.info.port}`, icon: new vscode.ThemeIcon('vm-running') };
    case 'starting': return { description: 'starting…', icon: new vscode.ThemeIcon('loading~spin') };
    case 'stopping': return { description: 'stopping…', icon: new vscode.ThemeIcon('loading~spin') };
    case 'failed': return { description: 'failed', icon: new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground')) };
    case 'stopped': return { description: 'stopped', icon: new vscode.ThemeIcon('vm-outline') };
  }
}

export class SandboxTreeProvider extends Disposable implements vscode.TreeDataProvider<SandboxConnectionNode> {
  private readonly changed = this._register(new vscode.EventEmitter<SandboxConnectionNode | undefined>());
  readonly onDidChangeTreeData: vscode.Event<SandboxConnectionNode | undefined> = this.changed.event;

  constructor(private readonly sandbox: LocalSandbox) {
    super();
    this._register(sandbox.onDidChangeState(() => this.changed.fire(undefined)));
  }

  getChildren(element?: SandboxConnectionNode): SandboxConnectionNode[] {
    if (element) return [];
    const state = this.sandbox.state;
    return state.kind === 'stopped' ? [] : [{ kind: 'sandboxConnection', state }];
  }

  getTreeItem(node: SandboxConnectionNode): vscode.TreeItem {
    const { description, icon } = describeState(node.state);
    const item = new vscode.TreeItem(LOCAL_SANDBOX_NAME, vscode.TreeItemCollapsibleState.None);
    item.id = `connection/${LOCAL_SANDBOX_CONNECTION_ID}`;
    item.description = description;
    item.iconPath = icon;
    item.tooltip = node.state.kind === 'running'
      ? `Local sandbox at ${node.state.info.baseUrl}\nData: ${node.state.info.dataDir}`
      : node.state.kind === 'failed' ? node.state.error.message : `Local sandbox: ${description}`;
    item.contextValue = contextValue(NodeKinds.connection, {
      sandbox: true,
      running: node.state.kind === 'running',
      failed: node.state.kind === 'failed',
    });
    return item;
  }
}
