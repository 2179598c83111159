// Read-only JSON documents of single records ("Show Record JSON…") under their own scheme, served by
// host/readOnlyDocuments.ts: VS Code opens them read-only and nothing is written to disk. Only the last few opened
// records are held (a record leaves the stream's ring buffer long before the user closes its tab).
import type * as vscode from 'vscode';
import { formatRecordJson } from '../../core/logs/formatter';
import type { LogRecord } from '../../core/logs/records';
import { ReadOnlyDocuments } from '../../host/readOnlyDocuments';

export const RECORD_SCHEME = 'cstudio-record';

export function recordDocuments(): ReadOnlyDocuments {
  return new ReadOnlyDocuments({
    scheme: RECORD_SCHEME,
    keep: 50,
    gone: () => `// This record is no longer held; show it again from the stream's kept records.\n`,
  });
}

/** Opens the record as a read-only JSON document; returns its URI. */
export function showRecord(records: ReadOnlyDocuments, record: LogRecord): Promise<vscode.Uri> {
  return records.show(
    `/${encodeURIComponent(record.topic)}/partition-${record.partition}-offset-${record.offset}.json`,
    formatRecordJson(record),
  );
}
