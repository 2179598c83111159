// The worker thread of checkInWorker.ts (bundled as dist/grxmlCheckWorker.js): parses and validates one grammar
// given as workerData, posts its decoded text and diagnostics, and ends. External references are not read.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { parseGrxmlBytes } from './parse';
import { validateGrxml } from './validate';
import type { GrxmlCheckReply } from './checkInWorker';

if (isMainThread || !parentPort)
  throw new Error('grxmlCheckWorker.js runs as a worker thread of checkInWorker.ts, not on its own.');
const port = parentPort;
try {
  const parsed = parseGrxmlBytes(workerData as Uint8Array);
  port.postMessage({ text: parsed.tree.text, diagnostics: validateGrxml(parsed) } satisfies GrxmlCheckReply);
} catch (e) {
  port.postMessage({ error: e instanceof Error ? e.message : String(e) } satisfies GrxmlCheckReply);
}
