// The TreeDataProvider VS Code talks to: it only reads the explorer model, which does the loading.
import type * as vscode from 'vscode';
import { Disposable } from '../../host/lifecycle';
import type { ExplorerNode } from './explorerNode';
import type { ExplorerModel } from './explorerModel';

export class ExplorerTreeProvider extends Disposable implements vscode.TreeDataProvider<ExplorerNode> {
  readonly onDidChangeTreeData: vscode.Event<ExplorerNode | undefined>;

  constructor(private readonly model: ExplorerModel) {
    super();
    this.onDidChangeTreeData = model.onDidChange;
  }

  getTreeItem(node: ExplorerNode): vscode.TreeItem {
    const item = node.getTreeItem();
    item.id = node.id;
    return item;
  }

  getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    return node ? node.getChildren() : this.model.rootNodes();
  }

  getParent(node: ExplorerNode): ExplorerNode | undefined {
    return node.parent;
  }
}
