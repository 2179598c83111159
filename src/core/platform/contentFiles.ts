// The NLU content of one intent (its samples) or entity (its literals) as files: the export is a zip with one
// `<locale>.trsx` per locale; an import sends one locale's file as multipart and returns the job it starts.
import type { Download } from './download';
import { readJob } from './jobs';
import type { ExportOptions, ImportFile } from './nluTypes';
import type { CallOptions, Requester, UploadFile } from './requester';
import type { Job } from './types';

/** An import into the content of `name` for one locale; poll the returned job. */
export type ImportCall = (
  projectId: string,
  name: string,
  locale: string,
  file: ImportFile,
  options?: CallOptions,
) => Promise<Job>;

/** PUT `.append` adds to the content; POST `.replace` replaces the content of that locale (destructive). */
const IMPORTS = {
  append: { method: 'PUT', action: '.append' },
  replace: { method: 'POST', action: '.replace' },
} as const;

export class ContentFiles {
  /**
   * @param base the content's collection path, e.g. `/v4/projects/1/intents/ORDER/samples`
   * @param resource how errors name it, e.g. `samples of intent "ORDER" of project 1`
   */
  constructor(
    private readonly api: Requester,
    private readonly base: (projectId: string, name: string) => string,
    private readonly resource: (projectId: string, name: string) => string,
  ) {}

  export(projectId: string, name: string, options: ExportOptions = {}): Promise<Download> {
    const req = {
      method: 'GET',
      path: `${this.base(projectId, name)}/.export`,
      query: { locales: options.locales },
      resource: this.resource(projectId, name),
      signal: options.signal,
    } as const;
    return this.api.download(req, options);
  }

  async import(
    mode: keyof typeof IMPORTS,
    projectId: string,
    name: string,
    locale: string,
    file: ImportFile,
    options: CallOptions = {},
  ): Promise<Job> {
    const { method, action } = IMPORTS[mode];
    const req = { method, path: `${this.base(projectId, name)}/${action}`, resource: this.resource(projectId, name) };
    // Not retried: a reply lost after the platform took the file would start a second job, and a repeated
    // append counts its samples twice.
    const body = await this.api.request({
      ...req,
      query: { locale },
      file: uploadFile(file),
      idempotent: false,
      signal: options.signal,
    });
    return readJob(body, req);
  }
}

/** The multipart file of an import, with a content type from its extension. */
export function uploadFile(file: ImportFile): UploadFile {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.fileName)?.[1]?.toLowerCase() ?? '';
  const contentType =
    ext === 'zip'
      ? 'application/zip'
      : ext === 'trsx' || ext === 'xml' || ext === 'grxml'
        ? 'application/xml'
        : ext === ''
          ? 'application/octet-stream'
          : 'text/plain';
  return { data: file.data, fileName: file.fileName, contentType };
}
