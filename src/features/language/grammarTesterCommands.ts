// "Test Grammar" (a sentence or DTMF keys against the grammar, from the editor, its title bar or a rule's
// CodeLens) and "Run Grammar Tests" (a `*.grxml-test` file, batch mode). The language server runs them over its
// own copy of the grammar (grammarTestClient.ts); questions go through the prompter. Both show a read-only report
// beside the editor and return what they found (the extension-host tests read it).
import * as vscode from 'vscode';
import { basename, dirname, join } from 'node:path';
import { CommandIds } from '../../host/commandIds';
import type { Command } from '../../host/commands';
import type { Prompter } from '../../host/prompter';
import { testFileTextToSend, type GrammarTestClient } from './grammarTestClient';
import type { ReadOnlyDocuments } from '../../host/readOnlyDocuments';

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

function grammarUri(arg: unknown): vscode.Uri {
  if (arg instanceof vscode.Uri) return arg;
  const active = vscode.window.activeTextEditor?.document;
  if (active?.languageId === 'grxml') return active.uri;
  throw new Error('Open a GrXML grammar (.grxml) in the editor to test it.');
}

export class TestGrammarCommand implements Command {
  readonly id = CommandIds.grammarTest;
  private readonly lastInput = new Map<string, string>();

  constructor(
    private readonly tester: GrammarTestClient,
    private readonly prompter: Prompter,
    private readonly reports: ReadOnlyDocuments,
  ) {}

  /** Arguments (all optional): the grammar's URI, the rule to start from, the input (no prompt then). */
  async execute(uriArg?: unknown, ruleArg?: unknown, inputArg?: unknown): Promise<SentenceTestSummary | undefined> {
    const uri = grammarUri(uriArg);
    const name = basename(uri.path);
    const info = await this.tester.info(uri);
    if (!info.readable)
      throw new Error(
        `Cannot read the grammar ${uri.scheme === 'file' ? uri.fsPath : name}; check that it exists and is a GrXML grammar.`,
      );
    let rule = typeof ruleArg === 'string' ? ruleArg : undefined;
    if (rule === undefined && info.startRules.length > 0) {
      // No root rule, so no default start: one public rule is taken without asking.
      rule =
        info.startRules.length === 1
          ? info.startRules[0]
          : await this.prompter.pick(
              info.startRules.map((r) => ({ label: r, value: r })),
              {
                title: `${name} has no root rule`,
                placeholder: 'Which public rule should the sentence start from?',
              },
            );
      if (rule === undefined) return undefined; // dismissed
    }
    const input =
      typeof inputArg === 'string'
        ? inputArg
        : await this.prompter.input({
            title: `Test ${name}${rule ? ` (rule ${rule})` : ''}`,
            prompt:
              info.mode === 'dtmf'
                ? 'DTMF keys to test: 0-9 * # A-D (spaces optional)'
                : 'A sentence to test (words are compared case-insensitively)',
            value: this.lastInput.get(uri.toString()) ?? '',
          });
    if (input === undefined) return undefined; // dismissed
    this.lastInput.set(uri.toString(), input);
    const result = await this.tester.test(uri, input, rule);
    const reportUri = (
      await this.reports.show(`/${name} — test.txt`, result.report, { fresh: true, beside: true })
    ).toString();
    const summary: SentenceTestSummary = { report: result.report, reportUri };
    if (result.accepted !== undefined) summary.accepted = result.accepted;
    if (result.semantics !== undefined) summary.semantics = result.semantics;
    if (result.error !== undefined) summary.error = result.error;
    return summary;
  }
}

export class RunGrammarTestsCommand implements Command {
  readonly id = CommandIds.grammarRunTests;

  constructor(
    private readonly tester: GrammarTestClient,
    private readonly prompter: Prompter,
    private readonly reports: ReadOnlyDocuments,
  ) {}

  async execute(uriArg?: unknown): Promise<BatchTestSummary> {
    const file = await this.testFile(uriArg);
    const text = await testFileTextToSend(file);
    const name = basename(file.fsPath);
    const run = await this.prompter.withProgress(
      { title: `Running the grammar tests of ${name}` },
      (_progress, signal) => this.tester.run(file, text, { signal }),
    );
    const reportUri = (
      await this.reports.show(`/${name} — results.txt`, run.report, { fresh: true, beside: true })
    ).toString();
    return { passed: run.passed, failed: run.failed, report: run.report, reportUri };
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
        throw new Error(
          `No test file for ${basename(candidate.fsPath)}: create ${stem}.grxml-test beside it (lines like "accept: yes => {...}" and "reject: maybe").`,
        );
      }
    }
    throw new Error('Open a .grxml-test file (or the grammar it tests) to run its grammar tests.');
  }
}
