// The model-health report's worker thread (bundled as dist/reportWorker.js; started by reportInWorker.ts). It
// runs one report, the job given as workerData, posts progress and then the report or the error, and ends.
// Running there is for memory: the thread's young generation is capped (resourceLimits), where the main
// thread's would grow by ~17 MB of short-lived garbage over a 16 MB project.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { ReportJob, ReportJobError, ReportWorkerMessage } from './reportJob';
import { NotAProjectFolderError, folderHealthReport } from './report';

function jobError(e: unknown): ReportJobError {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e) };
  return {
    name: e.name,
    message: e.message,
    stack: e.stack,
    ...(e instanceof NotAProjectFolderError ? { notAProjectFolder: e.dir } : {}),
  };
}

async function main(port: NonNullable<typeof parentPort>, job: ReportJob): Promise<void> {
  const post = (message: ReportWorkerMessage): void => port.postMessage(message);
  try {
    const report = await folderHealthReport(
      job.dir,
      job.options,
      {
        progress: {
          report: (u) => {
            if (u.message) post({ kind: 'progress', message: u.message });
          },
        },
      },
      job.texts,
    );
    post({ kind: 'report', report });
  } catch (e) {
    post({ kind: 'error', error: jobError(e) });
  }
}

if (isMainThread || !parentPort)
  throw new Error(
    'reportWorker.js runs as a worker thread of the model-health report (reportInWorker.ts), not on its own.',
  );
void main(parentPort, workerData as ReportJob);
