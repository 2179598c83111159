// Per entity precision, recall and F1, judged twice: on the literal (the words the entity covers) and on the value
// (a list entity's canonical value or a struct). Within one utterance expected and predicted mentions of an entity
// are matched as multisets of keys (core/formats/sampleText's folding): a mention found twice but expected once is one
// hit and one false positive. Values are judged only for the mentions whose expected value the test file gives,
// and a prediction with no value is judged by its literal, as the platform's Test Tool does.
import { literalKey, valueKey } from './entityValues';
import { f1, ratio, type Scores } from './intentReport';
import type { Prediction } from './prediction';

export interface EntityScores {
  literal: Scores;
  /** Absent when no expected mention of the entity carries a value. */
  value?: Scores;
}

export type EntityReport = Record<string, EntityScores>;

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export function entityReport(predictions: Iterable<Prediction>): EntityReport {
  const literal = new Map<string, Counts>();
  const value = new Map<string, Counts>();
  const countsOf = (m: Map<string, Counts>, entity: string): Counts => {
    let c = m.get(entity);
    if (!c) m.set(entity, (c = { tp: 0, fp: 0, fn: 0 }));
    return c;
  };
  for (const p of predictions) {
    const entities = new Set([...p.expectedEntities.map((e) => e.entity), ...p.entities.map((e) => e.entity)]);
    for (const entity of entities) {
      const expected = p.expectedEntities.filter((e) => e.entity === entity);
      const predicted = p.entities.filter((e) => e.entity === entity);
      const withLiteral = expected.filter((e) => e.literal !== undefined);
      if (withLiteral.length > 0 || expected.length === 0) {
        add(
          countsOf(literal, entity),
          withLiteral.map((e) => literalKey(e.literal as string)),
          predicted.map((e) => literalKey(e.literal)),
        );
      }
      const withValue = expected.filter((e) => e.value !== undefined);
      if (withValue.length > 0) {
        add(
          countsOf(value, entity),
          withValue.map((e) => valueKey(e.value as string)),
          predicted.map((e) => valueKey(e.value ?? e.literal)),
        );
      }
    }
  }
  const report: EntityReport = {};
  for (const entity of [...literal.keys(), ...value.keys()].filter((e, i, all) => all.indexOf(e) === i).sort()) {
    const l = literal.get(entity);
    const v = value.get(entity);
    report[entity] = { literal: scores(l ?? { tp: 0, fp: 0, fn: 0 }), ...(v ? { value: scores(v) } : {}) };
  }
  return report;
}

/** Multiset match of expected and predicted keys within one utterance. */
function add(c: Counts, expected: readonly string[], predicted: readonly string[]): void {
  const left = new Map<string, number>();
  for (const k of expected) left.set(k, (left.get(k) ?? 0) + 1);
  let tp = 0;
  for (const k of predicted) {
    const n = left.get(k) ?? 0;
    if (n > 0) {
      tp++;
      left.set(k, n - 1);
    }
  }
  c.tp += tp;
  c.fp += predicted.length - tp;
  c.fn += expected.length - tp;
}

function scores(c: Counts): Scores {
  const precision = ratio(c.tp, c.tp + c.fp);
  const recall = ratio(c.tp, c.tp + c.fn);
  return { precision, recall, 'f1-score': f1(precision, recall), support: c.tp + c.fn };
}
