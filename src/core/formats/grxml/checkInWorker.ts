// A grammar's parse and validation on a worker thread, with a deadline: for a server (the sandbox) that must
// keep answering other requests while it checks an upload. Validation is linear in the grammar, but a large
// one still takes seconds of synchronous work, which on the server's own thread would stall every client.
// At the deadline the thread is terminated (its isolate, and all it allocated, go with it).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Diagnostic } from '../diagnostic';

/** What the worker answers: the decoded text (diagnostic ranges index into it) and the diagnostics. */
export type GrxmlCheckReply = { text: string; diagnostics: Diagnostic[] } | { error: string };

export class GrammarCheckTimeout extends Error {
  override name = 'GrammarCheckTimeout';
  constructor(readonly deadlineMs: number) {
    super(`checking the grammar took longer than ${deadlineMs / 1000} s`);
  }
}

export interface CheckInWorkerOptions {
  deadlineMs: number;
  /** The worker's script (default: grxmlCheckWorker.js beside this module in the bundles, checkWorker.js in tests). */
  scriptPath?: string;
}

/** grxmlCheckWorker.js in dist/ (the bundles), checkWorker.js beside this module (transpiled tests keep src/'s layout). */
function defaultScriptPath(): string {
  for (const name of ['grxmlCheckWorker.js', 'checkWorker.js']) {
    const path = join(__dirname, name);
    if (existsSync(path)) return path;
  }
  throw new Error(
    `the grammar check worker grxmlCheckWorker.js is missing beside ${__dirname}; rebuild with "npm run build"`,
  );
}

/** Parses and validates `bytes` on a worker thread; rejects with GrammarCheckTimeout past the deadline. */
export function checkGrxmlInWorker(
  bytes: Uint8Array,
  options: CheckInWorkerOptions,
): Promise<{ text: string; diagnostics: Diagnostic[] }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(options.scriptPath ?? defaultScriptPath(), { workerData: bytes });
    let outcome: { ok: { text: string; diagnostics: Diagnostic[] } } | { error: Error } | undefined;
    const timer = setTimeout(() => {
      outcome ??= { error: new GrammarCheckTimeout(options.deadlineMs) };
      void worker.terminate();
    }, options.deadlineMs);
    worker.on('message', (m: GrxmlCheckReply) => {
      outcome ??= 'error' in m ? { error: new Error(m.error) } : { ok: m };
    });
    worker.on('error', (e: Error) => {
      outcome ??= { error: e };
    });
    // Settled once the thread has ended, so that no check outlives its request.
    worker.on('exit', (code) => {
      clearTimeout(timer);
      const o = outcome ?? {
        error: new Error(`the grammar check stopped (worker exit code ${code}) before it answered`),
      };
      if ('ok' in o) resolve(o.ok);
      else reject(o.error);
    });
  });
}
