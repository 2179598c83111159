// A TRSX document as keyed items, the unit of semantic diffs and three-way merges: the header (language,
// version, metadata, sources), each intent and entity by name, each literal by (entity, literal, value) and
// each sample by (intent, text with annotations). Order carries no meaning in TRSX, so it is not compared;
// attribute defaults the platform fills in (count 1, value = literal) compare equal to their absence.
import { hash } from 'node:crypto';
import type { DictionaryEntry, TrsxConcept, TrsxDocument, TrsxIntent, TrsxSample } from '../../formats/trsx/model';
import { annotatedSampleKey } from '../../formats/trsx/sample-text';

export type ItemKind = 'header' | 'intent' | 'entity' | 'literal' | 'sample';

export const ITEM_KINDS: readonly ItemKind[] = ['header', 'intent', 'entity', 'literal', 'sample'];

export interface HeaderPart {
  lang?: string;
  version?: string;
  enginePackVersion?: string;
  ontologyBase?: string;
  metadata: TrsxDocument['metadata'];
  sources: TrsxDocument['sources'];
}

export type ItemSource =
  | { kind: 'header'; header: HeaderPart }
  | { kind: 'intent'; intent: TrsxIntent }
  | { kind: 'entity'; concept: TrsxConcept }
  | { kind: 'literal'; entity: string; entry: DictionaryEntry }
  | { kind: 'sample'; sample: TrsxSample };

export interface TrsxItem {
  readonly kind: ItemKind;
  /** Unique within the document and kind. */
  readonly key: string;
  /** Canonical form of what the item says; equal values mean equal items. */
  readonly value: string;
  /** The model object the item came from; a diff's before side has none (see diffWalks). */
  readonly source?: ItemSource;
}

/** Items by `kind + NUL + key`, in document order. */
export type TrsxItems = Map<string, TrsxItem>;

export function itemId(kind: ItemKind, key: string): string {
  return `${kind}\u0000${key}`;
}

export function trsxItems(doc: TrsxDocument): TrsxItems {
  const collector = new ItemCollector();
  walkDocument(doc)(collector);
  return collector.items;
}

/** Receives a document's items one by one, as a streaming reader or a walk over a model produces them. */
export abstract class ItemSink {
  /** Most samples share their attribute values: one string per distinct value (large files hold 100k samples). */
  private readonly interned = new Map<string, string>();

  protected abstract add(item: Required<TrsxItem>): void;

  protected intern(value: string): string {
    const known = this.interned.get(value);
    if (known !== undefined) return known;
    this.interned.set(value, value);
    return value;
  }

  /** Everything but the samples. */
  addDocument(doc: TrsxDocument): void {
    const header: HeaderPart = {
      lang: doc.lang,
      version: doc.version,
      enginePackVersion: doc.enginePackVersion,
      ontologyBase: doc.ontologyBase,
      metadata: doc.metadata,
      sources: doc.sources,
    };
    this.add({ kind: 'header', key: 'header', value: stable(header), source: { kind: 'header', header } });
    for (const intent of doc.intents) {
      this.add({
        kind: 'intent',
        key: intent.name,
        value: stable({
          sourceref: intent.sourceref,
          links: [...new Set(intent.links.map((l) => l.conceptref))].sort(),
        }),
        source: { kind: 'intent', intent },
      });
    }
    for (const concept of doc.concepts) {
      const { name: _name, settings, relations, ...rest } = concept;
      this.add({
        kind: 'entity',
        key: concept.name,
        value: stable({
          ...rest,
          freetext: concept.freetext === true ? true : undefined,
          dynamic: concept.dynamic === true ? true : undefined,
          settings: [...settings].sort((a, b) => compare(a.name, b.name)).map((x) => [x.name, x.value]),
          relations: relations.map((r) => `${r.type}\u0000${r.conceptref}`).sort(),
        }),
        source: { kind: 'entity', concept },
      });
    }
    for (const dictionary of doc.dictionaries) {
      for (const entry of dictionary.entries) {
        const value = entry.value ?? entry.literal;
        this.add({
          kind: 'literal',
          key: `${dictionary.conceptref}\u0000${entry.literal}\u0000${value}`,
          value: stable({ sourceref: entry.sourceref, protected: entry.protected === true ? true : undefined }),
          source: { kind: 'literal', entity: dictionary.conceptref, entry },
        });
      }
    }
  }

  addSample(sample: TrsxSample): void {
    this.add({
      kind: 'sample',
      key: `${sample.intentref}\u0000${annotatedSampleKey(sample.content)}`,
      value: sampleValue(sample),
      source: { kind: 'sample', sample },
    });
  }
}

/** Feeds a document's items to a sink, or says why the document cannot be read. */
export type ItemWalk = (sink: ItemSink) => { ok: true } | { ok: false; problem: string };

/** The items of a model already in memory. */
export function walkDocument(doc: TrsxDocument): ItemWalk {
  return (sink) => {
    sink.addDocument(doc);
    for (const sample of doc.samples) sink.addSample(sample);
    return { ok: true };
  };
}

/** Every item, with its source, in a map by id: what a three-way merge looks items up in. */
export class ItemCollector extends ItemSink {
  readonly items: TrsxItems = new Map();

  protected add(full: Required<TrsxItem>): void {
    let id = itemId(full.kind, full.key);
    // Duplicates (a validation warning) stay distinct items so neither is lost.
    for (let n = 2; this.items.has(id); n++) id = itemId(full.kind, `${full.key}\u0000#${n}`);
    // The id is flat once it is a map key; the key is a slice of it rather than a second copy.
    const key = id.slice(full.kind.length + 1);
    this.items.set(id, { kind: full.kind, key, value: this.intern(full.value), source: full.source });
  }
}

/**
 * An item's key, numbered as ItemCollector numbers duplicates (`key NUL #2`…), and a hash of its id: for sinks
 * that remember hashes instead of ids, which are built from many pieces of the file's text and would keep it
 * alive. `hashId` hashes an id (idHash, idNumber); `taken` says whether a hash was already met.
 */
export function numberedItem<H>(
  kind: ItemKind,
  key: string,
  hashId: (id: string) => H,
  taken: (hash: H) => boolean,
): { key: string; id: string; hash: H } {
  let numbered = key;
  let id = itemId(kind, key);
  let idHashed = hashId(id);
  for (let n = 2; taken(idHashed); n++) {
    numbered = `${key}\u0000#${n}`;
    id = itemId(kind, numbered);
    idHashed = hashId(id);
  }
  return { key: numbered, id, hash: idHashed };
}

/** SHA-256 of an item id: what tells two items apart when a diff matches them. */
export function idHash(id: string): string {
  return hashOf(id, 'base64');
}

/**
 * 52 bits of an id's SHA-256, as a number (a few bytes where the base64 text takes 64): enough to number
 * duplicates, where a collision could only make two documents look different, never alike (a numbered id has
 * one more NUL-separated part than any id a file can give, so no other document holds it unnumbered).
 */
function idNumber(id: string): number {
  return parseInt(hashOf(id, 'hex').slice(0, 13), 16);
}

/** Digests are sums of per-item hashes modulo 2^256, so the order items come in does not matter. */
const DIGEST_MASK = (1n << 256n) - 1n;

/**
 * Items folded into one digest as they come, instead of kept: two documents have equal digests exactly when
 * `sameTrsx` says they mean the same (but for a SHA-256 collision). Only hashes of the item ids stay alive (to
 * number duplicates as the item lists do), which is what lets large files be compared one at a time, cheaply.
 */
export class ItemDigest extends ItemSink {
  private readonly ids = new Set<number>();
  private count = 0;
  private sum = 0n;

  protected add(full: Required<TrsxItem>): void {
    const { id, hash } = numberedItem(full.kind, full.key, idNumber, (h) => this.ids.has(h));
    this.ids.add(hash);
    this.fold(id, full.value);
  }

  /** Lengths first, so no two different items can run together into the same text. */
  private fold(id: string, value: string): void {
    this.count++;
    this.sum = (this.sum + BigInt(`0x${hashOf(`${id.length}:${id}${value.length}:${value}`, 'hex')}`)) & DIGEST_MASK;
  }

  digest(): string {
    return `${this.count}:${this.sum.toString(16)}`;
  }
}

function hashOf(text: string, encoding: 'hex' | 'base64'): string {
  return hash('sha256', text, encoding);
}

/**
 * The attributes of a sample that the key does not hold, defaults filled in: `stable` of them, written directly
 * (members in sorted order, undefined ones dropped by JSON.stringify) since it runs for every sample.
 */
export function sampleValue(s: TrsxSample): string {
  return JSON.stringify({
    count: s.count ?? 1,
    description: s.description,
    excluded: s.excluded === true,
    fullyVerified: s.fullyVerified === true,
    protected: s.protected === true,
    sourceref: s.sourceref,
  });
}

/** JSON with object keys sorted and undefined members dropped, so equal meaning gives equal text. */
export function stable(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(o)
          .sort()
          .filter((k) => o[k] !== undefined)
          .map((k) => [k, o[k]]),
      );
    }
    return v;
  });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** What a person calls an item: `intent ORDER_COFFEE`, `sample "a [SIZE: large] latte" of ORDER_COFFEE`. */
export function itemLabel(item: Pick<TrsxItem, 'kind' | 'key'>): string {
  const [first = '', second = '', third = '', duplicate] = item.key.split('\u0000');
  const nth = (part: string | undefined): string => (part?.startsWith('#') ? ` (${part.slice(1)}. copy)` : '');
  switch (item.kind) {
    case 'header':
      return 'project header (language, version, metadata, sources)';
    case 'intent':
      return `intent ${first}`;
    case 'entity':
      return `entity ${first}`;
    case 'literal':
      return `literal "${second}"${third === second ? '' : ` → ${third}`} of ${first}${nth(duplicate)}`;
    case 'sample':
      return `sample "${shorten(second)}" of ${first}${nth(third)}`;
  }
}

function shorten(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
