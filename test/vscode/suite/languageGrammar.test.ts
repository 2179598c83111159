/// <reference types="mocha" />
// GrXML support and the grammar tester in the real extension host: diagnostics, completion, hover, navigation
// across grammar files, rename, code actions, "Test Grammar" (voice and DTMF), batch runs of a .grxml-test file,
// and the Test Explorer controller running the same file.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchTestSummary, SentenceTestSummary } from '../../../src/features/language/grammarTesterCommands';
import { usePrompterForSuite } from '../explorerHelpers';
import { extensionApi, waitFor } from '../helpers';
import {
  corpusPath,
  openLanguageDocument,
  positionOf,
  restoreDocument,
  textAt,
  workspaceFile,
} from '../languageHelpers';

const YESNO = (): string => workspaceFile('grammars', 'yesno.grxml');

function labels(list: vscode.CompletionList): string[] {
  return list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
}

suite('language: GrXML', () => {
  suiteTeardown(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  test('diagnostics: clean grammars have none; an undefined rule reference and a bad root are reported', async () => {
    const doc = await openLanguageDocument(YESNO());
    const original = doc.getText();
    assert.equal(doc.languageId, 'grxml');
    const { testing } = await extensionApi();
    await waitFor('validation', () => testing.language().client.hasValidated(doc.uri));
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(positionOf(doc, '#no"', 1), positionOf(doc, '#no"', 3)), 'nay');
    edit.replace(
      doc.uri,
      new vscode.Range(positionOf(doc, 'root="answer"', 6), positionOf(doc, 'root="answer"', 12)),
      'answr',
    );
    edit.replace(
      doc.uri,
      new vscode.Range(positionOf(doc, 'repeat="0-1"', 8), positionOf(doc, 'repeat="0-1"', 11)),
      '?',
    );
    try {
      assert.ok(await vscode.workspace.applyEdit(edit));
      await waitFor('SRGS diagnostics', () => vscode.languages.getDiagnostics(doc.uri).length >= 4, 30_000);
      const found = vscode.languages
        .getDiagnostics(doc.uri)
        .map((d) => `${String(d.code)} ${doc.getText(d.range)}`)
        .sort();
      assert.deepEqual(found, [
        'SRGS007 root="answr"',
        'SRGS014 repeat="?"',
        'SRGS019 <ruleref uri="#nay"/>',
        'SRGS048 no',
      ]);
      const root = vscode.languages.getDiagnostics(doc.uri).find((d) => d.code === 'SRGS007');
      const fixes = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        doc.uri,
        root?.range,
      );
      assert.ok(fixes.some((a) => a.title === "Set root to 'answer'" && a.isPreferred));
      const repeat = vscode.languages.getDiagnostics(doc.uri).find((d) => d.code === 'SRGS014');
      const normalize = (
        await vscode.commands.executeCommand<vscode.CodeAction[]>(
          'vscode.executeCodeActionProvider',
          doc.uri,
          repeat?.range,
        )
      ).find((a) => a.title.startsWith('Normalize repeat'));
      assert.ok(normalize?.edit && (await vscode.workspace.applyEdit(normalize.edit)));
      assert.match(doc.getText(), /repeat="0-1"/);
    } finally {
      await restoreDocument(doc, original);
    }
    await waitFor('diagnostics to clear', () => vscode.languages.getDiagnostics(doc.uri).length === 0, 30_000);
  });

  test('completion of rule references and repeat forms', async () => {
    const doc = await openLanguageDocument(YESNO());
    const uris = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      doc.uri,
      positionOf(doc, '#yes"', 1),
    );
    for (const label of ['#answer', '#yes', '#no', 'common.grxml#politeness'])
      assert.ok(labels(uris).includes(label), `${label} offered`);
    const repeats = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      doc.uri,
      positionOf(doc, 'repeat="0-1"', 'repeat="'.length),
    );
    assert.deepEqual(labels(repeats).slice(0, 5), ['0-1', '1-', '0-', '2', '1-3']);
  });

  test("hover shows a rule's first alternatives; definition and references cross grammar files", async () => {
    const doc = await openLanguageDocument(YESNO());
    const [hover] = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      doc.uri,
      positionOf(doc, '#yes"', 2),
    );
    const text = hover?.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')).join('\n') ?? '';
    assert.match(text, /\*\*Rule\*\* `yes`[\s\S]*- yes\n- yeah\n- sure/);
    const [external] = await vscode.commands.executeCommand<vscode.Location[]>(
      'vscode.executeDefinitionProvider',
      doc.uri,
      positionOf(doc, 'common.grxml#politeness', 'common.grxml#p'.length),
    );
    assert.equal(external?.uri.fsPath, workspaceFile('grammars', 'common.grxml'));
    assert.equal(await textAt(external as vscode.Location), 'politeness');
    const refs = await vscode.commands.executeCommand<vscode.Location[]>(
      'vscode.executeReferenceProvider',
      doc.uri,
      positionOf(doc, '<rule id="yes"', '<rule id="y'.length),
    );
    assert.equal(refs.length, 2, 'the rule and its reference');
    const rename = await vscode.commands.executeCommand<vscode.WorkspaceEdit>(
      'vscode.executeDocumentRenameProvider',
      doc.uri,
      positionOf(doc, '<rule id="yes"', '<rule id="y'.length),
      'affirm',
    );
    assert.deepEqual(
      rename.entries().map(([uri, edits]) => [uri.fsPath, edits.map((e) => e.newText)]),
      [[YESNO(), ['affirm', 'affirm']]],
    );
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
    assert.deepEqual(
      lenses.map((l) => [l.command?.title, l.command?.command, l.command?.arguments?.[1]]),
      [['Test Grammar', 'cstudio.grammar.test', 'answer']],
    );
  });

  test('Test Grammar: accepted with its parse tree and semantic result, rejected, DTMF', async () => {
    const yesno = vscode.Uri.file(YESNO());
    const accepted = await vscode.commands.executeCommand<SentenceTestSummary>(
      'cstudio.grammar.test',
      yesno,
      undefined,
      'yeah please',
    );
    assert.equal(accepted.accepted, true);
    assert.deepEqual(accepted.semantics, { answer: 'yes' });
    assert.match(accepted.report, /ACCEPTED\n\nParse tree:\n {2}\$answer "yeah please"/);
    const shown = vscode.workspace.textDocuments.find((d) => d.uri.toString() === accepted.reportUri);
    assert.ok(shown, 'the report is open in a read-only document');
    assert.equal(shown.getText(), accepted.report);
    const rejected = await vscode.commands.executeCommand<SentenceTestSummary>(
      'cstudio.grammar.test',
      yesno,
      undefined,
      'maybe',
    );
    assert.equal(rejected.accepted, false);
    assert.match(rejected.report, /REJECTED/);
    const pin = await vscode.commands.executeCommand<SentenceTestSummary>(
      'cstudio.grammar.test',
      vscode.Uri.file(workspaceFile('grammars', 'pin.grxml')),
      'pin',
      '1234#',
    );
    assert.equal(pin.accepted, true);
    assert.equal(pin.semantics, '1234', 'the tags built the PIN from the four keys');
  });

  test('batch mode: a .grxml-test file with pass/fail per case', async () => {
    const summary = await vscode.commands.executeCommand<BatchTestSummary>(
      'cstudio.grammar.runTests',
      vscode.Uri.file(workspaceFile('grammars', 'yesno.grxml-test')),
    );
    assert.deepEqual([summary.passed, summary.failed], [5, 0]);
    assert.match(summary.report, /^Grammar tests: yesno\.grxml-test — 5 passed, 0 failed/);
    assert.match(summary.report, /PASS {2}line 6 {2}reject "yes yes"/);
  });

  test('Test Explorer: the test file and its cases are discovered and run', async () => {
    const { testing } = await extensionApi();
    const tests = testing.language().grammarTests;
    const fileId = vscode.Uri.file(workspaceFile('grammars', 'yesno.grxml-test')).toString();
    const file = await waitFor('the test file item', () => tests.controller.items.get(fileId), 30_000);
    assert.equal(file.children.size, 5);
    const source = new vscode.CancellationTokenSource();
    await tests.runProfile.runHandler(new vscode.TestRunRequest([file]), source.token);
    const outcomes = [...tests.lastOutcomes()].filter(([id]) => id.startsWith(fileId));
    assert.deepEqual(outcomes.map(([id, o]) => `${id.slice(fileId.length)} ${o}`).sort(), [
      '#L2 passed',
      '#L3 passed',
      '#L4 passed',
      '#L5 passed',
      '#L6 passed',
    ]);
  });
});

suite('language: the grammar tester asks through the prompter', () => {
  const prompter = usePrompterForSuite();
  const NO_ROOT = `<?xml version="1.0" encoding="UTF-8"?>
<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" mode="voice">
  <rule id="size" scope="public"><one-of><item>small</item><item>large</item></one-of></rule>
  <rule id="drink" scope="public"><one-of><item>tea</item><item>coffee</item></one-of></rule>
</grammar>
`;

  test('Test Grammar: which public rule to start from (no root rule), then the sentence; Escape runs nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cstudio-tester-'));
    try {
      await writeFile(join(dir, 'order.grxml'), NO_ROOT);
      await openLanguageDocument(join(dir, 'order.grxml'));
      prompter.script({ pick: 'drink' }, { input: 'coffee' });
      const result = await vscode.commands.executeCommand<SentenceTestSummary | undefined>('cstudio.grammar.test');
      assert.equal(result?.accepted, true);
      assert.match(result?.report ?? '', /rule: drink/);
      assert.deepEqual(
        prompter.asked.map((a) => [a.kind, a.title, a.offered.join(',')]),
        [
          ['pick', 'order.grxml has no root rule', 'size,drink'],
          ['input', 'Test order.grxml (rule drink)', ''],
        ],
      );
      prompter.script({ pick: 'size' }, { dismiss: true });
      assert.equal(await vscode.commands.executeCommand('cstudio.grammar.test'), undefined);
      assert.equal(prompter.asked[3]?.offered[0], 'coffee', 'the last sentence is proposed again');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('Run Grammar Tests shows its progress through the prompter', async () => {
    const summary = await vscode.commands.executeCommand<BatchTestSummary>(
      'cstudio.grammar.runTests',
      vscode.Uri.file(workspaceFile('grammars', 'yesno.grxml-test')),
    );
    assert.deepEqual([summary.passed, summary.failed], [5, 0]);
    assert.deepEqual(prompter.progress, ['Running the grammar tests of yesno.grxml-test']);
  });
});

suite('language: real-world grammars (corpus)', () => {
  test('a JVoiceXML grammar opens, validates and is tested', async function () {
    const dir = corpusPath(join('grxml', 'jvoicexml'));
    if (!dir) {
      console.log('    skipped: ../shared/corpus/grxml/jvoicexml not found (the corpus is not part of the repository)');
      this.skip();
    }
    const path = join(dir as string, 'org.jvoicexml.demo.mixedinitiativedemo__src__main__resources__pizza.srgs');
    const doc = await openLanguageDocument(path);
    assert.equal(doc.languageId, 'grxml');
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>(
      'vscode.executeDocumentSymbolProvider',
      doc.uri,
    );
    assert.ok(symbols.length > 0);
    const yesno = await openLanguageDocument(
      join(dir as string, 'org.jvoicexml.demo.mixedinitiativedemo__src__main__resources__yesno.srgs'),
    );
    const result = await vscode.commands.executeCommand<SentenceTestSummary>(
      'cstudio.grammar.test',
      yesno.uri,
      undefined,
      'yes',
    );
    assert.equal(result.accepted, true);
    assert.equal(result.semantics, 'yes');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
