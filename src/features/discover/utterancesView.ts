// The Utterances tree: one node per intent (with its count), its utterances under it, lowest confidence first,
// a page at a time ("Show more" adds a page), so 100k utterances cost only the rows on screen. Multi-select
// lets the add and ignore actions take many utterances at once.
import * as vscode from 'vscode';
import type { ReviewItem } from '../../core/discover/review';
import { CommandIds } from '../../host/commandIds';
import { ContextKeys } from '../../host/contextValues';
import type { AttachableTreeView } from '../../host/lazyTreeView';
import { Disposable } from '../../host/lifecycle';
import { PAGE_SIZE, type UtterancesModel } from './utterancesModel';

export type UtteranceNode =
  | { readonly kind: 'intent'; readonly intent: string; readonly count: number }
  | { readonly kind: 'utterance'; readonly item: ReviewItem; readonly id: string }
  | { readonly kind: 'more'; readonly intent: string; readonly left: number }
  | { readonly kind: 'message'; readonly text: string };

export class UtterancesView extends Disposable implements vscode.TreeDataProvider<UtteranceNode> {
  private readonly changed = this._register(new vscode.EventEmitter<UtteranceNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<UtteranceNode>;
  /** Rows shown per intent (grows by a page with "Show more"). */
  private readonly shown = new Map<string, number>();
  private message = 'Run "Review Utterances…" to read an application\'s traffic against a pulled project.';

  /** `tree` is the view created at activation (discoverOnDemand.ts); this becomes its provider. */
  constructor(
    private readonly model: UtterancesModel,
    tree: AttachableTreeView<UtteranceNode>,
  ) {
    super();
    this.view = tree.view;
    this._register(tree.attach(this));
    this._register(
      model.onDidChange(() => {
        this.describe();
        this.changed.fire(undefined);
      }),
    );
  }

  setMessage(text: string): void {
    this.message = text;
    this.changed.fire(undefined);
  }

  setActive(active: boolean): void {
    void vscode.commands.executeCommand('setContext', ContextKeys.discoverActive, active);
  }

  showMore(intent: string): void {
    this.shown.set(intent, (this.shown.get(intent) ?? PAGE_SIZE) + PAGE_SIZE);
    this.changed.fire(undefined);
  }

  private describe(): void {
    const f = this.model.currentFilter;
    const parts = [
      f.maxConfidence !== undefined ? `confidence ≤ ${f.maxConfidence}` : '',
      f.minConfidence !== undefined ? `confidence ≥ ${f.minConfidence}` : '',
      f.intent ? `intent ${f.intent}` : '',
      f.locale ? `locale ${f.locale}` : '',
      f.notInTraining ? 'not in training' : '',
      f.intentDiffers ? 'intent differs' : '',
    ].filter(Boolean);
    this.view.description = parts.join(', ');
  }

  getChildren(node?: UtteranceNode): UtteranceNode[] {
    if (!node) {
      const groups = this.model.groups();
      if (groups.length === 0)
        return [{ kind: 'message', text: this.model.size === 0 ? this.message : 'No utterance matches the filter.' }];
      return groups.map((g) => ({ kind: 'intent', intent: g.intent, count: g.count }));
    }
    if (node.kind !== 'intent') return [];
    const limit = this.shown.get(node.intent) ?? PAGE_SIZE;
    const rows: UtteranceNode[] = this.model
      .page(node.intent, limit)
      .map((item) => ({ kind: 'utterance', item, id: item.utterance.id }));
    if (node.count > limit) rows.push({ kind: 'more', intent: node.intent, left: node.count - limit });
    return rows;
  }

  getTreeItem(node: UtteranceNode): vscode.TreeItem {
    switch (node.kind) {
      case 'message': {
        const item = new vscode.TreeItem(node.text);
        item.iconPath = new vscode.ThemeIcon('info');
        return item;
      }
      case 'intent': {
        const item = new vscode.TreeItem(node.intent, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `intent:${node.intent}`;
        item.description = `${node.count}`;
        item.iconPath = new vscode.ThemeIcon('symbol-event');
        return item;
      }
      case 'more': {
        const item = new vscode.TreeItem(`Show ${Math.min(PAGE_SIZE, node.left)} more (${node.left} left)`);
        item.iconPath = new vscode.ThemeIcon('ellipsis');
        item.command = {
          command: CommandIds.discoverShowMore,
          title: 'Show More',
          arguments: [{ intent: node.intent }],
        };
        return item;
      }
      case 'utterance': {
        const { utterance: u, training } = node.item;
        const item = new vscode.TreeItem(u.text);
        item.id = `utterance:${u.id}`;
        const sample = !training.inTraining
          ? 'not in training'
          : training.intents.includes(u.intent)
            ? 'a sample'
            : `a sample of ${training.intents.join(', ')}`;
        // The locale first: the same text is a different utterance in another locale (issue 26: rows did not say).
        item.description = `${u.locale ?? 'no locale'} · ${u.confidence.toFixed(2)} · ${sample}`;
        item.tooltip = [
          u.text,
          `intent ${u.intent} (${u.confidence.toFixed(3)})`,
          `${sample}`,
          ...u.entities.map((e) => `${e.name}: "${e.literal}"${e.value !== undefined ? ` = ${e.value}` : ''}`),
          [u.locale, u.time, u.session ? `session ${u.session.slice(0, 8)}` : ''].filter(Boolean).join(' · '),
        ].join('\n');
        item.iconPath = new vscode.ThemeIcon(training.inTraining ? 'pass' : u.confidence < 0.6 ? 'warning' : 'comment');
        item.contextValue = `utterance${u.audioUrn ? ':audio' : ''}${training.inTraining ? ':inTraining' : ''}`;
        return item;
      }
    }
  }
}
