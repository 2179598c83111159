/// <reference types="mocha" />
// "Try an Utterance" in the real extension host, against the built-in sandbox's runtime: a pulled project, the
// configuration and locale picked, a sentence typed; the panel (no script, strict CSP) shows the n-best, the
// entities highlighted, the nearest training samples of the top two as links to their TRSX lines; a link opens
// that line; "Add as a sample" asks a confirmation naming the file and writes the annotated sample there.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PullResult } from '../../../src/core/sync/pull';
import { CommandIds } from '../../../src/host/commandIds';
import type { TryViewState } from '../../../src/features/try/tryFeature';
import { runningSandbox, usePrompterForSuite } from '../explorerHelpers';
import { extensionApi } from '../helpers';
import { CONNECTION } from '../logsHelpers';

const PICKUP_TIME = `<?xml version="1.0" encoding="UTF-8"?>
<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="PICKUP_TIME" mode="voice" tag-format="semantics/1.0">
  <rule id="PICKUP_TIME" scope="public">
    <one-of>
      <item>at noon</item>
      <item>in ten minutes</item>
    </one-of>
  </rule>
</grammar>
`;

suite('try an utterance', () => {
  const prompter = usePrompterForSuite();
  let root = '';
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test('the Try panel interprets through the sandbox runtime, explains, and adds the sentence as a sample', async function () {
    // A safety net: the first training in a process reads the engine's word vectors (seconds), and the sandbox trains
    // the seeded build in this same extension host, so a loaded machine needs more than the default 30 s.
    this.timeout(180_000);
    const { testing } = await extensionApi();
    await runningSandbox(testing);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the test window has a folder');
    root = join(folder, 'try-1001');
    const pulled = await vscode.commands.executeCommand<PullResult>(CommandIds.syncPull, {
      connectionId: CONNECTION,
      projectId: '1001',
      folder: root,
    });
    assert.ok(pulled);

    // The demo project has en-US and fr-CA; the sandbox's runtime clients reach one configuration, coffee-main.
    prompter.script({ pick: 'en-US' }, { input: 'I would like a large latte please' });
    const state = await vscode.commands.executeCommand<TryViewState | undefined>(CommandIds.tryUtterance, {
      folder: root,
    });
    assert.ok(state, 'the panel opened');
    assert.equal(testing.tryPanel.view?.folder, root);
    assert.equal(state.target.contextTag, 'coffee-main');
    const [best, second] = state.page.tried.candidates;
    assert.equal(best?.intent, 'ORDER_COFFEE');
    assert.ok(second && second.confidence <= best.confidence);
    assert.ok(best.entities.some((e) => e.name === 'COFFEE_TYPE' && e.literal === 'latte'));
    assert.match(state.html, /content="default-src 'none'; style-src [^"]+"/);
    assert.doesNotMatch(state.html, /<script/i);
    assert.match(state.html, /<mark class="entity" title="[^"]+">large latte<span class="tag">DRINK<\/span><\/mark>/);
    assert.match(state.html, /Why ORDER_COFFEE and not /);
    assert.equal(state.page.why.length, 2);
    const near = state.page.why[0]?.nearest[0];
    assert.ok(near?.source, 'the nearest sample has its TRSX line');
    assert.equal(near.intent, 'ORDER_COFFEE');

    await vscode.commands.executeCommand(CommandIds.tryOpenSample, { file: near.source.file, line: near.source.line });
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor && editor.document.uri.fsPath.endsWith(join('en-US', 'en-US.trsx')));
    assert.equal(editor.selection.start.line, near.source.line - 1);
    assert.match(editor.document.lineAt(near.source.line - 1).text, /<sample /);

    prompter.script({ confirm: true });
    assert.equal(await vscode.commands.executeCommand(CommandIds.tryAddSample, { intent: 'ORDER_COFFEE' }), true);
    assert.match(
      prompter.asked.find((a) => a.kind === 'confirm')?.title ?? '',
      /^Add "I would like a large latte please" as a sample of ORDER_COFFEE in en-US\/en-US\.trsx\?$/,
    );
    const trsx = readFileSync(join(root, 'en-US', 'en-US.trsx'), 'utf8');
    assert.match(
      trsx,
      /<sample intentref="ORDER_COFFEE" count="1">I would like a <annotation conceptref="DRINK"><annotation conceptref="COFFEE_SIZE">large<\/annotation> <annotation conceptref="COFFEE_TYPE">latte<\/annotation><\/annotation> please<\/sample>/,
    );
    assert.ok(
      prompter.infos.some((m) => /added it as ORDER_COFFEE in en-US\/en-US\.trsx/.test(m)),
      prompter.infos.join('\n'),
    );

    // An entity a grammar matched links to the grammar tester when the folder has the grammar (grammars are
    // restricted files: a pull by the demo owner brings none, so the test puts the project's grammar there).
    const noGrammar = await vscode.commands.executeCommand<TryViewState | undefined>(CommandIds.tryAgain, {
      text: 'an espresso ready at noon please',
    });
    assert.equal(noGrammar?.page.grammarFiles.PICKUP_TIME, undefined, 'no link to a grammar the folder does not have');
    mkdirSync(join(root, 'en-US', 'grammars'), { recursive: true });
    writeFileSync(join(root, 'en-US', 'grammars', 'PICKUP_TIME.grxml'), PICKUP_TIME);
    const again = await vscode.commands.executeCommand<TryViewState | undefined>(CommandIds.tryAgain, {
      text: 'an espresso ready at noon please',
    });
    const time = again?.page.tried.candidates[0]?.entities.find((e) => e.name === 'PICKUP_TIME');
    assert.equal(time?.origin, 'GRAMMAR');
    assert.equal(again?.page.grammarFiles.PICKUP_TIME, 'en-US/grammars/PICKUP_TIME.grxml');
    assert.match(again?.html ?? '', /Test in the grammar tester/);
    const tested = await vscode.commands.executeCommand<{ accepted: boolean; report: string } | undefined>(
      CommandIds.tryTestGrammar,
      { file: 'en-US/grammars/PICKUP_TIME.grxml', literal: time?.literal },
    );
    assert.equal(tested?.accepted, true, `${JSON.stringify(prompter.failures)} ${JSON.stringify(prompter.warnings)}`);
    assert.match(tested.report, /ACCEPTED/);
  });
});
