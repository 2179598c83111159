// Read-only JSON documents of single records ("Show Record JSON…"): a content provider under its own
// scheme, so VS Code opens them read-only and nothing is written to disk. Only the last few opened records
// are held (a record leaves the stream's ring buffer long before the user closes its tab).
import * as vscode from 'vscode';
import { formatRecordJson } from '../../core/logs/formatter';
import type { LogRecord } from '../../core/logs/records';
import { Disposable } from '../../host/lifecycle';

export const RECORD_SCHEME = 'cstudio-record';
const MAX_OPEN = 50;

export class RecordDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly contents = new Map<string, string>();

  constructor() {
    super();
    this._register(vscode.workspace.registerTextDocumentContentProvider(RECORD_SCHEME, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? `// This record is no longer held; show it again from the stream's kept records.\n`;
  }

  /** Opens the record as a read-only JSON document; returns its URI. */
  async open(record: LogRecord): Promise<vscode.Uri> {
    const uri = vscode.Uri.from({
      scheme: RECORD_SCHEME,
      path: `/${encodeURIComponent(record.topic)}/partition-${record.partition}-offset-${record.offset}.json`,
    });
    const key = uri.toString();
    this.contents.delete(key);
    this.contents.set(key, formatRecordJson(record));
    while (this.contents.size > MAX_OPEN) this.contents.delete(this.contents.keys().next().value as string);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: true });
    return uri;
  }
}
