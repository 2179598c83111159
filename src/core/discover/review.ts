// The review of live traffic: interpreted utterances from a record stream, each with whether it is already a
// sample, narrowed by the filter and the ignore list. The caller owns the stream (where it starts, whether it
// commits), so the CLI reads a topic to its end while a view follows it from its committed position.
import type { LogRecord } from '../logs/records';
import { compileDiscoverFilter, type DiscoverFilter } from './filters';
import type { TrainingIndex, TrainingMatch } from './training';
import { UtteranceReader, type InterpretedUtterance } from './utterance';

export interface ReviewItem {
  readonly utterance: InterpretedUtterance;
  readonly training: TrainingMatch;
}

export interface ReviewOptions {
  readonly training: TrainingIndex;
  readonly filter?: DiscoverFilter;
  readonly ignored?: ReadonlySet<string>;
  /** Called for every record read, matching or not (progress). */
  readonly onRecord?: () => void;
}

export async function* reviewUtterances(
  records: AsyncIterable<LogRecord>,
  options: ReviewOptions,
): AsyncGenerator<ReviewItem> {
  const reader = new UtteranceReader();
  const matches = compileDiscoverFilter(options.filter ?? {});
  for await (const record of records) {
    options.onRecord?.();
    const utterance = reader.read(record);
    if (!utterance || options.ignored?.has(utterance.id)) continue;
    const training = options.training.match(utterance.text, utterance.locale);
    if (matches(utterance, training)) yield { utterance, training };
  }
}
