// Evaluation through a runtime API: the test utterances sent with bounded concurrency, answers taken in the
// sets' order whatever order they arrive in. A 429 pauses every worker for the server's Retry-After (the one
// reading of it: core/platform/retry.ts) before the utterance is asked again; answers already journaled
// (answerJournal.ts) are not asked again, so a stopped run resumes.
import { setMaxListeners } from 'node:events';
import { sleep, throwIfAborted } from '../../progress';
import { nextDelay, retryPolicy, type RetryPolicy } from '../../platform/retry';
import type { InterpretRequestWire, InterpretResponseWire } from '../../platform/nluRuntimeTypes';
import type { InterpretResult } from '../engine/types';
import type { AnswerJournal } from './answerJournal';
import { interpretedPrediction } from './interpretedPrediction';
import { utteranceKey, type Prediction } from './prediction';
import { runtimeAnswer } from './runtimeAnswer';
import type { TestSet, TestUtterance } from './testSet';

export type InterpretText = (text: string, signal: AbortSignal | undefined) => Promise<InterpretResult>;

/** What a runtime client offers (core/platform/nluRuntime.ts, or the CLI's session's client). */
export interface InterpretsRequests {
  interpret(request: InterpretRequestWire, signal?: AbortSignal): Promise<InterpretResponseWire>;
}

/**
 * Test utterances asked of the model `uri` through a runtime client, the answer in the engine's shape: the one
 * request an evaluation sends (the CLI's --tag/--model runs and VS Code's deployed-configuration runs). `caller`
 * goes in clientData, so the sandbox's logs tell test traffic from callers.
 */
export function runtimeInterpreter(client: InterpretsRequests, uri: string, caller: string): InterpretText {
  return async (text, signal) =>
    runtimeAnswer(
      text,
      await client.interpret(
        {
          parameters: { interpretationResultType: 'SINGLE_INTENT' },
          model: { type: 'SEMANTIC_MODEL', uri },
          input: { text },
          clientData: { 'x-cstudio': caller },
        },
        signal,
      ),
    );
}

export interface RemoteRunOptions {
  concurrency: number;
  journal?: AnswerJournal;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Told each time a 429 pauses the run, with the wait in milliseconds. */
  onPause?: (ms: number) => void;
  /** How long to wait on 429s without Retry-After, and how many in a row one utterance may meet (default 10). */
  retry?: Partial<RetryPolicy>;
}

/** An error a runtime client throws: its HTTP status and the Retry-After it carried, when any. */
interface StatusError {
  status?: number;
  retryAfterMs?: number;
}

const RATE_LIMIT_ATTEMPTS = 10;

export async function predictThrough(
  interpret: InterpretText,
  sets: readonly TestSet[],
  options: RemoteRunOptions,
): Promise<Prediction[]> {
  const jobs: { set: string; u: TestUtterance; index: number }[] = [];
  for (const set of sets) for (const u of set.utterances) jobs.push({ set: set.name, u, index: jobs.length });
  const results: (Prediction | undefined)[] = new Array<Prediction | undefined>(jobs.length);
  let done = 0;
  const pending = jobs.filter((j) => {
    const known = options.journal?.done.get(utteranceKey({ set: j.set, line: j.u.line, text: j.u.text }));
    if (known && known.expected === j.u.intent) {
      results[j.index] = { ...known, expectedEntities: j.u.entities };
      done++;
      return false;
    }
    return true;
  });
  const policy = retryPolicy({ maxAttempts: RATE_LIMIT_ATTEMPTS, ...options.retry });
  let pausedUntil = 0;
  let next = 0;
  // The first failure stops the other workers (and their requests in flight): the run ends with that error.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  // Each request in flight listens to it (the transport, the Retry-After wait): N workers are not a leak.
  setMaxListeners(10 + 4 * options.concurrency, signal);
  options.onProgress?.(done, jobs.length);

  const ask = async (j: { set: string; u: TestUtterance }): Promise<Prediction> => {
    for (let attempt = 1; ; attempt++) {
      const wait = pausedUntil - Date.now();
      if (wait > 0) await sleep(wait, signal);
      throwIfAborted(signal);
      try {
        return interpretedPrediction(j.set, j.u, await interpret(j.u.text, signal));
      } catch (e) {
        const status = (e as StatusError).status;
        if (status !== 429 || attempt >= policy.maxAttempts) throw e;
        // One 429 holds back every worker: the server asked the client, not this request, to slow down.
        const until = Date.now() + nextDelay(attempt, policy, (e as StatusError).retryAfterMs);
        if (until > pausedUntil) {
          pausedUntil = until;
          options.onPause?.(until - Date.now());
        }
      }
    }
  };

  const worker = async (): Promise<void> => {
    try {
      while (next < pending.length) {
        throwIfAborted(signal);
        const j = pending[next++] as (typeof pending)[number];
        const p = await ask(j);
        results[j.index] = p;
        await options.journal?.record(p);
        options.onProgress?.(++done, jobs.length);
      }
    } catch (e) {
      stop.abort(e);
      throw e;
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(options.concurrency, pending.length)) }, worker);
  const settled = await Promise.allSettled(workers);
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    throwIfAborted(options.signal); // a cancel by the caller is reported as such, not as the request it cut
    throw stop.signal.reason;
  }
  return results.filter((p): p is Prediction => p !== undefined);
}
