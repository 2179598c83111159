/// <reference types="mocha" />
// Conversational Studio: Show Model Health on a pulled-project folder: the report in a webview with no script
// and a strict CSP, a chart of samples per intent, and a finding's link opening its source line selected.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandIds } from '../../../src/host/commandIds';
import type { HealthViewState } from '../../../src/features/health/healthFeature';
import { extensionApi } from '../helpers';

const MENTION_TRSX = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="eng-USA" nuance:version="2.6">
  <ontology base="http://localhost:8080/resources/ontology-1.0.xml">
    <intents>
      <intent name="ORDER_COFFEE">
        <links>
          <link conceptref="COFFEE_SIZE"/>
        </links>
      </intent>
    </intents>
    <concepts>
      <concept name="COFFEE_SIZE"/>
    </concepts>
  </ontology>
  <dictionaries>
    <dictionary conceptref="COFFEE_SIZE">
      <entry literal="large" value="L"/>
    </dictionary>
  </dictionaries>
  <samples>
    <sample intentref="ORDER_COFFEE" count="1">a <annotation conceptref="COFFEE_SIZE">large</annotation> one</sample>
    <sample intentref="ORDER_COFFEE" count="1">a Large latte please</sample>
  </samples>
</project>
`;

const TRSX = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="eng-USA" nuance:version="2.6">
  <ontology base="http://localhost:8080/resources/ontology-1.0.xml">
    <intents>
      <intent name="ASK_HOURS"/>
      <intent name="CHECK_ORDER"/>
    </intents>
    <concepts/>
  </ontology>
  <samples>
    <sample intentref="ASK_HOURS" count="1">when do you open tomorrow</sample>
    <sample intentref="ASK_HOURS" count="1">are you open on sundays</sample>
    <sample intentref="CHECK_ORDER" count="1">When do you open, tomorrow?</sample>
  </samples>
</project>
`;

suite('model health', () => {
  let dir = '';
  suiteSetup(() => {
    dir = mkdtempSync(join(tmpdir(), 'cstudio-health-'));
    mkdirSync(join(dir, 'en-US'));
    writeFileSync(join(dir, 'metadata.json'), '{}\n');
    writeFileSync(join(dir, 'en-US', 'en-US.trsx'), TRSX);
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('Show Model Health reports the folder and a finding opens its line', async () => {
    const { testing } = await extensionApi();
    const state = await vscode.commands.executeCommand<HealthViewState | undefined>(CommandIds.healthShow, {
      folder: dir,
    });
    assert.ok(state, 'the view opened');
    assert.equal(testing.health.view?.folder, dir);
    // cstudio.health.minSamples defaults to 5: both intents are below it, and the conflict is found.
    assert.deepEqual(
      state.report.findings.map((f) => f.rule),
      ['samples-below-minimum', 'samples-below-minimum', 'conflict'],
    );
    assert.match(state.html, /content="default-src 'none'; style-src [^"]+"/);
    assert.doesNotMatch(state.html, /<script/i);
    assert.equal([...state.html.matchAll(/<rect /g)].length, 2);

    const conflict = state.report.findings.find((f) => f.rule === 'conflict');
    assert.equal(conflict?.location?.startLine, 11);
    await vscode.commands.executeCommand(CommandIds.healthOpenFinding, [conflict?.location]);
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.fsPath, join(dir, 'en-US', 'en-US.trsx'));
    assert.equal(editor?.selection.start.line, 10);
  });

  test("Annotate applies a mention's fix in the editor (unsaved) and refreshes the report from it", async () => {
    const { testing } = await extensionApi();
    const other = join(dir, 'mention');
    mkdirSync(join(other, 'en-US'), { recursive: true });
    writeFileSync(join(other, 'metadata.json'), '{}\n');
    const file = join(other, 'en-US', 'en-US.trsx');
    writeFileSync(file, MENTION_TRSX);
    const state = await vscode.commands.executeCommand<HealthViewState | undefined>(CommandIds.healthShow, {
      folder: other,
    });
    const mention = state?.report.findings.find((f) => f.rule === 'unannotated-mention');
    assert.ok(mention?.fix, 'the mention has a fix');
    assert.match(state?.html ?? '', /command:cstudio\.health\.applyFix\?/);
    assert.equal(await vscode.commands.executeCommand(CommandIds.healthApplyFix, [mention.fix]), true);
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === file);
    assert.match(
      doc?.getText() ?? '',
      /<sample intentref="ORDER_COFFEE" count="1">a <annotation conceptref="COFFEE_SIZE">Large<\/annotation> latte please<\/sample>/,
    );
    assert.deepEqual(
      testing.health.view?.report.findings.filter((f) => f.rule === 'unannotated-mention'),
      [],
    );
  });

  test('every cstudio.health threshold reaches the report (issue 31: none dropped on the way to the worker)', async () => {
    const config = vscode.workspace.getConfiguration('cstudio');
    // The extension re-reads its settings on the configuration event, before this later listener hears it.
    const applied = new Promise<void>((resolve) => {
      const listener = vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('cstudio.health.similarity')) {
          listener.dispose();
          resolve();
        }
      });
    });
    try {
      await config.update('health.minSamples', 1, vscode.ConfigurationTarget.Global);
      await config.update('health.maxImbalance', 1.5, vscode.ConfigurationTarget.Global);
      await config.update('health.similarity', 0.2, vscode.ConfigurationTarget.Global);
      await applied;
      const state = await vscode.commands.executeCommand<HealthViewState | undefined>(CommandIds.healthShow, {
        folder: dir,
      });
      // At the defaults the folder has two samples-below-minimum and the conflict (the first test). Here: none
      // below 1; ASK_HOURS has 2× CHECK_ORDER's samples, above 1.5; two samples share 25% of their words, above 0.2.
      assert.deepEqual(
        state?.report.findings.map((f) => f.rule),
        ['intent-imbalance', 'conflict', 'near-duplicate'],
      );
    } finally {
      for (const key of ['minSamples', 'maxImbalance', 'similarity'])
        await config.update(`health.${key}`, undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
