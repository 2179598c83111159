// Samples of an intent: export (a zip with one `<locale>.trsx` per locale), append and replace from a .trsx or
// .txt file for one locale, which return jobs. Importing a sample that already exists raises its count.
import type { Download } from './download';
import { ContentFiles, type ImportCall } from './contentFiles';
import type { ExportOptions } from './nluTypes';
import { path } from './paths';
import type { Requester } from './requester';

export class SamplesClient {
  private readonly files: ContentFiles;

  constructor(api: Requester) {
    this.files = new ContentFiles(
      api,
      (projectId, intentName) => path`/v4/projects/${projectId}/intents/${intentName}/samples`,
      (projectId, intentName) => `samples of intent "${intentName}" of project ${projectId}`,
    );
  }

  export(projectId: string, intentName: string, options: ExportOptions = {}): Promise<Download> {
    return this.files.export(projectId, intentName, options);
  }

  /** Adds the file's samples (existing ones count up); poll the returned job. */
  readonly append: ImportCall = (...call) => this.files.import('append', ...call);

  /** Replaces the intent's samples of one locale with the file's (destructive); poll the returned job. */
  readonly replace: ImportCall = (...call) => this.files.import('replace', ...call);
}
