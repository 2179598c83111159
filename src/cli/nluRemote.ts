// `cstudio test nlu --tag/--model`: the test sets sent to a deployed model through the NLU runtime (the platform's
// or a sandbox's), with bounded concurrency and 429/Retry-After pauses (core/nlu/evaluation/remoteEvaluation.ts).
// With --out DIR the answers are journaled there as they come, and a run stopped half-way resumes from them.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AnswerJournal, JOURNAL_FILE } from '../core/nlu/evaluation/answerJournal';
import type { Prediction } from '../core/nlu/evaluation/prediction';
import { predictThrough, runtimeInterpreter } from '../core/nlu/evaluation/remoteEvaluation';
import type { TestSet } from '../core/nlu/evaluation/testSet';
import { nluModelUrn } from '../core/platform/nluRuntime';
import { parseIntFlag } from './args';
import type { CliIO } from './command';
import type { TestNluFlags } from './commands/testNlu';
import { openRuntimeSession, type ConnectionFlagValues } from './connection';
import { progressLine } from './nluReportOutput';
import { resolveInput } from './sourceFiles';

export const DEFAULT_CONCURRENCY = 8;

export async function predictDeployed(
  io: CliIO,
  values: TestNluFlags,
  sets: readonly TestSet[],
): Promise<{ model: string; predictions: Prediction[] }> {
  const uri = values.model ?? nluModelUrn(values.tag ?? '', values.locale ?? 'en-US');
  const concurrency = parseIntFlag(values.concurrency, 'concurrency', 1) ?? DEFAULT_CONCURRENCY;
  const session = await openRuntimeSession(values as ConnectionFlagValues, io, values.tag);
  let journal: AnswerJournal | undefined;
  try {
    if (values.out !== undefined) {
      const dir = resolveInput(io, values.out);
      await mkdir(dir, { recursive: true });
      journal = await AnswerJournal.open(join(dir, JOURNAL_FILE), uri);
      if (journal.done.size > 0)
        io.stderr(`Resuming: ${journal.done.size} answers of ${uri} already in ${join(values.out, JOURNAL_FILE)}.\n`);
    }
    io.stderr(`Interpreting through ${session.client.connection.nluUrl} with ${uri} (${concurrency} at a time)…\n`);
    const predictions = await predictThrough(runtimeInterpreter(session.client, uri, 'test-nlu'), sets, {
      concurrency,
      journal,
      signal: io.signal,
      onProgress: progressLine(io, 'Interpreting'),
      onPause: (ms) => io.stderr(`Rate-limited (429): waiting ${(ms / 1000).toFixed(1)} s as the runtime asked.\n`),
    });
    return { model: uri, predictions };
  } finally {
    await journal?.close();
    await session.close();
  }
}
