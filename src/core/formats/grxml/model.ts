// The semantic model of an SRGS 1.0 grammar in XML form (GrXML). The builder (builder.ts) fills it while the
// document is scanned, keeping the source range of every element so diagnostics, the matcher's parse tree and
// the language services can point back into the text; its objects are the compact classes of modelNodes.ts, a
// rule's expansions made from the expansion store (expansionStore.ts) when its body is first read. The model is
// tolerant: it holds what the document says even when the document is invalid; `validate.ts` judges it.

import type { TextRange } from '../diagnostic';

export const SRGS_NAMESPACE = 'http://www.w3.org/2001/06/grammar';

export type GrammarMode = 'voice' | 'dtmf';
export type RuleScope = 'public' | 'private';
export type SpecialRuleName = 'NULL' | 'VOID' | 'GARBAGE';

export interface Grammar {
  /** Namespace URI of the root element as resolved from `xmlns` declarations (undefined: none). */
  namespace?: string;
  /** Name of the root element as written (`grammar`, `ns2:grammar`, or something else for a non-grammar file). */
  elementName?: string;
  version?: string;
  /** `xml:lang` of the grammar element. */
  lang?: string;
  /** Effective mode (`voice` when the attribute is absent or invalid). */
  mode: GrammarMode;
  /** The `mode` attribute as written, if any. */
  modeAttribute?: string;
  root?: string;
  tagFormat?: string;
  /** `xml:base` of the grammar element. */
  base?: string;
  /** Where the document came from (a file path or URL); external rule references resolve against `base ?? uri`. */
  uri?: string;
  lexicons: Lexicon[];
  metas: Meta[];
  metadata: Metadata[];
  /** Header `<tag>`s (global script or literal, run before any rule's tags). */
  tags: TagExpansion[];
  rules: Rule[];
  /** First definition of every rule id (duplicates are reported by validation). */
  rulesById: ReadonlyMap<string, Rule>;
  /** Range of the root element (empty at 0 when the document has none). */
  range: TextRange;
}

export interface Lexicon {
  uri?: string;
  type?: string;
  range: TextRange;
}

export interface Meta {
  name?: string;
  httpEquiv?: string;
  content?: string;
  range: TextRange;
}

export interface Metadata {
  /** The raw XML text of the element (kept verbatim; not interpreted). */
  text: string;
  range: TextRange;
}

export interface Rule {
  readonly id: string;
  /** Effective scope (`private` when absent or invalid). */
  readonly scope: RuleScope;
  readonly scopeAttribute?: string;
  readonly lang?: string;
  readonly body: SequenceExpansion;
  readonly examples: readonly Example[];
  readonly range: TextRange;
  /** Range of the id attribute's value (the whole open tag when the id is missing). */
  readonly idRange: TextRange;
}

export interface Example {
  readonly text: string;
  readonly range: TextRange;
}

export type Expansion =
  | SequenceExpansion
  | TokenExpansion
  | RuleRefExpansion
  | ItemExpansion
  | OneOfExpansion
  | TagExpansion;

/** Children matched one after the other (a rule body, an item body). */
export interface SequenceExpansion {
  readonly kind: 'sequence';
  readonly children: Expansion[];
  readonly range: TextRange;
}

export interface TokenExpansion {
  readonly kind: 'token';
  /** Whitespace-normalized token text; may hold several words when it came from `<token>` or double quotes. */
  readonly text: string;
  /** The token came from a `<token>` element or a double-quoted run, so it is one token even with spaces. */
  readonly quoted: boolean;
  readonly lang?: string;
  readonly range: TextRange;
}

export type RuleRefTarget =
  | { kind: 'local'; rule: string }
  /** `uri` without its fragment; `rule` is the fragment (absent: the referenced grammar's root rule). */
  | { kind: 'external'; uri: string; rule?: string }
  | { kind: 'special'; name: SpecialRuleName }
  /** Neither a usable `uri` nor a known `special` (reported by validation; never matches). */
  | { kind: 'invalid' };

export interface RuleRefExpansion {
  readonly kind: 'ruleref';
  readonly uri?: string;
  readonly special?: string;
  readonly type?: string;
  readonly target: RuleRefTarget;
  readonly range: TextRange;
}

export interface RepeatSpec {
  readonly min: number;
  /** null: unbounded (`m-`). */
  readonly max: number | null;
}

/** An item's repeat, repeat-prob and weight: as they take effect, and as written. */
export interface ItemSpec {
  /** Effective repeat (1-1 when absent or invalid). `repeat="0"` is 0-0: the item matches nothing, as if absent. */
  readonly repeat: RepeatSpec;
  readonly repeatAttribute?: string;
  readonly repeatProb?: number;
  readonly repeatProbAttribute?: string;
  /** Effective weight (1 when absent or invalid). */
  readonly weight: number;
  readonly weightAttribute?: string;
}

export interface ItemExpansion extends ItemSpec {
  readonly kind: 'item';
  readonly body: SequenceExpansion;
  readonly lang?: string;
  readonly range: TextRange;
}

export interface OneOfExpansion {
  readonly kind: 'one-of';
  readonly items: ItemExpansion[];
  readonly lang?: string;
  readonly range: TextRange;
}

export interface TagExpansion {
  readonly kind: 'tag';
  /** Script or literal text, unescaped (CDATA included). */
  readonly text: string;
  readonly range: TextRange;
}
