/// <reference types="mocha" />
// TRSX and GrXML language support in the real extension host: real documents of the test workspace (a pulled
// project with two locales and a rule-based grammar, and a grammars folder), asked through VS Code's own
// commands (vscode.execute…Provider), so registration, position conversion and the worker are all exercised.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { formatTrsx } from '../../../src/core/formats/trsx/format';
import { extensionApi, waitFor } from '../helpers';
import {
  corpusPath,
  openLanguageDocument,
  positionOf,
  restoreDocument,
  textAt,
  workspaceFile,
} from '../languageHelpers';

const EN = (): string => workspaceFile('coffee-shop', 'en-US', 'en-US.trsx');
const FR = (): string => workspaceFile('coffee-shop', 'fr-CA', 'fr-CA.trsx');

function codes(uri: vscode.Uri): string[] {
  return vscode.languages
    .getDiagnostics(uri)
    .map((d) => String(d.code))
    .sort();
}

suite('language: TRSX', () => {
  suiteTeardown(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  test('the languages are contributed and a .trsx file opens as TRSX', async () => {
    const languages = await vscode.languages.getLanguages();
    for (const id of ['trsx', 'grxml', 'grxml-test']) assert.ok(languages.includes(id), `${id} is a language`);
    const doc = await openLanguageDocument(EN());
    assert.equal(doc.languageId, 'trsx');
  });

  test('diagnostics: format rules and cross-locale checks, with exact ranges', async () => {
    const doc = await openLanguageDocument(EN());
    await waitFor('TRSX diagnostics', () => codes(doc.uri).length >= 4, 30_000);
    assert.deepEqual(codes(doc.uri), ['PRJ002', 'PRJ003', 'TRSX020', 'TRSX032']);
    const byCode = new Map(vscode.languages.getDiagnostics(doc.uri).map((d) => [String(d.code), d]));
    assert.equal(doc.getText(byCode.get('TRSX020')?.range), 'GREET');
    assert.equal(byCode.get('TRSX020')?.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(doc.getText(byCode.get('PRJ002')?.range), 'DRINK');
    assert.match(byCode.get('PRJ003')?.message ?? '', /alphanum here but no_format in fr-CA/);
    assert.equal(byCode.get('TRSX032')?.source, 'cstudio');
  });

  test('diagnostics follow edits as you type (inside a sample: incrementally)', async () => {
    const { testing } = await extensionApi();
    const doc = await openLanguageDocument(EN());
    const original = doc.getText();
    await waitFor('first diagnostics', () => codes(doc.uri).includes('TRSX020'), 20_000);
    const published: boolean[] = [];
    const listener = testing.language().client.onDidPublish((e) => {
      if (e.uri.toString() === doc.uri.toString()) published.push(e.incremental);
    });
    try {
      const edit = new vscode.WorkspaceEdit();
      edit.insert(doc.uri, positionOf(doc, 'I want a coffee', 'I want a coffee'.length, 1), ' now');
      assert.ok(await vscode.workspace.applyEdit(edit));
      await waitFor('the duplicate to go', () => !codes(doc.uri).includes('TRSX032'), 30_000);
      assert.ok(published.includes(true), 'validated incrementally');
      const declare = new vscode.WorkspaceEdit();
      declare.insert(
        doc.uri,
        positionOf(doc, '<intent name="CANCEL"/>', '<intent name="CANCEL"/>'.length),
        '\n      <intent name="GREET"/>',
      );
      assert.ok(await vscode.workspace.applyEdit(declare));
      await waitFor('TRSX020 to go', () => !codes(doc.uri).includes('TRSX020'), 30_000);
    } finally {
      listener.dispose();
      await restoreDocument(doc, original);
    }
  });

  test('completion: intents of this file and the other locale, special intents', async () => {
    const doc = await openLanguageDocument(EN());
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      doc.uri,
      positionOf(doc, 'intentref="CANCEL"', 'intentref="'.length),
    );
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    for (const name of ['ORDER_COFFEE', 'CANCEL', 'GREET', 'NO_INTENT'])
      assert.ok(labels.includes(name), `${name} offered`);
    const concepts = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      doc.uri,
      positionOf(doc, 'conceptref="DRINK">latte', 'conceptref="'.length),
    );
    const conceptLabels = concepts.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(conceptLabels.includes('COFFEE_SIZE') && conceptLabels.includes('nuance_CARDINAL_NUMBER'));
  });

  test("hover: sample counts per locale and linked entities; a concept's facts", async () => {
    const doc = await openLanguageDocument(EN());
    const [hover] = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      doc.uri,
      positionOf(doc, '<intent name="ORDER_COFFEE"', '<intent name="OR'.length),
    );
    const text = hover?.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')).join('\n') ?? '';
    assert.match(text, /en-US: 3 samples \(count 4\) · fr-CA: 2 samples/);
    assert.match(text, /Linked entities: `COFFEE_SIZE`, `DRINK`/);
    const [concept] = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      doc.uri,
      positionOf(doc, 'conceptref="COFFEE_SIZE">large', 'conceptref="C'.length),
    );
    const conceptText =
      concept?.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')).join('\n') ?? '';
    assert.match(conceptText, /dataType `alphanum`[\s\S]*Literals: 2[\s\S]*Used in 1 intent link, 1 annotation/);
  });

  test('definition and references, across the locale files', async () => {
    const doc = await openLanguageDocument(EN());
    const definitions = await vscode.commands.executeCommand<vscode.Location[]>(
      'vscode.executeDefinitionProvider',
      doc.uri,
      positionOf(doc, 'intentref="GREET"', 'intentref="G'.length),
    );
    assert.equal(definitions.length, 1);
    assert.equal(definitions[0]?.uri.fsPath, FR());
    assert.equal(await textAt(definitions[0] as vscode.Location), 'GREET');
    const fromDictionary = await vscode.commands.executeCommand<vscode.Location[]>(
      'vscode.executeDefinitionProvider',
      doc.uri,
      positionOf(doc, '<dictionary conceptref="COFFEE_SIZE"', '<dictionary conceptref="C'.length),
    );
    assert.deepEqual(
      fromDictionary.map((l) => [l.uri.fsPath, l.range.start.line]),
      [[EN(), positionOf(doc, '<concept name="COFFEE_SIZE"').line]],
    );
    const references = await vscode.commands.executeCommand<vscode.Location[]>(
      'vscode.executeReferenceProvider',
      doc.uri,
      positionOf(doc, '<intent name="ORDER_COFFEE"', '<intent name="O'.length),
    );
    assert.equal(references.length, 7);
    assert.deepEqual([...new Set(references.map((r) => r.uri.fsPath))].sort(), [EN(), FR()].sort());
    for (const r of references) assert.equal(await textAt(r), 'ORDER_COFFEE');
  });

  test('rename an intent: edits in this file and the other locale', async () => {
    const doc = await openLanguageDocument(EN());
    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>(
      'vscode.executeDocumentRenameProvider',
      doc.uri,
      positionOf(doc, 'intentref="CANCEL"', 'intentref="C'.length),
      'STOP',
    );
    const entries = edit
      .entries()
      .map(([uri, edits]) => [uri.fsPath, edits.length, edits.every((e) => e.newText === 'STOP')]);
    assert.deepEqual(
      entries.sort(),
      [
        [EN(), 2, true],
        [FR(), 1, true],
      ].sort(),
    );
  });

  test('document and workspace symbols', async () => {
    const doc = await openLanguageDocument(EN());
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>(
      'vscode.executeDocumentSymbolProvider',
      doc.uri,
    );
    assert.deepEqual(
      symbols.map((s) => [s.name, s.children.length]),
      [
        ['Intents', 2],
        ['Concepts', 3],
        ['Dictionaries', 1],
        ['Samples', 3],
      ],
    );
    assert.deepEqual(
      symbols[3]?.children.map((g) => g.name),
      ['ORDER_COFFEE', 'CANCEL', 'GREET'],
    );
    const found = await vscode.commands.executeCommand<vscode.SymbolInformation[]>(
      'vscode.executeWorkspaceSymbolProvider',
      'ORDER_NUM',
    );
    const names = found.map((s) => `${s.name}@${s.containerName}`);
    for (const n of ['ORDER_NUMBER@en-US', 'ORDER_NUMBER@fr-CA', 'order_number@order_number.grxml'])
      assert.ok(names.includes(n), `${n} in ${names.join(', ')}`);
  });

  test("formatting is lossless and follows formatTrsx: the file's own indentation unless cstudio.format.indent says otherwise", async () => {
    const messy =
      '<?xml version="1.0"?>\n<project xml:lang="en-US"><ontology><intents><intent name="A"/></intents></ontology>\n<samples>   <sample intentref="A">keep   this\n spacing</sample></samples></project>';
    const doc = await vscode.workspace.openTextDocument({ language: 'trsx', content: messy });
    const format = async (options: vscode.FormattingOptions): Promise<string> => {
      const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>(
        'vscode.executeFormatDocumentProvider',
        doc.uri,
        options,
      );
      const edit = new vscode.WorkspaceEdit();
      edit.set(doc.uri, edits ?? []);
      assert.ok(await vscode.workspace.applyEdit(edit));
      return doc.getText();
    };
    // `auto` (the default): a file with no indentation of its own gets the exports' 4 spaces, whatever the editor's tab size.
    assert.equal(await format({ tabSize: 2, insertSpaces: true }), formatTrsx(messy));
    assert.match(doc.getText(), /\n {4}<ontology>\n/);
    assert.match(
      doc.getText(),
      /<sample intentref="A">keep {3}this\n {9}spacing<\/sample>/,
      'sample words kept; its second line moved with it',
    );
    const config = vscode.workspace.getConfiguration('cstudio');
    try {
      await config.update('format.indent', 'editor', vscode.ConfigurationTarget.Global);
      // The setting reaches the formatter through the configuration-change event: wait for it, no fixed sleep.
      await waitFor('cstudio.format.indent = editor to apply', async () =>
        (await format({ tabSize: 2, insertSpaces: false })).includes('\n\t<ontology>'),
      );
      assert.equal(doc.getText(), formatTrsx(messy, { indent: 'tab' }));
      await config.update('format.indent', 2, vscode.ConfigurationTarget.Global);
      await waitFor('cstudio.format.indent = 2 to apply', async () =>
        (await format({ tabSize: 8, insertSpaces: false })).includes('\n  <ontology>'),
      );
      assert.equal(doc.getText(), formatTrsx(messy, { indent: 2 }));
    } finally {
      await config.update('format.indent', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('code actions: declare the missing intent; remove the duplicate sample', async () => {
    const doc = await openLanguageDocument(EN());
    const original = doc.getText();
    await waitFor(
      'diagnostics',
      () => codes(doc.uri).includes('TRSX020') && codes(doc.uri).includes('TRSX032'),
      30_000,
    );
    const missing = vscode.languages.getDiagnostics(doc.uri).find((d) => d.code === 'TRSX020');
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      missing?.range,
    );
    const declare = actions.find((a) => a.title === "Declare intent 'GREET'");
    assert.ok(declare?.edit, `actions: ${actions.map((a) => a.title).join(', ')}`);
    assert.equal(declare.isPreferred, true);
    const duplicate = vscode.languages.getDiagnostics(doc.uri).find((d) => d.code === 'TRSX032');
    const dupActions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      duplicate?.range,
    );
    assert.ok(dupActions.some((a) => a.title === "Remove duplicate sample and raise the first one's count to 2"));
    try {
      assert.ok(await vscode.workspace.applyEdit(declare.edit));
      assert.match(doc.getText(), /<intent name="CANCEL"\/>\n {6}<intent name="GREET"\/>/);
      await waitFor('TRSX020 to go', () => !codes(doc.uri).includes('TRSX020'), 30_000);
    } finally {
      await restoreDocument(doc, original);
    }
  });

  test('code lenses: sample counts on intents', async () => {
    const doc = await openLanguageDocument(EN());
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
    assert.deepEqual(
      lenses.map((l) => l.command?.title),
      ['3 samples (en-US) · fr-CA 2', '1 sample (en-US) · fr-CA 0'],
    );
    assert.equal(lenses[0]?.command?.command, 'editor.action.findReferences');
    assert.ok((await vscode.commands.getCommands(true)).includes('editor.action.findReferences'));
    assert.equal(lenses[0]?.command?.arguments?.[1].line, positionOf(doc, '<intent name="ORDER_COFFEE"').line);
  });

  test('auto-closing tags while typing', async () => {
    const doc = await vscode.workspace.openTextDocument({
      language: 'trsx',
      content: '<project>\n  <samples\n</project>',
    });
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(1, 10, 1, 10);
    await vscode.commands.executeCommand('type', { text: '>' });
    await waitFor('the close tag', () => doc.getText().includes('<samples></samples>'), 5_000);
    // The cursor is left between the tags: the next key lands there. (Where the cursor is, the extension host hears
    // late after a snippet: `editor.selection` may still say after the close tag until the next key.)
    await vscode.commands.executeCommand('type', { text: 'x' });
    await waitFor('the next key between the tags', () => doc.getText().includes('<samples>x</samples>'), 5_000);
    await vscode.commands.executeCommand('type', { text: '</' });
    await waitFor(
      'typing </ to complete the name',
      () => doc.getText().includes('<samples>x</samples></samples>'),
      5_000,
    );
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});

suite('language: real-world TRSX (corpus)', () => {
  test('exports from Mix open with their diagnostics, outline and hovers', async function () {
    const dir = corpusPath('trsx');
    if (!dir) {
      console.log('    skipped: ../shared/corpus/trsx not found (the corpus is not part of the repository)');
      this.skip();
    }
    const quickstart = await openLanguageDocument(join(dir, 'nuance-quickstart-travel-ivr-digital.en-US.trsx'));
    const empty = await openLanguageDocument(join(dir, 'danaemtz-empty_project_example.trsx'));
    await waitFor('diagnostics of the empty project', () => codes(empty.uri).includes('TRSX045'), 20_000);
    await waitFor('the quickstart to be validated', async () => {
      const { testing } = await extensionApi();
      return testing.language().client.hasValidated(quickstart.uri);
    });
    assert.deepEqual(
      vscode.languages.getDiagnostics(quickstart.uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error),
      [],
    );
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>(
      'vscode.executeDocumentSymbolProvider',
      quickstart.uri,
    );
    assert.deepEqual(
      symbols.map((s) => [s.name, s.children.length]),
      [
        ['Intents', 4],
        ['Concepts', 8],
        ['Dictionaries', 2],
        ['Samples', 5],
      ],
    );
    const [hover] = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      quickstart.uri,
      positionOf(quickstart, '<intent name="iBookFlight"', '<intent name="i'.length),
    );
    const text = hover?.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')).join('\n') ?? '';
    assert.match(text, /\*\*Intent\*\* `iBookFlight`[\s\S]*this file: \d+ samples?/);
  });
});
