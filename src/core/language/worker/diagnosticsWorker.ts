// The diagnostics worker's entry point (a `worker_threads` worker; bundled as dist/languageWorker.js): one
// DiagnosticsEngine over the real disk, driven by protocol.ts messages. Validating a document also re-validates
// the open documents of its project, whose cross-file diagnostics may have changed with it.

import { parentPort } from 'node:worker_threads';
import { DiagnosticsEngine, type DocumentDiagnostics } from '../diagnosticsEngine';
import { nodeFileSystem } from '../fileSystem';
import type { WorkerRequest, WorkerResponse } from './protocol';

const port = parentPort;
if (!port) throw new Error('diagnosticsWorker.js runs as a worker thread (new Worker(path)), not as a script.');
const engine = new DiagnosticsEngine(nodeFileSystem);
const post = (message: WorkerResponse): void => port.postMessage(message);

function handle(message: WorkerRequest): void {
  switch (message.type) {
    case 'open': engine.open(message.id, message.languageId, message.version, message.text, message.path); break;
    case 'change': engine.change(message.id, message.version, message.changes); break;
    case 'close': engine.close(message.id); break;
    case 'roots': engine.setRoots(message.roots); break;
    case 'filesChanged': engine.filesChanged(); break;
    case 'validate': {
      const started = performance.now();
      const ids = new Set(message.ids);
      for (const id of message.ids) for (const sibling of engine.projectSiblings(id)) ids.add(sibling);
      const results: DocumentDiagnostics[] = [];
      for (const id of ids) {
        const r = engine.diagnostics(id);
        if (r) results.push(r);
      }
      post({ type: 'diagnostics', requestId: message.requestId, results, elapsedMs: performance.now() - started });
      break;
    }
  }
}

port.on('message', (message: WorkerRequest) => {
  try {
    handle(message);
  } catch (e) {
    const text = e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e);
    if (message.type === 'validate') post({ type: 'failed', requestId: message.requestId, message: text });
    else post({ type: 'error', id: 'id' in message ? message.id : undefined, message: text });
  }
});
