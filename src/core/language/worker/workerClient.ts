// The extension's side of the diagnostics worker: mirrors documents into it and asks for diagnostics. If the
// worker dies (out of memory on a huge file, a bug) it is started again and the documents re-opened from the
// caller's copy, so a crash costs one late update, never a silent stop. A document the worker could not update
// is re-opened the same way.

import { Worker } from 'node:worker_threads';
import type { Logger } from '../../logger';
import type { DocumentDiagnostics } from '../diagnosticsEngine';
import type { TextChange } from '../textChange';
import type { OpenDocument, WorkerRequest, WorkerResponse } from './protocol';

export interface WorkerClientOptions {
  /** dist/languageWorker.js in the extension; the transpiled diagnosticsWorker.js in tests. */
  scriptPath: string;
  /** The current state of the open documents (to re-open them after a restart), or of one of them. */
  snapshot: (id?: string) => OpenDocument[];
  logger?: Logger;
}

interface Pending {
  resolve: (results: DocumentDiagnostics[]) => void;
  reject: (error: Error) => void;
}

export class DiagnosticsWorkerClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private roots: string[] = [];
  private disposed = false;
  /** Time the worker spent on the last validation (milliseconds). */
  lastElapsedMs = 0;

  constructor(private readonly options: WorkerClientOptions) {}

  open(doc: OpenDocument): void {
    this.post({ type: 'open', ...doc });
  }

  change(id: string, version: number, changes: TextChange[]): void {
    this.post({ type: 'change', id, version, changes });
  }

  close(id: string): void {
    this.post({ type: 'close', id });
  }

  /** Sent now if the worker runs, else when it starts (it starts with the first document). */
  setRoots(roots: readonly string[]): void {
    this.roots = [...roots];
    if (this.worker) this.post({ type: 'roots', roots: this.roots });
  }

  filesChanged(): void {
    if (this.worker) this.post({ type: 'filesChanged' });
  }

  /** Diagnostics of `ids` and of the open documents of their projects. */
  validate(ids: readonly string[]): Promise<DocumentDiagnostics[]> {
    if (this.disposed) return Promise.reject(new Error('The diagnostics worker was stopped.'));
    const requestId = this.nextId++;
    return new Promise<DocumentDiagnostics[]>((resolve, reject) => {
      this.pending.set(requestId, { resolve, reject });
      this.post({ type: 'validate', requestId, ids: [...ids] });
    });
  }

  dispose(): void {
    this.disposed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('The diagnostics worker was stopped.'));
    void worker?.terminate();
  }

  private post(message: WorkerRequest): void {
    if (this.disposed) return;
    this.ensureWorker().postMessage(message);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.options.scriptPath);
    this.worker = worker;
    worker.on('message', (message: WorkerResponse) => this.onMessage(message));
    worker.on('error', (e) => {
      this.options.logger?.error('diagnostics worker failed; restarting it', e);
      this.restart(worker);
    });
    worker.on('exit', (code) => {
      if (this.worker !== worker || this.disposed) return;
      this.options.logger?.warn(`diagnostics worker exited with code ${code}; restarting it`);
      this.restart(worker);
    });
    // Re-send the state a new worker needs (also the first time: documents opened before it started are sent by the caller).
    if (this.roots.length > 0) worker.postMessage({ type: 'roots', roots: this.roots } satisfies WorkerRequest);
    return worker;
  }

  private restart(dead: Worker): void {
    if (this.worker !== dead || this.disposed) return;
    this.worker = undefined;
    void dead.terminate();
    this.failAll(new Error('The diagnostics worker stopped; diagnostics are being recomputed.'));
    for (const doc of this.options.snapshot()) this.open(doc);
  }

  private onMessage(message: WorkerResponse): void {
    switch (message.type) {
      case 'diagnostics': {
        this.lastElapsedMs = message.elapsedMs;
        const p = this.pending.get(message.requestId);
        this.pending.delete(message.requestId);
        p?.resolve(message.results);
        break;
      }
      case 'failed': {
        const p = this.pending.get(message.requestId);
        this.pending.delete(message.requestId);
        p?.reject(new Error(`Validation failed in the diagnostics worker: ${message.message}`));
        break;
      }
      case 'error':
        this.options.logger?.warn(`diagnostics worker could not apply an update${message.id ? ` to ${message.id}` : ''}; re-opening it: ${message.message}`);
        for (const doc of this.options.snapshot(message.id)) this.open(doc);
        break;
    }
  }

  private failAll(error: Error): void {
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }
}
