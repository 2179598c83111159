// Coverage of live traffic: of the utterances an application logged in the last N days, the share whose text
// is already a sample (normalized match, in the utterance's locale: core/discover's TrainingIndex, the same
// "already a sample" the Utterances view shows), per interpreted intent. The topic is read by a bounded,
// ephemeral consumer: from the beginning to the end offsets it had when the read started, committing nothing
// (the consumer is deleted when it ends), and records older than the window are counted out by their time.
import { reviewUtterances } from '../discover/review';
import type { TrainingIndex } from '../discover/training';
import { clientNameOf } from '../logs/consumer';
import type { LogRecord } from '../logs/records';
import { LogStream } from '../logs/stream';
import type { Requester } from '../platform/requester';
import { throwIfAborted, type Progress } from '../progress';

export interface IntentCoverage {
  /** The interpreted (top) intent. */
  intent: string;
  utterances: number;
  /** Utterances whose normalized text is a sample of the project (of any intent). */
  matched: number;
  /** matched / utterances (0 with no utterances). */
  share: number;
}

export interface TrafficCoverage {
  /** The runtime app ID (event-log topic). */
  app: string;
  days: number;
  /** ISO start of the window (inclusive); it ends when the read started. */
  since: string;
  utterances: number;
  matched: number;
  share: number;
  /** Most utterances first. */
  intents: IntentCoverage[];
}

const DAY_MS = 86_400_000;

/** The window when none is given (`report --days`, `cstudio.health.coverageDays`). */
export const DEFAULT_COVERAGE_DAYS = 30;

/** The client name of the coverage consumer's group: its own, so no review's or tail's position is touched. */
export const COVERAGE_CLIENT_NAME = 'cstudio-coverage';

export interface CoverageWindow {
  app: string;
  days: number;
  /** Epoch ms the window ends at (default now). */
  now?: number;
}

export interface CoverageRunOptions {
  signal?: AbortSignal;
  progress?: Progress;
}

const shareOf = (matched: number, total: number): number => (total === 0 ? 0 : matched / total);

/** Counts the utterances of `records` in the window against the project's samples. */
export async function coverageOf(
  records: AsyncIterable<LogRecord>,
  training: TrainingIndex,
  window: CoverageWindow,
  run: CoverageRunOptions = {},
): Promise<TrafficCoverage> {
  const since = (window.now ?? Date.now()) - window.days * DAY_MS;
  const byIntent = new Map<string, IntentCoverage>();
  let read = 0;
  const items = reviewUtterances(records, {
    training,
    filter: { from: since },
    onRecord: () => {
      if (++read % 5000 === 0) run.progress?.report({ message: `${read} records of ${window.app} read` });
    },
  });
  for await (const { utterance, training: match } of items) {
    throwIfAborted(run.signal);
    let c = byIntent.get(utterance.intent);
    if (!c) byIntent.set(utterance.intent, (c = { intent: utterance.intent, utterances: 0, matched: 0, share: 0 }));
    c.utterances++;
    if (match.inTraining) c.matched++;
  }
  const intents = [...byIntent.values()].sort(
    (a, b) => b.utterances - a.utterances || a.intent.localeCompare(b.intent),
  );
  let utterances = 0;
  let matched = 0;
  for (const c of intents) {
    c.share = shareOf(c.matched, c.utterances);
    utterances += c.utterances;
    matched += c.matched;
  }
  return {
    app: window.app,
    days: window.days,
    since: new Date(since).toISOString(),
    utterances,
    matched,
    share: shareOf(matched, utterances),
    intents,
  };
}

export interface TrafficSource {
  requester: Requester;
  /** The connection's runtime client id, whose client name names the consumer group when it has one. */
  clientId?: string;
}

/** Coverage read from the application's event logs (see the top of this file for how the topic is read). */
export async function liveTrafficCoverage(
  source: TrafficSource,
  training: TrainingIndex,
  window: CoverageWindow,
  run: CoverageRunOptions = {},
): Promise<TrafficCoverage> {
  const now = window.now ?? Date.now();
  const stream = new LogStream({
    requester: source.requester,
    topic: window.app,
    start: { kind: 'beginning' },
    untilEnd: true,
    commit: false,
    clientName: (source.clientId !== undefined ? clientNameOf(source.clientId) : undefined) ?? COVERAGE_CLIENT_NAME,
    ...(run.signal ? { signal: run.signal } : {}),
  });
  try {
    return await coverageOf(stream, training, { ...window, now }, run);
  } finally {
    await stream.stop();
  }
}
