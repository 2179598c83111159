// The Test Explorer for grammar tests: every `*.grxml-test` file of the workspace is a test item, each case line a
// child (unreadable lines too, so they show as errors). Items follow the files (created, edited, deleted) and the
// editor's unsaved text; the language server reads the cases and runs them (grammarTestClient.ts), reporting each
// case as it finishes, with expected/actual results on failures.
import * as vscode from 'vscode';
import type { Logger } from '../../core/logger';
import type { GrammarCaseResult } from '../../core/language/protocol';
import { Disposable } from '../../host/lifecycle';
import { testFileTextToSend, type GrammarTestClient } from './grammarTestClient';

export type TestOutcome = 'passed' | 'failed' | 'errored' | 'skipped';

const TEST_GLOB = '**/*.grxml-test';

export class GrammarTestController extends Disposable {
  readonly controller: vscode.TestController;
  readonly runProfile: vscode.TestRunProfile;
  private readonly outcomes = new Map<string, TestOutcome>();
  /** The latest load of each file: an older answer arriving late must not undo a newer one. */
  private readonly loads = new Map<string, number>();
  private loadCount = 0;

  constructor(
    private readonly tester: GrammarTestClient,
    private readonly logger: Logger,
  ) {
    super();
    this.controller = this._register(vscode.tests.createTestController('cstudio.grammarTests', 'Grammar Tests'));
    this.controller.resolveHandler = async (item) => {
      if (!item) await this.discover();
      else await this.refresh(item.uri as vscode.Uri);
    };
    this.controller.refreshHandler = () => this.discover();
    this.runProfile = this._register(
      this.controller.createRunProfile(
        'Run',
        vscode.TestRunProfileKind.Run,
        (request, token) => this.run(request, token),
        true,
      ),
    );
    const watcher = this._register(vscode.workspace.createFileSystemWatcher(TEST_GLOB));
    this._register(watcher.onDidCreate((uri) => void this.refresh(uri)));
    this._register(watcher.onDidChange((uri) => void this.refresh(uri)));
    this._register(watcher.onDidDelete((uri) => this.controller.items.delete(uri.toString())));
    this._register(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.path.endsWith('.grxml-test'))
          void this.load(e.document.uri, e.document.getText()).catch((err: unknown) =>
            this.logger.warn(`cannot list the cases of ${e.document.uri.fsPath}`, err),
          );
      }),
    );
  }

  /** What the last run said about each item (by id); the extension-host tests read it. */
  lastOutcomes(): ReadonlyMap<string, TestOutcome> {
    return this.outcomes;
  }

  async discover(): Promise<void> {
    const files = await vscode.workspace.findFiles(TEST_GLOB, '**/node_modules/**', 2000);
    for (const uri of files) await this.refresh(uri);
  }

  private async refresh(uri: vscode.Uri): Promise<vscode.TestItem | undefined> {
    try {
      return await this.load(uri, await testFileTextToSend(uri));
    } catch (e) {
      this.logger.warn(`cannot read grammar test file ${uri.fsPath}`, e);
      this.controller.items.delete(uri.toString());
      return undefined;
    }
  }

  private async load(uri: vscode.Uri, text: string | undefined): Promise<vscode.TestItem | undefined> {
    const ticket = ++this.loadCount;
    this.loads.set(uri.toString(), ticket);
    const parsed = await this.tester.cases(uri, text);
    if (this.loads.get(uri.toString()) !== ticket) return this.controller.items.get(uri.toString());
    let file = this.controller.items.get(uri.toString());
    if (!file) {
      file = this.controller.createTestItem(uri.toString(), vscode.workspace.asRelativePath(uri), uri);
      this.controller.items.add(file);
    }
    const children: vscode.TestItem[] = [];
    for (const c of parsed.cases) {
      const item = this.controller.createTestItem(
        `${uri.toString()}#L${c.line + 1}`,
        `${c.expect}: ${c.input || '(empty)'}`,
        uri,
      );
      item.range = new vscode.Range(c.line, 0, c.line, c.length);
      if (c.semantics !== undefined) item.description = `=> ${c.semantics}`;
      children.push(item);
    }
    for (const p of parsed.problems) {
      const item = this.controller.createTestItem(
        `${uri.toString()}#P${p.line + 1}`,
        `line ${p.line + 1}: unreadable`,
        uri,
      );
      item.range = new vscode.Range(p.line, 0, p.line, p.length);
      item.description = p.message;
      children.push(item);
    }
    file.children.replace(children);
    return file;
  }

  private async run(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    const run = this.controller.createTestRun(request);
    try {
      const byFile = new Map<string, { file: vscode.TestItem; cases: vscode.TestItem[] }>();
      const add = (item: vscode.TestItem): void => {
        const file = item.parent ?? item;
        const entry = byFile.get(file.id) ?? { file, cases: [] };
        byFile.set(file.id, entry);
        if (item.parent) entry.cases.push(item);
        else item.children.forEach((c) => entry.cases.push(c));
      };
      const roots: vscode.TestItem[] = [];
      if (request.include) for (const item of request.include) roots.push(item);
      else this.controller.items.forEach((i) => roots.push(i));
      const excluded = new Set((request.exclude ?? []).map((i) => i.id));
      for (const item of roots) if (!excluded.has(item.id)) add(item);
      for (const { file, cases } of byFile.values()) {
        const wanted = cases.filter((c) => !excluded.has(c.id));
        if (token.isCancellationRequested) {
          for (const c of wanted) this.record(run, c, 'skipped');
          continue;
        }
        await this.runFile(run, file, wanted, token);
      }
    } finally {
      run.end();
    }
  }

  private async runFile(
    run: vscode.TestRun,
    file: vscode.TestItem,
    cases: readonly vscode.TestItem[],
    token: vscode.CancellationToken,
  ): Promise<void> {
    const uri = file.uri as vscode.Uri;
    const reloaded = await this.refresh(uri);
    if (!reloaded) {
      for (const c of cases) this.record(run, c, 'errored', new vscode.TestMessage(`Cannot read ${uri.fsPath}.`));
      return;
    }
    const items = new Map<string, vscode.TestItem>();
    reloaded.children.forEach((c) => items.set(c.id, c));
    const wanted = cases.map((c) => items.get(c.id)).filter((c): c is vscode.TestItem => c !== undefined);
    const lines = new Set<number>();
    for (const c of wanted) {
      const m = /#([LP])(\d+)$/.exec(c.id);
      if (m?.[1] === 'L') {
        lines.add(Number(m[2]) - 1);
        run.started(c);
      } else {
        this.record(run, c, 'errored', new vscode.TestMessage(c.description ?? 'This line cannot be read.'));
      }
    }
    if (lines.size === 0) return;
    const signal = new AbortController();
    const listener = token.onCancellationRequested(() => signal.abort());
    const reported = new Set<number>();
    const show = (r: GrammarCaseResult): void => {
      const item = items.get(`${uri.toString()}#L${r.line + 1}`);
      if (item && !reported.has(r.line)) {
        reported.add(r.line);
        this.report(run, item, r);
      }
    };
    try {
      // Each case shows as it finishes; the final answer fills in any the stream did not deliver.
      const done = await this.tester.run(uri, await testFileTextToSend(uri), {
        lines: [...lines],
        signal: signal.signal,
        onResult: show,
      });
      done.results.forEach(show);
    } catch (e) {
      if (!token.isCancellationRequested) throw e;
    } finally {
      listener.dispose();
    }
    // Cases the run did not reach (cancelled) are skipped, not left spinning.
    for (const line of lines) {
      const item = items.get(`${uri.toString()}#L${line + 1}`);
      if (item && !reported.has(line)) this.record(run, item, 'skipped');
    }
  }

  private report(run: vscode.TestRun, item: vscode.TestItem, r: GrammarCaseResult): void {
    if (r.outcome === 'passed') {
      this.record(run, item, 'passed', undefined, r.durationMs);
      return;
    }
    const message =
      r.expected !== undefined && r.actual !== undefined
        ? vscode.TestMessage.diff(r.message, r.expected, r.actual)
        : new vscode.TestMessage(r.message);
    if (item.uri && item.range) message.location = new vscode.Location(item.uri, item.range);
    this.record(run, item, r.outcome, message, r.durationMs);
  }

  private record(
    run: vscode.TestRun,
    item: vscode.TestItem,
    outcome: TestOutcome,
    message?: vscode.TestMessage,
    durationMs?: number,
  ): void {
    this.outcomes.set(item.id, outcome);
    const fallback = message ?? new vscode.TestMessage(outcome);
    switch (outcome) {
      case 'passed':
        run.passed(item, durationMs);
        break;
      case 'failed':
        run.failed(item, fallback, durationMs);
        break;
      case 'errored':
        run.errored(item, fallback, durationMs);
        break;
      case 'skipped':
        run.skipped(item);
        break;
    }
  }
}
