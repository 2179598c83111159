// "Test Grammar" (a sentence or DTMF keys against the grammar, from the editor, its title bar or a rule's
// CodeLens) and "Run Grammar Tests" (a `*.grxml-test` file, batch mode). Both show a read-only report beside the
// editor and return what they found (the extension-host tests read it).
import * as vscode from 'vscode';
import { basename, dirname, join } from 'node:path';
import { renderSentenceReport, renderTestRun } from '../../core/language/tester/report';
import { runGrammarTestFile, startRuleChoices, testSentence, type TesterEnvironment } from '../../core/language/tester/runTests';
import { CommandIds } from '../../host/commandIds';
import type { Command } from '../../host/commands';
import type { DocumentSync } from './documentSync';
import type { ReportDocuments } from './reportDocuments';

export interface SentenceTestSummary {
  accepted?: boolean;
  semantics?: unknown;
  error?: string;
  report: string;
  reportUri: string;
}

export interface BatchTestSummary {
  passed: number;
  failed: number;
  report: string;
  reportUri: string;
}

async function grammarDocument(arg: unknown): Promise<vscode.TextDocument> {
  if (arg instanceof vscode.Uri) return vscode.workspace.openTextDocument(arg);
  const active = vscode.window.activeTextEditor?.document;
  if (active?.languageId === 'grxml') return active;
  throw new Error('Open a GrXML grammar (.grxml) in the editor to test it.');
}

export class TestGrammarCommand implements Command {
  readonly id = CommandIds.grammarTest;
  private readonly lastInput = new Map<string, string>();

  constructor(private readonly env: () => TesterEnvironment, private readonly sync: DocumentSync, private readonly reports: ReportDocuments) {}

  /** Arguments (all optional): the grammar's URI, the rule to start from, the input (no prompt then). */
  async execute(uriArg?: unknown, ruleArg?: unknown, inputArg?: unknown): Promise<SentenceTestSummary | undefined> {
    const doc = await grammarDocument(uriArg);
    const id = this.sync.ensure(doc);
    const env = this.env();
    const path = doc.uri.scheme === 'file' ? doc.uri.fsPath : id;
    const rule = typeof ruleArg === 'string' ? ruleArg : await this.askStartRule(env, path);
    if (rule === null) return undefined; // dismissed
    const dtmf = env.ctx.documents.get(id)?.grxml().grammar.mode === 'dtmf';
    let input = typeof inputArg === 'string' ? inputArg : undefined;
    if (input === undefined) {
      input = await vscode.window.showInputBox({
        title: `Test ${basename(doc.uri.path)}${rule ? ` (rule ${rule})` : ''}`,
        prompt: dtmf ? 'DTMF keys to test: 0-9 * # A-D (spaces optional)' : 'A sentence to test (words are compared case-insensitively)',
        value: this.lastInput.get(id) ?? '', ignoreFocusOut: true,
      });
      if (input === undefined) return undefined; // dismissed
    }
    this.lastInput.set(id, input);
    const outcome = await testSentence(env, path, input, { rule });
    const report = renderSentenceReport(outcome, { input, rule, lines: env.ctx.documents.get(id)?.lines() ?? env.ctx.projects.lines(path) });
    const reportUri = (await this.reports.show(`${basename(doc.uri.path)} — test.txt`, report)).toString();
    const summary: SentenceTestSummary = { report, reportUri };
    if (outcome.kind === 'matched') {
      summary.accepted = outcome.result.accepted;
      if (outcome.result.semantics !== undefined) summary.semantics = outcome.result.semantics;
      if (outcome.result.error !== undefined) summary.error = outcome.result.error;
    } else summary.error = outcome.kind === 'invalid' ? `the grammar has ${outcome.errors.length} error(s)` : outcome.message;
    return summary;
  }

  /**
   * A grammar without a root rule has no default start: ask which public rule to activate (undefined: the root
   * or nothing to ask; null: dismissed). One public rule is taken without asking.
   */
  private async askStartRule(env: TesterEnvironment, path: string): Promise<string | undefined | null> {
    const choices = startRuleChoices(env, path);
    if (choices === undefined || choices.length === 0) return undefined;
    if (choices.length === 1) return choices[0];
    const picked = await vscode.window.showQuickPick(choices, {
      title: `${basename(path)} has no root rule`, placeHolder: 'Which public rule should the sentence start from?', ignoreFocusOut: true,
    });
    return picked ?? null;
  }
}

export class RunGrammarTestsCommand implements Command {
  readonly id = CommandIds.grammarRunTests;

  constructor(private readonly env: () => TesterEnvironment, private readonly reports: ReportDocuments) {}

  async execute(uriArg?: unknown): Promise<BatchTestSummary> {
    const file = await this.testFile(uriArg);
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(file)).replace(/^\ufeff/, '');
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === file.toString());
    const run = await runGrammarTestFile(this.env(), file.fsPath, open ? open.getText() : text);
    const report = renderTestRun(run, basename(file.fsPath));
    const reportUri = (await this.reports.show(`${basename(file.fsPath)} — results.txt`, report)).toString();
    const passed = run.results.filter((r) => r.passed).length;
    return { passed, failed: run.results.length - passed + run.problems.length, report, reportUri };
  }

  /** The test file: the argument, the active `.grxml-test` file, or the one named after the active grammar. */
  private async testFile(arg: unknown): Promise<vscode.Uri> {
    const candidate = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
    if (candidate?.scheme === 'file' && candidate.fsPath.endsWith('.grxml-test')) return candidate;
    if (candidate?.scheme === 'file' && /\.(grxml|srgs)$/i.test(candidate.fsPath)) {
      const stem = basename(candidate.fsPath).replace(/\.(grxml|srgs)$/i, '');
      const sibling = vscode.Uri.file(join(dirname(candidate.fsPath), `${stem}.grxml-test`));
      try {
        await vscode.workspace.fs.stat(sibling);
        return sibling;
      } catch {
        throw new Error(`No test file for ${basename(candidate.fsPath)}: create ${stem}.grxml-test beside it (lines like "accept: yes => {...}" and "reject: maybe").`);
      }
    }
    throw new Error('Open a .grxml-test file (or the grammar it tests) to run its grammar tests.');
  }
}
