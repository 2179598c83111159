// What `cstudio report` and the Model Health view hand the report worker (reportWorker.ts) and what it answers:
// plain data only, since both cross a worker_threads boundary by structured clone.
import type { HealthOptions, HealthReport } from './findings';

export interface ReportJob {
  /** The pulled project folder. */
  dir: string;
  options: Partial<HealthOptions>;
  /** Texts to report instead of the files on disk, by package path (an editor's open documents, saved or not). */
  texts: Record<string, string>;
}

/** An error of the report, as the worker saw it: its message already names the file and the fix. */
export interface ReportJobError {
  name: string;
  message: string;
  stack?: string;
  /** The folder of a NotAProjectFolderError (the caller turns it back into one). */
  notAProjectFolder?: string;
}

export type ReportWorkerMessage =
  | { kind: 'progress'; message: string }
  | { kind: 'report'; report: HealthReport }
  | { kind: 'error'; error: ReportJobError };
