// Messages between the extension and the diagnostics worker. Documents are mirrored into the worker (opened with
// their text, then changed edit by edit) so validation runs there, off the extension host's thread.

import type { DocumentDiagnostics } from '../diagnosticsEngine';
import type { LanguageId } from '../documents';
import type { TextChange } from '../textChange';

export interface OpenDocument {
  id: string;
  languageId: LanguageId;
  version: number;
  text: string;
  path?: string;
}

export type WorkerRequest =
  | ({ type: 'open' } & OpenDocument)
  | { type: 'change'; id: string; version: number; changes: TextChange[] }
  | { type: 'close'; id: string }
  | { type: 'roots'; roots: string[] }
  | { type: 'filesChanged' }
  | { type: 'validate'; requestId: number; ids: string[] };

export type WorkerResponse =
  | { type: 'diagnostics'; requestId: number; results: DocumentDiagnostics[]; elapsedMs: number }
  | { type: 'failed'; requestId: number; message: string }
  /** A message that could not be applied (the document is then out of sync and must be re-opened). */
  | { type: 'error'; id?: string; message: string };
