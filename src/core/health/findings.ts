// What the model-health report finds: one shape for every rule, so the CLI table, the JSON output, the
// `--fail-on` check and the editor's Model Health view read the same thing.
import type { TrafficCoverage } from './coverage';

export const HEALTH_RULES = [
  'samples-below-minimum',
  'intent-imbalance',
  'locale-parity',
  'conflict',
  'near-duplicate',
  'unannotated-mention',
  'literal-collision',
  'confusion',
] as const;

export type HealthRule = (typeof HEALTH_RULES)[number];

export function isHealthRule(name: string): name is HealthRule {
  return (HEALTH_RULES as readonly string[]).includes(name);
}

export type HealthSeverity = 'error' | 'warning' | 'info';

/** Lines are 1-based and inclusive: the element the finding is about, in the file it is in. */
export interface HealthLocation {
  /** Package path, e.g. `en-US/en-US.trsx`. */
  file: string;
  startLine: number;
  endLine: number;
}

/** A text edit on a file (UTF-16 offsets into its decoded text) that fixes a finding. */
export interface HealthEdit {
  file: string;
  start: number;
  end: number;
  newText: string;
}

export interface HealthFinding {
  rule: HealthRule;
  severity: HealthSeverity;
  /** Names the resource, what is wrong and the fix. */
  message: string;
  locale?: string;
  location?: HealthLocation;
  /** Other places the finding involves (the other sample of a conflict, the other entity of a collision). */
  related?: HealthLocation[];
  /** An edit that fixes it, when one is certain (un-annotated mentions). */
  fix?: HealthEdit;
}

export interface HealthOptions {
  /** An intent with fewer samples than this in a locale is reported (default 5). */
  minSamples: number;
  /** Largest accepted ratio between a locale's most and least sampled intents (default 10). */
  maxImbalance: number;
  /** Token-set Jaccard similarity from which two samples of different intents are near-duplicates (default 0.8). */
  similarity: number;
}

export const DEFAULT_HEALTH_OPTIONS: Readonly<HealthOptions> = { minSamples: 5, maxImbalance: 10, similarity: 0.8 };

/** Severity of each rule: what makes the model wrong is a warning, what makes it weaker is info. */
export const RULE_SEVERITY: Readonly<Record<HealthRule, HealthSeverity>> = {
  'samples-below-minimum': 'warning',
  'intent-imbalance': 'info',
  'locale-parity': 'warning',
  conflict: 'error',
  'near-duplicate': 'warning',
  'unannotated-mention': 'warning',
  'literal-collision': 'warning',
  confusion: 'warning',
};

export interface IntentCount {
  intent: string;
  /** `<sample>` elements (excluded ones left out). */
  samples: number;
  /** The same weighted by their `count` attribute. */
  weighted: number;
}

export interface LocaleSummary {
  locale: string;
  file: string;
  samples: number;
  intents: IntentCount[];
  /** Most over least sampled intent (intents with samples), 1 with fewer than two such intents. */
  imbalance: number;
  /** Well-formedness errors in the file: with any, the report covers only what could be read. */
  xmlErrors: number;
}

export interface HealthReport {
  locales: LocaleSummary[];
  findings: HealthFinding[];
  /** Coverage of live traffic, when an application was given (coverage.ts). */
  coverage?: TrafficCoverage;
  /** Why the coverage of a given application is missing (it could not be read). */
  coverageProblem?: string;
}
