/// <reference types="mocha" />
// NLU tests in a real VS Code: a test set in the workspace is listed in the Test Explorer (set → intents →
// utterances), a run against the local engine fails the mislabelled utterance with expected vs predicted, as a
// diagnostic on its line with the two quick fixes; "Add as a sample" edits the project's TRSX, "Show the training
// samples" opens a TRSX line; the Model Evaluation page links a confused cell's utterance to its line; and
// cross-validation from the palette fills the page. The "Deployed configuration" profile asks the sandbox's deployed
// coffee-main through the runtime API and answers as the local engine trained on the same pulled project does.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommandIds } from '../../../src/host/commandIds';
import type { PullResult } from '../../../src/core/sync/pull';
import { runningSandbox, usePrompterForSuite } from '../explorerHelpers';
import { extensionApi, waitFor } from '../helpers';
import { CONNECTION } from '../logsHelpers';

const TRSX = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="eng-USA" nuance:version="2.6">
  <ontology base="http://localhost:8080/resources/ontology-1.0.xml">
    <intents>
      <intent name="ORDER_COFFEE"/>
      <intent name="GREET"/>
    </intents>
    <concepts/>
  </ontology>
  <samples>
    <sample intentref="ORDER_COFFEE" count="1">I want a coffee</sample>
    <sample intentref="ORDER_COFFEE" count="1">a large latte please</sample>
    <sample intentref="ORDER_COFFEE" count="1">can I get an espresso</sample>
    <sample intentref="GREET" count="1">hello there</sample>
    <sample intentref="GREET" count="1">good morning</sample>
    <sample intentref="GREET" count="1">hi how are you</sample>
  </samples>
</project>
`;

// Line 3 is labelled GREET on purpose: the model answers ORDER_COFFEE.
const SET = 'intent,text\nORDER_COFFEE,I want a large coffee\nGREET,I want a coffee please\nGREET,hello good morning\n';

suite('nlu tests', () => {
  const prompter = usePrompterForSuite();
  let project = '';
  let setFile = '';
  let trsx = '';
  suiteSetup(() => {
    const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(root, 'the test workspace is open');
    project = join(root, 'zz-nlu-tests-project');
    mkdirSync(join(project, 'en-US'), { recursive: true });
    mkdirSync(join(project, 'nlu-tests'), { recursive: true });
    writeFileSync(join(project, 'metadata.json'), '{}\n');
    trsx = join(project, 'en-US', 'en-US.trsx');
    writeFileSync(trsx, TRSX);
    setFile = join(project, 'nlu-tests', 'coffee.csv');
    writeFileSync(setFile, SET);
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (project) rmSync(project, { recursive: true, force: true });
  });

  test('a run fails the mislabelled utterance on its line, with expected vs predicted and two quick fixes', async function () {
    this.timeout(180_000); // a safety net: training and the run wait for their events
    const { testing } = await extensionApi();
    const state = testing.nluTests;
    const uri = vscode.Uri.file(setFile);
    const item = await waitFor(
      'the test set in the Test Explorer',
      () => state.controller.items.get(uri.toString()),
      60_000,
    );
    assert.equal(item.label, 'zz-nlu-tests-project/nlu-tests/coffee.csv');
    await state.controller.resolveHandler?.(item);
    assert.deepEqual(
      [...collect(item.children)].map((i) => [i.label, i.children.size]),
      [
        ['ORDER_COFFEE', 1],
        ['GREET', 2],
      ],
    );

    const cancel = new vscode.CancellationTokenSource();
    await state.runProfile.runHandler(new vscode.TestRunRequest([item], undefined, state.runProfile), cancel.token);
    assert.equal(testing.nluTests.lastProblem, undefined);
    const report = testing.nluTests.lastReport;
    assert.ok(report, 'the run made an evaluation');
    assert.equal(report.predictions.length, 3);
    const wrong = report.predictions.filter((p) => p.expected !== p.predicted);
    assert.deepEqual(
      wrong.map((p) => [p.line, p.expected, p.predicted]),
      [[3, 'GREET', 'ORDER_COFFEE']],
    );
    const diagnostics = await waitFor('the failure as a diagnostic', () => {
      const d = vscode.languages.getDiagnostics(uri);
      return d.length > 0 && d;
    });
    assert.deepEqual(
      diagnostics.map((d) => [d.range.start.line, d.source]),
      [[2, 'NLU tests']],
    );
    assert.match(diagnostics[0]?.message ?? '', /^Expected GREET, the model predicted ORDER_COFFEE \(0\.\d\d\)$/);

    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      new vscode.Range(2, 0, 2, 5),
    );
    const titles = actions.map((a) => a.title);
    assert.ok(titles.includes('Add as a sample of GREET'), titles.join(' | '));
    assert.ok(titles.includes('Show the training samples that pulled it to ORDER_COFFEE'), titles.join(' | '));

    prompter.script({ pick: /.*/ });
    const why = actions.find((a) => a.title.startsWith('Show the training samples'))?.command;
    await vscode.commands.executeCommand(why?.command ?? '', ...(why?.arguments ?? []));
    assert.equal(prompter.asked[0]?.title, 'Training samples of ORDER_COFFEE nearest to "I want a coffee please"');
    assert.equal(prompter.asked[0]?.offered[0], 'I want a coffee', 'the nearest sample first');
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, trsx);
    assert.equal(vscode.window.activeTextEditor?.selection.start.line, 10, "the sample's TRSX line");

    prompter.script({ confirm: true });
    const add = actions.find((a) => a.title === 'Add as a sample of GREET')?.command;
    await vscode.commands.executeCommand(add?.command ?? '', ...(add?.arguments ?? []));
    assert.match(readFileSync(trsx, 'utf8'), /<sample intentref="GREET" count="1">I want a coffee please<\/sample>/);
    assert.match(
      prompter.asked.at(-1)?.title ?? '',
      /Add "I want a coffee please" as a sample of GREET to .*en-US\.trsx\?/,
    );
  });

  test("the Model Evaluation page: strict CSP, a confused cell's utterance opens its line; cross-validation fills it", async function () {
    this.timeout(120_000);
    const { testing } = await extensionApi();
    await vscode.commands.executeCommand(CommandIds.nluTestsShowEvaluation);
    const html = await waitFor('the page', () => testing.nluTests.evaluationHtml);
    assert.match(html, /content="default-src 'none'; style-src [^;]+; script-src 'nonce-[^']+'"/);
    const link = /href="command:cstudio\.nluTests\.openLine\?([^"]+)"/.exec(html)?.[1];
    assert.ok(link, 'a confused cell lists its utterance with a link to its line');
    const args = JSON.parse(decodeURIComponent(link)) as unknown[];
    await vscode.commands.executeCommand(CommandIds.nluTestsOpenLine, ...args);
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, setFile);
    assert.equal(vscode.window.activeTextEditor?.selection.start.line, 2);

    await vscode.commands.executeCommand(CommandIds.nluTestsCrossValidate, { folder: project, folds: 2 });
    assert.equal(testing.nluTests.lastReport?.folds, 2);
    const samples = readFileSync(trsx, 'utf8').match(/<sample /g)?.length;
    assert.equal(
      testing.nluTests.lastReport?.predictions.length,
      samples,
      `every sample of the TRSX, the added one too:\n${readFileSync(trsx, 'utf8')}`,
    );
    assert.ok(
      prompter.progress.some((t) => /^Cross-validating zz-nlu-tests-project \(2 folds\)/.test(t)),
      prompter.progress.join(' | '),
    );
  });
});

suite('nlu tests against a deployed configuration', () => {
  usePrompterForSuite();
  let pulled = '';
  suiteTeardown(() => {
    if (pulled) rmSync(pulled, { recursive: true, force: true });
  });

  test('the deployed-configuration profile answers through the sandbox runtime as the local engine does', async function () {
    this.timeout(180_000); // a safety net: the sandbox trains the seeded build in this extension host
    const { testing } = await extensionApi();
    await runningSandbox(testing);
    const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(root, 'the test workspace is open');
    pulled = join(root, 'zz-nlu-tests-deployed');
    assert.ok(
      await vscode.commands.executeCommand<PullResult>(CommandIds.syncPull, {
        connectionId: CONNECTION,
        projectId: '1001',
        folder: pulled,
      }),
    );
    // The last line is mislabelled on purpose.
    const setFile = join(pulled, 'nlu-tests', 'deployed.csv');
    mkdirSync(join(pulled, 'nlu-tests'), { recursive: true });
    writeFileSync(
      setFile,
      'intent,text\nORDER_COFFEE,I would like a large latte please\nASK_HOURS,when do you open tomorrow\nASK_HOURS,can I get a small mocha\n',
    );
    const uri = vscode.Uri.file(setFile);
    const state = testing.nluTests;
    // Listed as the Test Explorer's Refresh does (a search of the workspace): in the full tier the file watcher missed
    // the new file once (CI), and watching is VS Code's; the first suite covers discovery at load.
    await state.controller.refreshHandler?.(new vscode.CancellationTokenSource().token);
    const item = await waitFor(
      'the set in the Test Explorer',
      () => state.controller.items.get(uri.toString()),
      60_000,
    );
    await state.controller.resolveHandler?.(item);
    const cancel = new vscode.CancellationTokenSource();

    await state.runProfile.runHandler(new vscode.TestRunRequest([item], undefined, state.runProfile), cancel.token);
    const local = testing.nluTests.lastReport;
    assert.equal(testing.nluTests.lastProblem, undefined);
    assert.equal(local?.model, 'local engine');

    const deployed = testing.nluTests.deployedRunProfile;
    await deployed.runHandler(new vscode.TestRunRequest([item], undefined, deployed), cancel.token);
    assert.equal(testing.nluTests.lastProblem, undefined);
    assert.equal(testing.nluTests.deployedTarget, 'coffee-main', 'the sandbox reaches one configuration: no question');
    const remote = testing.nluTests.lastReport;
    assert.match(remote?.model ?? '', /^coffee-main \(Local sandbox · [^,]+, en-US\)$/);
    const answers = (r: typeof remote) => (r?.predictions ?? []).map((p) => [p.line, p.expected, p.predicted]);
    assert.equal(answers(remote).length, 3);
    assert.deepEqual(
      answers(remote),
      answers(local),
      'the deployed model answers as the engine trained on the pulled project',
    );
    for (const [i, p] of (remote?.predictions ?? []).entries())
      assert.ok(
        Math.abs(p.confidence - (local?.predictions[i]?.confidence ?? -1)) < 1e-6,
        `line ${p.line}: the same confidence`,
      );
    assert.deepEqual(
      answers(remote)
        .filter(([, e, p]) => e !== p)
        .map(([line]) => line),
      [4],
      'the mislabelled line fails',
    );
    const diagnostics = await waitFor('the failure as a diagnostic', () => {
      const d = vscode.languages.getDiagnostics(uri);
      return d.length > 0 && d;
    });
    assert.deepEqual(
      diagnostics.map((d) => d.range.start.line),
      [3],
    );
  });
});

function* collect(items: vscode.TestItemCollection): Iterable<vscode.TestItem> {
  const out: vscode.TestItem[] = [];
  items.forEach((i) => out.push(i));
  yield* out;
}
