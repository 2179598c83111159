/// <reference types="mocha" />
// The Utterances view in the real extension host, against the built-in sandbox: a pulled project, simulated
// traffic (interpreted by the deployed model), Review Utterances from the beginning, the not-in-training filter
// surfacing the planted utterances, two added (one under another intent) so the pulled folder shows local changes,
// Ignore, Stop.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PullResult } from '../../../src/core/sync/pull';
import { CommandIds } from '../../../src/host/commandIds';
import { runningSandbox, usePrompterForSuite } from '../explorerHelpers';
import { extensionApi, readLogs, waitFor } from '../helpers';

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
import { CONNECTION, simulate, TOPIC } from '../logsHelpers';

const DISCOVER_SEED = 2611;

suite('utterances (discover)', () => {
  const prompter = usePrompterForSuite();
  let root = '';
  suiteTeardown(async () => {
    await vscode.commands.executeCommand(CommandIds.discoverStop).then(undefined, () => undefined);
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test('Review Utterances surfaces the planted utterances; add two (one reassigned), ignore one', async () => {
    const { testing } = await extensionApi();
    await runningSandbox(testing);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the test window has a folder');
    root = join(folder, 'discover-1001');
    const pulled = await vscode.commands.executeCommand<PullResult>(CommandIds.syncPull, {
      connectionId: CONNECTION,
      projectId: '1001',
      folder: root,
    });
    assert.ok(pulled);
    // Seeded: with a random seed, a run once drew too few en-US utterances outside the training set for the steps
    // below (CI); the seed makes the callers the same every run.
    const sim = await simulate(20, DISCOVER_SEED);
    const planted = Object.entries(sim.traffic ?? {})
      .filter(([k]) => k !== 'training')
      .reduce((n, [, v]) => n + v, 0);
    assert.ok(planted > 0, JSON.stringify(sim.traffic));

    const opened = await vscode.commands.executeCommand<{ topic: string }>(CommandIds.discoverOpen, {
      connectionId: CONNECTION,
      topic: TOPIC,
      root,
      from: 'beginning',
    });
    assert.equal(opened.topic, TOPIC);
    const model = testing.discover.model;
    await vscode.commands.executeCommand(CommandIds.discoverFilter, { filter: { notInTraining: true } });
    const shown = (): number => model.groups().reduce((n, g) => n + g.count, 0);
    await waitFor(`at least ${planted} planted utterances`, () => shown() >= planted, 30_000);

    // The demo project has two locales; the file checked below is en-US's.
    await vscode.commands.executeCommand(CommandIds.discoverFilter, {
      filter: { notInTraining: true, locale: 'en-US' },
    });
    const all = model.groups().flatMap((g) => model.page(g.intent, 1000));
    const first = all[0];
    const second = all.find(
      (i) => i.utterance.intent !== 'ASK_HOURS' && i !== first && i.utterance.text !== first?.utterance.text,
    );
    assert.ok(first && second);
    const file = join(root, 'en-US', 'en-US.trsx');
    const untouched = readFileSync(file, 'utf8');
    // Declined: nothing is written (issue 26: it used to write without asking).
    prompter.script({ confirm: false });
    await vscode.commands.executeCommand(CommandIds.discoverAdd, { ids: [first.utterance.id] });
    assert.equal(
      prompter.asked[0]?.title,
      `Add "${first.utterance.text}" to en-US/en-US.trsx as a sample of ${first.utterance.intent}?`,
    );
    assert.match(
      prompter.asked[0]?.offered[0] ?? '',
      new RegExp(`^"${escapeRegExp(first.utterance.text)}" → ${first.utterance.intent}; (annotated: |no annotation)`),
    );
    assert.equal(readFileSync(file, 'utf8'), untouched, 'declined: the TRSX is unchanged');
    prompter.reset();
    prompter.script({ confirm: true }, { confirm: true });
    const message = await vscode.commands.executeCommand<string>(CommandIds.discoverAdd, { ids: [first.utterance.id] });
    await vscode.commands.executeCommand(CommandIds.discoverAddAs, { ids: [second.utterance.id], intent: 'ASK_HOURS' });
    assert.equal(
      prompter.asked[1]?.title,
      `Add "${second.utterance.text}" to en-US/en-US.trsx as a sample of ASK_HOURS?`,
    );
    const trsx = readFileSync(file, 'utf8');
    const line = Number(/in en-US\/en-US\.trsx:(\d+)/.exec(message)?.[1]);
    assert.match(
      trsx.split('\n')[line - 1] ?? '',
      new RegExp(`<sample intentref="${first.utterance.intent}" count="1">`),
      `the message names the sample's line: ${message}`,
    );
    assert.deepEqual(prompter.infos.slice(0, 1), [message]);
    await waitFor('the add in the log', () =>
      readLogs(testing.logDir).includes(
        `add as sample: en-US/en-US.trsx:${line} added "${first.utterance.text}" as ${first.utterance.intent}`,
      ),
    );
    assert.ok(
      trsx.includes(`<sample intentref="${first.utterance.intent}" count="1">`),
      'the first under its interpreted intent',
    );
    assert.ok(trsx.includes('<sample intentref="ASK_HOURS" count="1">'), 'the second under the chosen intent');
    await waitFor(
      'the pulled folder shows the local change',
      () => (testing.sync.scmResources(root).local.length > 0 ? true : undefined),
      20_000,
    );
    assert.equal(
      model.get(first.utterance.id)?.training.inTraining,
      true,
      'an added utterance is in training from now on',
    );

    const before = shown();
    const third = model.page(model.groups()[0]?.intent ?? '', 1)[0];
    assert.ok(third);
    await vscode.commands.executeCommand(CommandIds.discoverIgnore, { ids: [third.utterance.id] });
    assert.equal(shown(), before - 1, 'ignored utterances leave the view');
    await vscode.commands.executeCommand(CommandIds.discoverStop);
  });

  test('Review Utterances offers the application pick Stream Event Logs has, the last app first; rows show their locale (issue 26)', async () => {
    const { testing } = await extensionApi();
    assert.ok(root, 'the folder pulled by the previous test');
    prompter.script({ pick: 'Coffee Shop Assistant' }, { pick: /From the beginning/ });
    const opened = await vscode.commands.executeCommand<{ topic: string }>(CommandIds.discoverOpen, {
      connectionId: CONNECTION,
      root,
    });
    assert.deepEqual(prompter.failures, []);
    assert.equal(opened.topic, TOPIC, 'the credential where a configuration is deployed');
    const offered = prompter.asked[0]?.offered ?? [];
    assert.equal(offered[0], `$(history) ${TOPIC}`, "the folder's last application first");
    assert.ok(
      offered.includes('Coffee Shop Assistant') && offered.includes('$(edit) Enter a runtime app ID…'),
      offered.join(', '),
    );
    const model = testing.discover.model;
    await waitFor('utterances in the view', () => model.groups().length > 0, 30_000);
    const item = model.page(model.groups()[0]?.intent ?? '', 1)[0];
    assert.ok(item?.utterance.locale);
    assert.match(
      String(testing.discover.row(item.utterance.id)?.description),
      new RegExp(`^${item.utterance.locale} · \\d\\.\\d\\d · `),
    );
    await vscode.commands.executeCommand(CommandIds.discoverStop);
  });
});
