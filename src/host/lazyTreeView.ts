// A tree view created at activation whose data provider arrives later, with the feature that owns it. VS Code
// asks for the tree's roots the first time the view is shown; that first request loads the feature, which then
// attaches its provider (its events and element methods are relayed from then on). Until a feature attaches,
// the view holds no elements, so only `getChildren` can be asked before then.
import * as vscode from 'vscode';
import { Disposable, toDisposable, type IDisposable } from './lifecycle';

/** What the feature receives: the view, and where to plug its provider in. */
export interface AttachableTreeView<T> {
  readonly view: vscode.TreeView<T>;
  attach(provider: vscode.TreeDataProvider<T>): IDisposable;
}

class RelayTreeDataProvider<T> extends Disposable implements vscode.TreeDataProvider<T> {
  target: vscode.TreeDataProvider<T> | undefined;
  private readonly changed = this._register(new vscode.EventEmitter<T | T[] | undefined | null | void>());
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly load: () => void) {
    super();
  }

  attach(provider: vscode.TreeDataProvider<T>): IDisposable {
    this.target = provider;
    const forwarding = provider.onDidChangeTreeData?.((e) => this.changed.fire(e));
    this.changed.fire();
    return toDisposable(() => {
      forwarding?.dispose();
      if (this.target === provider) this.target = undefined;
    });
  }

  getChildren(element?: T): vscode.ProviderResult<T[]> {
    if (!this.target) this.load();
    return this.provider().getChildren(element);
  }

  getTreeItem(element: T): vscode.TreeItem | Thenable<vscode.TreeItem> {
    return this.provider().getTreeItem(element);
  }

  getParent(element: T): vscode.ProviderResult<T> {
    return this.provider().getParent?.(element);
  }

  resolveTreeItem(
    item: vscode.TreeItem,
    element: T,
    token: vscode.CancellationToken,
  ): vscode.ProviderResult<vscode.TreeItem> {
    const target = this.provider();
    return target.resolveTreeItem ? target.resolveTreeItem(item, element, token) : item;
  }

  private provider(): vscode.TreeDataProvider<T> {
    if (!this.target) throw new Error('The view has no data yet: its feature did not attach a provider when loaded.');
    return this.target;
  }
}

/** Creates the view `id` now; `load` must start the feature, which attaches its provider to the returned object. */
export function lazyTreeView<T>(
  id: string,
  options: Omit<vscode.TreeViewOptions<T>, 'treeDataProvider'>,
  load: () => void,
): AttachableTreeView<T> & IDisposable {
  const relay = new RelayTreeDataProvider<T>(load);
  const view = vscode.window.createTreeView(id, { ...options, treeDataProvider: relay });
  return {
    view,
    attach: (provider) => relay.attach(provider),
    dispose: () => {
      view.dispose();
      relay.dispose();
    },
  };
}
