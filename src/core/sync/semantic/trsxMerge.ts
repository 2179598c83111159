// Three-way merge of TRSX documents at the level of items (header, intents, entities, literals, samples):
// a side that left an item as the base had it takes the other side's version; both sides making the same
// change agree; both changing it differently is a conflict. The merged document keeps the local order and
// adds the remote's new items after it.
import type { DictionaryEntry, TrsxConcept, TrsxDocument, TrsxIntent, TrsxSample } from '../../formats/trsx/model';
import { itemLabel, trsxItems, type HeaderPart, type ItemKind, type TrsxItem, type TrsxItems } from './trsxItems';

export interface MergeConflict {
  readonly kind: ItemKind;
  readonly key: string;
  readonly label: string;
  /** What each side did: `added`, `removed`, `changed`. */
  readonly local: string;
  readonly remote: string;
}

export interface TrsxMergeResult {
  readonly document: TrsxDocument;
  readonly conflicts: MergeConflict[];
  /** Whether the merged document means something other than the local one. */
  readonly changesLocal: boolean;
}

export type ConflictPreference = 'local' | 'remote';

/** Merges; conflicting items take the `prefer` side's version (local by default). */
export function mergeTrsx(
  base: TrsxDocument,
  local: TrsxDocument,
  remote: TrsxDocument,
  prefer: ConflictPreference = 'local',
): TrsxMergeResult {
  const b = trsxItems(base);
  const l = trsxItems(local);
  const r = trsxItems(remote);
  const conflicts: MergeConflict[] = [];
  let changesLocal = false;
  const chosen: TrsxItem[] = [];
  const decide = (id: string): TrsxItem | undefined => {
    const bi = b.get(id);
    const li = l.get(id);
    const ri = r.get(id);
    if (li?.value === ri?.value) return li;
    if (li?.value === bi?.value) {
      changesLocal = true;
      return ri;
    }
    if (ri?.value === bi?.value) return li;
    const item = (li ?? ri) as TrsxItem;
    conflicts.push({
      kind: item.kind,
      key: item.key,
      label: itemLabel(item),
      local: sideChange(bi, li),
      remote: sideChange(bi, ri),
    });
    if (prefer === 'remote') {
      changesLocal = true;
      return ri;
    }
    return li;
  };
  for (const id of l.keys()) {
    const item = decide(id);
    if (item) chosen.push(item);
  }
  for (const id of r.keys()) {
    if (l.has(id)) continue;
    const item = decide(id);
    if (item) chosen.push(item);
  }
  return { document: buildDocument(chosen, local), conflicts, changesLocal };
}

function sideChange(base: TrsxItem | undefined, side: TrsxItem | undefined): string {
  if (!base) return side ? 'added' : 'absent';
  if (!side) return 'removed';
  return side.value === base.value ? 'unchanged' : 'changed';
}

/** Reassembles a document from chosen items; `fallback` gives the header if none was chosen. */
export function buildDocument(items: readonly TrsxItem[], fallback: TrsxDocument): TrsxDocument {
  let header: HeaderPart = {
    lang: fallback.lang,
    version: fallback.version,
    enginePackVersion: fallback.enginePackVersion,
    ontologyBase: fallback.ontologyBase,
    metadata: fallback.metadata,
    sources: fallback.sources,
  };
  const intents: TrsxIntent[] = [];
  const concepts: TrsxConcept[] = [];
  const dictionaries = new Map<string, DictionaryEntry[]>();
  const samples: TrsxSample[] = [];
  for (const item of items) {
    const s = item.source;
    if (!s) throw new Error(`buildDocument needs items read with their sources (${itemLabel(item)}).`);
    switch (s.kind) {
      case 'header':
        header = s.header;
        break;
      case 'intent':
        intents.push(s.intent);
        break;
      case 'entity':
        concepts.push(s.concept);
        break;
      case 'literal': {
        const list = dictionaries.get(s.entity) ?? [];
        list.push(s.entry);
        dictionaries.set(s.entity, list);
        break;
      }
      case 'sample':
        samples.push(s.sample);
        break;
    }
  }
  const doc: TrsxDocument = {
    metadata: header.metadata,
    sources: header.sources,
    intents,
    concepts,
    dictionaries: [...dictionaries].map(([conceptref, entries]) => ({ conceptref, entries })),
    samples,
  };
  if (header.lang !== undefined) doc.lang = header.lang;
  if (header.version !== undefined) doc.version = header.version;
  if (header.enginePackVersion !== undefined) doc.enginePackVersion = header.enginePackVersion;
  if (header.ontologyBase !== undefined) doc.ontologyBase = header.ontologyBase;
  return doc;
}

/** True when two documents mean the same (every item equal). */
export function sameTrsx(a: TrsxDocument | TrsxItems, b: TrsxDocument | TrsxItems): boolean {
  const x = a instanceof Map ? a : trsxItems(a);
  const y = b instanceof Map ? b : trsxItems(b);
  if (x.size !== y.size) return false;
  for (const [id, item] of x) if (y.get(id)?.value !== item.value) return false;
  return true;
}
