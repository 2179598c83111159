// Samples of an intent: export (a zip with one `<locale>.trsx` per locale), append and replace from a .trsx or
// .txt file for one locale, which return jobs. Importing a sample that already exists raises its count.
import type { Download } from './download';
import { uploadFile } from './entities';
import { readJob } from './jobs';
import type { ExportOptions, ImportFile } from './nluTypes';
import { path } from './paths';
import type { CallOptions, Requester } from './requester';
import type { HttpMethod } from './retry';
import type { Job } from './types';

export class SamplesClient {
  constructor(private readonly api: Requester) {}

  export(projectId: string, intentName: string, options: ExportOptions = {}): Promise<Download> {
    return this.api.download(
      {
        method: 'GET',
        path: path`/v4/projects/${projectId}/intents/${intentName}/samples/.export`,
        query: { locales: options.locales },
        resource: resource(projectId, intentName),
        signal: options.signal,
      },
      options,
    );
  }

  /** Adds the file's samples (existing ones count up); poll the returned job. */
  append(
    projectId: string,
    intentName: string,
    locale: string,
    file: ImportFile,
    options: CallOptions = {},
  ): Promise<Job> {
    return this.job('PUT', '.append', projectId, intentName, locale, file, options);
  }

  /** Replaces the intent's samples of one locale with the file's (destructive); poll the returned job. */
  replace(
    projectId: string,
    intentName: string,
    locale: string,
    file: ImportFile,
    options: CallOptions = {},
  ): Promise<Job> {
    return this.job('POST', '.replace', projectId, intentName, locale, file, options);
  }

  private async job(
    method: HttpMethod,
    action: '.append' | '.replace',
    projectId: string,
    intentName: string,
    locale: string,
    file: ImportFile,
    options: CallOptions,
  ): Promise<Job> {
    const req = {
      method,
      path: `${path`/v4/projects/${projectId}/intents/${intentName}/samples`}/${action}`,
      resource: resource(projectId, intentName),
    };
    // Not retried: a repeated append would count its samples twice.
    return readJob(
      await this.api.request({
        ...req,
        query: { locale },
        file: uploadFile(file),
        idempotent: false,
        signal: options.signal,
      }),
      req,
    );
  }
}

function resource(projectId: string, intentName: string): string {
  return `samples of intent "${intentName}" of project ${projectId}`;
}
