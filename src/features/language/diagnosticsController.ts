// Live diagnostics: every change is mirrored into the worker at once, and after a quiet time (debounced,
// `cstudio.language.diagnosticsDelayMs`) the worker is asked for the changed document's diagnostics and those of
// the open files of its project. Results for a version the editor has moved past are dropped (a newer request
// follows). Files created, changed or deleted on disk refresh the project checks.
import * as vscode from 'vscode';
import type { Diagnostic, Severity } from '../../core/formats/diagnostic';
import type { Logger } from '../../core/logger';
import type { DocumentDiagnostics } from '../../core/language/diagnosticsEngine';
import type { DiagnosticsWorkerClient } from '../../core/language/worker/workerClient';
import { Disposable } from '../../host/lifecycle';
import type { Settings } from '../../host/settings';
import { idOf, languageOf } from './documentIds';
import type { DocumentSync } from './documentSync';

const SEVERITY: Record<Severity, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

export const DIAGNOSTIC_SOURCE = 'cstudio';

export function toVscodeDiagnostic(doc: vscode.TextDocument, d: Diagnostic): vscode.Diagnostic {
  const out = new vscode.Diagnostic(new vscode.Range(doc.positionAt(d.range.start), doc.positionAt(d.range.end)), d.message, SEVERITY[d.severity]);
  out.code = d.code;
  out.source = DIAGNOSTIC_SOURCE;
  return out;
}

export class DiagnosticsController extends Disposable {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection(DIAGNOSTIC_SOURCE));
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private readonly published = this._register(new vscode.EventEmitter<{ uri: vscode.Uri; version: number; incremental: boolean }>());
  /** Diagnostics of a document were published (the extension-host tests wait on it). */
  readonly onDidPublish = this.published.event;

  constructor(
    sync: DocumentSync,
    private readonly worker: DiagnosticsWorkerClient,
    private readonly settings: Settings,
    private readonly logger: Logger,
  ) {
    super();
    this._register(sync.onDidChange((doc) => this.schedule(idOf(doc))));
    this._register(sync.onDidClose((doc) => this.collection.delete(doc.uri)));
    const watcher = this._register(vscode.workspace.createFileSystemWatcher('**/{*.trsx,*.grxml,*.srgs,metadata.json}'));
    const onDisk = (): void => {
      this.worker.filesChanged();
      for (const d of vscode.workspace.textDocuments) if (languageOf(d)) this.schedule(idOf(d));
    };
    this._register(watcher.onDidCreate(onDisk));
    this._register(watcher.onDidDelete(onDisk));
    this._register(watcher.onDidChange((uri) => {
      // A save of an open document is already known; a change made outside the editor is not.
      if (!vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString() && !d.isDirty)) onDisk();
    }));
    const setRoots = (): void => this.worker.setRoots((vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath));
    setRoots();
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(() => { setRoots(); onDisk(); }));
    this._register({ dispose: () => clearTimeout(this.timer) });
    // Documents opened before activation were mirrored when the sync started; validate them now.
    for (const d of vscode.workspace.textDocuments) if (languageOf(d)) this.schedule(idOf(d));
  }

  private schedule(id: string): void {
    this.pending.add(id);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => { void this.flush(); }, this.settings.value.language.diagnosticsDelayMs);
  }

  private async flush(): Promise<void> {
    if (this.running || this.isDisposed) return; // the running request reschedules what arrived meanwhile
    const ids = [...this.pending];
    this.pending.clear();
    if (ids.length === 0) return;
    this.running = this.worker.validate(ids).then(
      (results) => this.publish(results),
      (e: unknown) => {
        if (this.isDisposed) return;
        this.logger.warn('diagnostics could not be computed', e);
        for (const id of ids) this.pending.add(id);
      },
    );
    try {
      await this.running;
    } finally {
      this.running = undefined;
      if (this.pending.size > 0 && !this.isDisposed) this.schedule([...this.pending][0] as string);
    }
  }

  private publish(results: readonly DocumentDiagnostics[]): void {
    if (this.isDisposed) return;
    for (const r of results) {
      const doc = vscode.workspace.textDocuments.find((d) => idOf(d) === r.id && languageOf(d) !== undefined);
      if (!doc || doc.version !== r.version) continue; // out of date: the change that moved it on scheduled another run
      this.collection.set(doc.uri, r.diagnostics.map((d) => toVscodeDiagnostic(doc, d)));
      this.published.fire({ uri: doc.uri, version: r.version, incremental: r.incremental });
    }
  }
}
