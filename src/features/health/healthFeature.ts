// Model Health: the health report of a pulled project folder (core/health) in a webview, with the samples per
// intent as a chart and the findings as links to their source lines. Thresholds come from `cstudio.health.*`.
// The folder is the command's `{ folder }` argument, else the pulled project of the active editor's file, else
// the pulled projects found in the workspace (picked when there are several: host/pulledFolder.ts).
import * as vscode from 'vscode';
import { basename, join, sep } from 'node:path';
import { TrainingIndex } from '../../core/discover/training';
import { isInside, relativeInside } from '../../core/fs/pathInside';
import { liveTrafficCoverage, type TrafficSource } from '../../core/health/coverage';
import type { HealthEdit, HealthLocation, HealthReport } from '../../core/health/findings';
import { reportInWorker } from '../../core/health/reportInWorker';
import { throwIfAborted, type Progress } from '../../core/progress';
import type { Logger } from '../../core/logger';
import { withProgress } from '../../host/cancellation';
import type { Command, CommandSink } from '../../host/commands';
import { CommandIds } from '../../host/commandIds';
import { Disposable } from '../../host/lifecycle';
import type { Prompter } from '../../host/prompter';
import { pickPulledFolder } from '../../host/pulledFolder';
import type { HealthSettings } from '../../host/settings';
import { PAGE_COMMANDS, healthHtml } from './healthHtml';

export interface HealthFeatureDeps {
  readonly extensionUri: vscode.Uri;
  readonly commands: CommandSink;
  readonly prompter: Prompter;
  readonly logger: Logger;
  readonly settings: () => HealthSettings;
  /** The live traffic of the folder's application, when one is known (the Utterances view's review of it). */
  readonly traffic?: (folder: string) => Promise<{ source: TrafficSource; app: string } | undefined>;
}

/** What the view shows now (the extension-host tests read it). */
export interface HealthViewState {
  readonly folder: string;
  readonly report: HealthReport;
  readonly html: string;
}

export class HealthFeature extends Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private state: HealthViewState | undefined;

  constructor(private readonly deps: HealthFeatureDeps) {
    super();
    const show: Command = { id: CommandIds.healthShow, execute: (arg: unknown) => this.show(arg) };
    const open: Command = { id: CommandIds.healthOpenFinding, execute: (arg: unknown) => this.openFinding(arg) };
    deps.commands.register(show);
    deps.commands.register(open);
    deps.commands.register({
      id: CommandIds.healthApplyFix,
      execute: (arg: unknown) => this.applyFixes([(Array.isArray(arg) ? arg[0] : arg) as HealthEdit], false),
    });
    deps.commands.register({
      id: CommandIds.healthFixAll,
      execute: () => this.applyFixes(this.state?.report.findings.flatMap((f) => (f.fix ? [f.fix] : [])) ?? [], true),
    });
    this._register({ dispose: () => this.panel?.dispose() });
  }

  get view(): HealthViewState | undefined {
    return this.state;
  }

  private async show(arg: unknown): Promise<HealthViewState | undefined> {
    const folder = await pickPulledFolder(arg, this.deps.prompter, 'Model Health: which project?');
    if (!folder) return undefined;
    const thresholds = this.deps.settings();
    const report = await withProgress({ title: `Model Health of ${basename(folder)}` }, (progress, signal) =>
      this.reportOf(folder, thresholds, progress, signal),
    );
    this.deps.logger.info(`model health of ${folder}: ${report.findings.length} findings`);
    const panel = this.ensurePanel();
    const webview = panel.webview;
    const stylesheet = webview
      .asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'media', 'health.css'))
      .toString();
    webview.html = healthHtml(webview.cspSource, stylesheet, basename(folder), report);
    panel.reveal(vscode.ViewColumn.Active);
    this.state = { folder, report, html: webview.html };
    return this.state;
  }

  /**
   * The report of the folder as the editor has it: an open TRSX file's text, saved or not, else the file on disk.
   * It runs in the report's worker thread (core/health/reportInWorker.ts), which cancelling terminates.
   */
  private async reportOf(
    folder: string,
    thresholds: HealthSettings,
    progress: Progress,
    signal: AbortSignal,
  ): Promise<HealthReport> {
    const texts: Record<string, string> = {};
    for (const d of vscode.workspace.textDocuments) {
      if (d.uri.scheme !== 'file' || !/\.trsx$/i.test(d.uri.fsPath)) continue;
      const path = relativeInside(folder, d.uri.fsPath);
      if (!path) continue;
      texts[path.split(sep).join('/')] = d.getText();
    }
    // Every setting but the coverage's window is a report threshold: none is left out by naming them one by one.
    const { coverageDays, ...options } = thresholds;
    const report = await reportInWorker(folder, options, { signal, progress, texts });
    const traffic = await this.deps.traffic?.(folder);
    if (traffic) {
      progress.report({ message: `live traffic of ${traffic.app}` });
      try {
        report.coverage = await liveTrafficCoverage(
          traffic.source,
          await TrainingIndex.load(folder),
          { app: traffic.app, days: coverageDays },
          { signal, progress },
        );
      } catch (err) {
        throwIfAborted(signal);
        // The model's findings stand without it: the page says why the coverage is missing.
        this.deps.logger.warn(`coverage of ${traffic.app} for ${folder} failed`, err);
        report.coverageProblem = `The coverage of ${traffic.app}'s live traffic could not be read: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
    return report;
  }

  private async openFinding(arg: unknown): Promise<void> {
    const folder = this.state?.folder;
    const at = (Array.isArray(arg) ? arg[0] : arg) as Partial<HealthLocation> | undefined;
    if (!folder || typeof at?.file !== 'string' || typeof at.startLine !== 'number')
      throw new Error('Open a finding from the Model Health view (Conversational Studio: Show Model Health).');
    const file = join(folder, at.file);
    if (!isInside(folder, file)) throw new Error(`${at.file} is outside the project folder ${folder}.`);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    const start = new vscode.Position(Math.max(0, at.startLine - 1), 0);
    const endLine = Math.max(at.startLine, typeof at.endLine === 'number' ? at.endLine : at.startLine) - 1;
    const end = doc.lineAt(Math.min(endLine, doc.lineCount - 1)).range.end;
    await vscode.window.showTextDocument(doc, {
      selection: new vscode.Range(start, end),
      viewColumn: vscode.ViewColumn.Beside,
    });
  }

  /**
   * Applies fix edits to the project's files. A fix holds offsets into the file as reported, so each edit first
   * checks that the words it wraps are still there. With `preview`, VS Code's refactor preview shows the diff and
   * nothing changes until the user applies it. The edits stay unsaved, like any editor edit; the report, which
   * reads open documents, is refreshed afterwards.
   */
  private async applyFixes(fixes: readonly HealthEdit[], preview: boolean): Promise<boolean> {
    const folder = this.state?.folder;
    if (!folder) throw new Error('Apply fixes from the Model Health view (Conversational Studio: Show Model Health).');
    if (fixes.length === 0) return false;
    const edit = new vscode.WorkspaceEdit();
    for (const fix of fixes) {
      if (
        typeof fix?.file !== 'string' ||
        typeof fix.start !== 'number' ||
        typeof fix.end !== 'number' ||
        typeof fix.newText !== 'string'
      )
        throw new Error('That fix is not an edit; run Show Model Health again.');
      const file = join(folder, fix.file);
      if (!isInside(folder, file)) throw new Error(`${fix.file} is outside the project folder ${folder}.`);
      const uri = vscode.Uri.file(file);
      const doc = await vscode.workspace.openTextDocument(uri);
      const range = new vscode.Range(doc.positionAt(fix.start), doc.positionAt(fix.end));
      const words = fix.newText.slice(fix.newText.indexOf('>') + 1, fix.newText.lastIndexOf('<'));
      if (doc.getText(range) !== words)
        throw new Error(
          `${fix.file} changed since the report (no "${words}" at line ${range.start.line + 1}); run Show Model Health again.`,
        );
      edit.replace(uri, range, fix.newText, { label: 'Annotate a mention', needsConfirmation: preview });
    }
    const applied = await vscode.workspace.applyEdit(edit, { isRefactoring: preview });
    if (applied) await this.show({ folder });
    return applied;
  }

  private ensurePanel(): vscode.WebviewPanel {
    if (this.panel) return this.panel;
    const panel = vscode.window.createWebviewPanel('cstudio.health', 'Model Health', vscode.ViewColumn.Active, {
      enableScripts: false,
      // Links run only the page's own commands.
      enableCommandUris: PAGE_COMMANDS,
      localResourceRoots: [vscode.Uri.joinPath(this.deps.extensionUri, 'media')],
    });
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.state = undefined;
    });
    this.panel = panel;
    return panel;
  }
}
