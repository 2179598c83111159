// Wire types of the NLU content endpoints: entities (sent and received wrapped in a per-kind key such as
// `listEntity`), intents, entity types and import files (real-client-shapes.md, docs/platform-notes.md).
// The client unwraps entities into one `Entity` shape whose `kind` says which wrapper it came in.
import type { Blob } from 'node:buffer';

export type EntityKind = 'LIST' | 'FREEFORM' | 'REGEX' | 'RULE_BASED' | 'RELATIONAL' | 'BASE';
/** Kinds a project can create; BASE entities are predefined. */
export type CustomEntityKind = Exclude<EntityKind, 'BASE'>;

export const ENTITY_WRAPPER_KEYS: Readonly<Record<EntityKind, string>> = {
  LIST: 'listEntity',
  FREEFORM: 'freeformEntity',
  REGEX: 'regexEntity',
  RULE_BASED: 'ruleBasedEntity',
  RELATIONAL: 'relationalEntity',
  BASE: 'baseEntity',
};

export type EntityDataType =
  | 'NOT_SET'
  | 'ALPHANUM'
  | 'AMOUNT'
  | 'BOOLEAN'
  | 'DATE'
  | 'DIGITS'
  | 'DISTANCE'
  | 'NO_FORMAT'
  | 'NUMBER'
  | 'TEMPERATURE'
  | 'TIME'
  | 'YES_NO'
  | (string & {});

export type Anaphora =
  | 'ANAPHORA_NOT_SET'
  | 'ANAPHORA_REF_MOMENT'
  | 'ANAPHORA_REF_PERSON'
  | 'ANAPHORA_REF_PLACE'
  | 'ANAPHORA_REF_THING'
  | (string & {});

export interface EntitySettings {
  readonly isSensitive?: boolean;
  readonly canonicalize?: boolean;
}

/** Literals of one value: the value (`meaning`) and the literals that say it (`patterns`). */
export interface LiteralGroup {
  readonly meaning: string;
  readonly patterns: readonly string[];
}

export interface Entity {
  readonly kind: EntityKind;
  readonly id: string;
  readonly name: string;
  readonly isDynamic?: boolean;
  readonly dataType?: EntityDataType;
  /** Always present (defaults filled in when a platform leaves it out). */
  readonly settings: EntitySettings;
  readonly anaphora?: Anaphora;
  /** List entities: literal/value pairs over all locales. */
  readonly numLiterals?: number;
  /** List entities, single-entity replies: literals per locale. */
  readonly data?: Readonly<Record<string, { readonly entries: readonly LiteralGroup[] }>>;
  /** Regex entities. */
  readonly pattern?: string;
  /** Relational entities. */
  readonly isA?: string;
  readonly hasA?: { readonly entities: readonly string[] };
}

/** What creating an entity takes; the client wraps it in the kind's key. */
export interface NewEntity {
  readonly kind: CustomEntityKind;
  readonly name: string;
  readonly isDynamic?: boolean;
  readonly dataType?: EntityDataType;
  readonly settings?: EntitySettings;
  readonly anaphora?: Anaphora;
  /** Regex entities (required): applies to every locale at first. */
  readonly pattern?: string;
  readonly locale?: string;
  /** Relational entities: at least one of isA and hasA. */
  readonly isA?: string;
  readonly hasA?: readonly string[];
  /** List entities: initial literals per locale. */
  readonly data?: Readonly<Record<string, readonly LiteralGroup[]>>;
}

/** What an update may change: settings and properties, never the kind (that is `changeType`). */
export interface EntityUpdate {
  readonly dataType?: EntityDataType;
  readonly isDynamic?: boolean;
  readonly settings?: EntitySettings;
  readonly anaphora?: Anaphora;
}

export interface EntityTypeChange {
  readonly newType: CustomEntityKind;
  /** Required for REGEX. */
  readonly pattern?: string;
  /** RELATIONAL: at least one of isA and hasA. */
  readonly isA?: string;
  readonly hasA?: readonly string[];
  readonly data?: Readonly<Record<string, readonly LiteralGroup[]>>;
  readonly dataType?: EntityDataType;
}

export interface IntentLink {
  readonly entityRef: string;
}

export interface Intent {
  readonly id: string;
  readonly name: string;
  readonly isInBaseOntology?: boolean;
  readonly links: readonly IntentLink[];
}

export interface EntityType {
  readonly name: string;
  readonly description?: string;
  readonly compatibleDataTypes: readonly string[];
}

/** A file to upload: its bytes and name (the name's extension tells the platform its format). */
export interface ImportFile {
  readonly data: Uint8Array | Blob;
  readonly fileName: string;
}

export interface GrammarsReplaceResult {
  readonly entity?: Entity;
  /** Locales whose grammar was replaced. */
  readonly replacedLocales: readonly string[];
}

export interface ExportOptions {
  /** Only these locales (repeated `?locales=`); all project locales by default. */
  readonly locales?: readonly string[];
  readonly signal?: AbortSignal;
  readonly maxBytes?: number;
}
