// What `discover list` and the Utterances view narrow the review to. One filter shape for both.
import type { TrainingMatch } from './training';
import type { InterpretedUtterance } from './utterance';

export interface DiscoverFilter {
  readonly minConfidence?: number;
  readonly maxConfidence?: number;
  readonly intent?: string;
  readonly locale?: string;
  /** Epoch ms, inclusive. */
  readonly from?: number;
  /** Epoch ms, exclusive. */
  readonly to?: number;
  readonly notInTraining?: boolean;
  /** Only utterances that match a sample of another intent. */
  readonly intentDiffers?: boolean;
}

export type UtteranceTest = (u: InterpretedUtterance, training: TrainingMatch) => boolean;

export function compileDiscoverFilter(f: DiscoverFilter): UtteranceTest {
  const tests: UtteranceTest[] = [];
  if (f.minConfidence !== undefined) {
    const min = f.minConfidence;
    tests.push((u) => u.confidence >= min);
  }
  if (f.maxConfidence !== undefined) {
    const max = f.maxConfidence;
    tests.push((u) => u.confidence <= max);
  }
  if (f.intent !== undefined) {
    const intent = f.intent;
    tests.push((u) => u.intent === intent);
  }
  if (f.locale !== undefined) {
    const locale = f.locale.toLowerCase();
    tests.push((u) => u.locale?.toLowerCase() === locale);
  }
  if (f.from !== undefined || f.to !== undefined) {
    const from = f.from ?? -Infinity;
    const to = f.to ?? Infinity;
    tests.push((u) => {
      const t = u.time ? Date.parse(u.time) : NaN;
      return t >= from && t < to;
    });
  }
  if (f.notInTraining) tests.push((_u, t) => !t.inTraining);
  if (f.intentDiffers) tests.push((u, t) => t.inTraining && !t.intents.includes(u.intent));
  return (u, t) => tests.every((test) => test(u, t));
}
