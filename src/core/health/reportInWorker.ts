// The one way `cstudio report` and the Model Health view run a model-health report: in a worker thread
// (reportWorker.ts, bundled as dist/reportWorker.js) whose V8 young generation is capped. The report makes
// short-lived garbage fast (each sample's text, tokens and keys); on the main thread V8 grows its young
// generation to soak that up, ~17 MB over a 16 MB project, which is no data the report keeps. A worker is the
// one place a program can set that cap for some of its code (--max-semi-space-size is process-wide: in the
// extension host it would tune every extension). It is the same process, so its memory counts in the process's
// RSS like any other; starting it costs ~11 MB, which the cap alone only paid back together with the sample
// table giving its memory back per locale (flatArrays.ts). Cancelling terminates the worker: whatever it held
// goes with its isolate.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { throwIfAborted } from '../progress';
import type { HealthOptions, HealthReport } from './findings';
import { NotAProjectFolderError, type ReportRunOptions } from './report';
import type { ReportJob, ReportJobError, ReportWorkerMessage } from './reportJob';

/** The worker's young generation (MB): 1, 2 and 3 gave the same peak on bench/report's project, 4 and 8 more. */
export const REPORT_YOUNG_GENERATION_MB = 3;

export interface ReportInWorkerOptions extends ReportRunOptions {
  /** The worker's script (default: reportWorker.js beside this module, where both build layouts put it). */
  scriptPath?: string;
  /** Texts reported instead of their files, by package path (an editor's open documents). */
  texts?: Record<string, string>;
}

/** reportWorker.js beside this module: transpiled tests keep src/'s layout, and the bundles are all in dist/. */
export function defaultReportWorkerPath(): string {
  return join(__dirname, 'reportWorker.js');
}

function errorOf(e: ReportJobError): Error {
  const error =
    e.notAProjectFolder !== undefined ? new NotAProjectFolderError(e.notAProjectFolder) : new Error(e.message);
  error.name = e.name;
  if (e.stack !== undefined) error.stack = e.stack;
  return error;
}

/** The report of a pulled project folder (folderHealthReport), computed in a worker thread. */
export async function reportInWorker(
  dir: string,
  options: Partial<HealthOptions> = {},
  run: ReportInWorkerOptions = {},
): Promise<HealthReport> {
  throwIfAborted(run.signal);
  const script = run.scriptPath ?? defaultReportWorkerPath();
  if (!existsSync(script))
    throw new Error(`the model-health report's worker ${script} is missing; rebuild with "npm run build"`);
  const job: ReportJob = { dir, options: { ...options }, texts: run.texts ?? {} };
  return new Promise<HealthReport>((resolve, reject) => {
    const worker = new Worker(script, {
      workerData: job,
      resourceLimits: { maxYoungGenerationSizeMb: REPORT_YOUNG_GENERATION_MB },
    });
    // Settled once, when the worker has exited: a caller never sees the outcome while the thread still runs.
    let outcome: { report: HealthReport } | { error: unknown } | undefined;
    const settle = (o: NonNullable<typeof outcome>): void => {
      outcome ??= o;
    };
    const onAbort = (): void => {
      try {
        throwIfAborted(run.signal);
      } catch (e) {
        settle({ error: e });
      }
      void worker.terminate();
    };
    run.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (m: ReportWorkerMessage) => {
      if (m.kind === 'progress') run.progress?.report({ message: m.message });
      else if (m.kind === 'report') settle({ report: m.report });
      else settle({ error: errorOf(m.error) });
    });
    worker.on('error', (e: Error) =>
      settle({ error: new Error(`The model-health report of ${dir} failed in its worker thread: ${e.message}`) }),
    );
    worker.on('exit', (code) => {
      run.signal?.removeEventListener('abort', onAbort);
      const o = outcome ?? {
        error: new Error(
          `The model-health report of ${dir} stopped (worker exit code ${code}) before it answered; run it again, and report a bug if it keeps stopping.`,
        ),
      };
      if ('report' in o) resolve(o.report);
      else reject(o.error);
    });
  });
}
