// The semantic difference between two dialog.json files, by UUID: components, nodes, intent mappings, variables
// and the ontology's intents and entities added, removed or changed; an ontology name that changed under the same
// UUID is a rename. What `cstudio compare` shows for dialog.json instead of a line diff of a 2 MB file.

import { nodesById, type DialogModel } from './dialogModel';

export type DialogItemKind = 'component' | 'node' | 'mapping' | 'variable' | 'intent' | 'entity';

export interface DialogChange {
  kind: DialogItemKind;
  change: 'added' | 'removed' | 'changed';
  id: string;
  label: string;
  detail?: string;
  /** Both sides' text of the item, for changes (renames are recognised from them). */
  before?: string;
  after?: string;
}

export interface DialogRename {
  kind: 'intent' | 'entity';
  from: string;
  to: string;
}

export interface DialogDiff {
  changes: DialogChange[];
  /** Ontology names changed under the same UUID. */
  renames: DialogRename[];
}

interface Item {
  label: string;
  text: string;
  detail: string;
}

export function diffDialogs(before: DialogModel, after: DialogModel): DialogDiff {
  const changes: DialogChange[] = [];
  const renames: DialogRename[] = [];
  const compare = (kind: DialogItemKind, a: Map<string, Item>, b: Map<string, Item>): void => {
    for (const [id, x] of a) {
      const y = b.get(id);
      if (!y) changes.push({ kind, change: 'removed', id, label: x.label });
      else if (x.text !== y.text) {
        const change: DialogChange = { kind, change: 'changed', id, label: y.label, before: x.text, after: y.text };
        const detail =
          x.detail !== y.detail ? `${x.detail} → ${y.detail}` : x.label !== y.label ? `was ${x.label}` : '';
        if (detail) change.detail = detail;
        changes.push(change);
      }
    }
    for (const [id, y] of b) if (!a.has(id)) changes.push({ kind, change: 'added', id, label: y.label });
  };
  compare('component', components(before), components(after));
  compare('node', nodes(before), nodes(after));
  compare('mapping', mappings(before), mappings(after));
  compare('variable', variables(before), variables(after));
  compare('intent', ontology(before, 'intent'), ontology(after, 'intent'));
  compare('entity', ontology(before, 'entity'), ontology(after, 'entity'));
  for (const [kind, a, b] of [
    ['intent', before.intents, after.intents],
    ['entity', before.concepts, after.concepts],
  ] as const) {
    const names = new Map(b.map((x) => [x.id, x.name]));
    for (const x of a) {
      const to = names.get(x.id);
      if (to !== undefined && to !== x.name) renames.push({ kind, from: x.name, to });
    }
  }
  return { changes, renames };
}

function slice(model: DialogModel, range: { start: number; end: number }): string {
  return model.text.slice(range.start, range.end);
}

function components(m: DialogModel): Map<string, Item> {
  // A component's own keys, without its nodes (they are compared one by one).
  return new Map(
    m.components.map((c) => {
      const first = c.nodes[0];
      const last = c.nodes[c.nodes.length - 1];
      const text =
        first && last
          ? slice(m, { start: c.range.start, end: first.range.start }) +
            slice(m, { start: last.range.end, end: c.range.end })
          : slice(m, c.range);
      return [
        c.id,
        { label: `component ${c.name}`, text, detail: `${c.nodes.length} node${c.nodes.length === 1 ? '' : 's'}` },
      ];
    }),
  );
}

function nodes(m: DialogModel): Map<string, Item> {
  const names = new Map(m.components.map((c) => [c.id, c.name]));
  return new Map(
    [...nodesById(m)].map(([id, n]) => [
      id,
      {
        label: `${n.kind || 'node'} ${n.name || id} in ${names.get(n.componentId) ?? '?'}`,
        text: slice(m, n.range),
        detail: n.kind,
      },
    ]),
  );
}

function mappings(m: DialogModel): Map<string, Item> {
  const intents = new Map(m.intents.map((i) => [i.id, i.name]));
  const targets = new Map<string, string>([
    ...m.components.map((c) => [c.id, c.name] as const),
    ...[...nodesById(m)].map(([id, n]) => [id, n.name] as const),
  ]);
  return new Map(
    m.mappings.map((x) => {
      const intent = intents.get(x.intentId) ?? x.intentId;
      const to = x.destination ? (targets.get(x.destination.id) ?? x.destination.id) : '(none)';
      return [
        x.id || `${x.nodeId ?? ''}:${x.intentId}`,
        { label: `mapping ${intent}${x.nodeId ? ' (intent mapper)' : ''}`, text: slice(m, x.range), detail: `→ ${to}` },
      ];
    }),
  );
}

function variables(m: DialogModel): Map<string, Item> {
  return new Map(
    m.variables.map((v) => [
      v.id,
      { label: `variable ${v.name}`, text: slice(m, v.range), detail: v.simpleType || 'complex' },
    ]),
  );
}

function ontology(m: DialogModel, kind: 'intent' | 'entity'): Map<string, Item> {
  const list = kind === 'intent' ? m.intents : m.concepts;
  return new Map(list.map((x) => [x.id, { label: `${kind} ${x.name}`, text: slice(m, x.range), detail: x.name }]));
}

/** Whether a change is only `rename` applied: the before text with the old name written as the new one. */
export function onlyRenamed(change: DialogChange, rename: DialogRename): boolean {
  if (change.change !== 'changed' || change.before === undefined || change.after === undefined) return false;
  return replaceName(change.before, rename.from, rename.to) === change.after;
}

/** Replaces a name where it stands alone (in a JSON string or a `[name|uuid]` placeholder), not inside longer names. */
export function replaceName(text: string, from: string, to: string): string {
  return text.replace(new RegExp(`(?<![A-Za-z0-9_])${escapeRegExp(from)}(?![A-Za-z0-9_])`, 'g'), to);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
