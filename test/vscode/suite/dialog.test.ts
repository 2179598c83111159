/// <reference types="mocha" />
// dialog.json in the real extension host: a project with a TRSX and a dialog.json (a temp copy of
// test/fixtures/dialog/coffee), asked through VS Code's own commands. Renaming an intent from the TRSX changes
// dialog.json; dialog.json gets diagnostics and an outline; "Show Dialog Flow" draws its components.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CommandIds } from '../../../src/host/commandIds';
import { waitFor } from '../helpers';
import { openLanguageDocument, positionOf } from '../languageHelpers';

function fixture(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return join(dir, 'test', 'fixtures', 'dialog', 'coffee');
}

suite('dialog.json', () => {
  let root: string;
  suiteSetup(() => {
    root = mkdtempSync(join(tmpdir(), 'cstudio-vscode-dialog-'));
    cpSync(fixture(), root, { recursive: true });
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(root, { recursive: true, force: true });
  });

  test('renaming an intent in the TRSX changes dialog.json too', async () => {
    const trsx = await openLanguageDocument(join(root, 'en-US', 'en-US.trsx'));
    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>(
      'vscode.executeDocumentRenameProvider',
      trsx.uri,
      positionOf(trsx, '<intent name="iOrderCoffee"', 15),
      'iBuyCoffee',
    );
    const dialogPath = join(root, 'dialog.json');
    const forDialog = edit.entries().find(([uri]) => uri.fsPath === dialogPath)?.[1] ?? [];
    assert.equal(forDialog.length, 4, 'the ontology copy, the intent component, the condition and the assignment');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const dialog = await vscode.workspace.openTextDocument(vscode.Uri.file(dialogPath));
    assert.ok(!dialog.getText().includes('"iOrderCoffee"'));
    assert.match(dialog.getText(), /"rightConstant": "iBuyCoffee"/);
    // Saved, so nothing is left dirty when the suite removes its folder.
    assert.ok(await dialog.save());
    assert.ok(await trsx.save());
  });

  test('dialog.json (a JSON document) gets our diagnostics and outline', async () => {
    const dialog = await openLanguageDocument(join(root, 'dialog.json'));
    assert.equal(dialog.languageId, 'json');
    const codes = (): string[] =>
      vscode.languages
        .getDiagnostics(dialog.uri)
        .filter((d) => d.source === 'cstudio')
        .map((d) => String(d.code))
        .sort();
    // After the rename above, both files agree again: no DLG010 (a name the TRSX does not have).
    await waitFor('dialog diagnostics', () => codes().join() === 'DLG001,DLG005,DLG006,DLG008' && codes(), 30_000);
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>(
      'vscode.executeDocumentSymbolProvider',
      dialog.uri,
    );
    const ours = symbols.filter((s) => s.name === 'Main' || s.name === 'iBuyCoffee');
    assert.deepEqual(
      ours.map((s) => s.name),
      ['Main', 'iBuyCoffee'],
    );
  });

  test('Show Dialog Flow draws the components and nodes in a page with a strict CSP', async () => {
    const html = await vscode.commands.executeCommand<string>(
      CommandIds.dialogShowFlow,
      vscode.Uri.file(join(root, 'dialog.json')),
    );
    assert.match(html, /default-src 'none'/);
    assert.doesNotMatch(html, /<script/);
    for (const name of ['Main', 'iBuyCoffee', 'AskSize', 'EndCall'])
      assert.ok(html.includes(`>${name}<`), `${name} in the page`);
    assert.match(html, /command:cstudio\.dialog\.revealOffset\?/);
  });
});
