// What a model answered for one test utterance, beside what the test expected: the unit every report, the JUnit
// file, the behaviour diff and the editor's test results are made from.
import type { ExpectedEntity } from './testSet';

export interface PredictedEntity {
  entity: string;
  literal: string;
  /** Canonical value, or a struct flattened (entityValues.ts); absent when the model gave only the words. */
  value?: string;
}

export interface Prediction {
  /** The test set's name and the 1-based line of the utterance in it. */
  set: string;
  line: number;
  text: string;
  expected: string;
  /** The top interpretation's intent (`NO_INTENT` when the model found none). */
  predicted: string;
  confidence: number;
  expectedEntities: ExpectedEntity[];
  entities: PredictedEntity[];
}

export function isCorrect(p: Pick<Prediction, 'expected' | 'predicted'>): boolean {
  return p.expected === p.predicted;
}

/** The identity of an utterance across two runs of the same set: set, line and text. */
export function utteranceKey(p: Pick<Prediction, 'set' | 'line' | 'text'>): string {
  return `${p.set}\u0000${p.line}\u0000${p.text}`;
}
