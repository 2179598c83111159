/// <reference types="mocha" />
// Event logs in the real extension host, against the built-in sandbox: "Stream Event Logs" on the explorer's
// application node and from the palette, the simulator writing records, formatted lines arriving in the
// channel, the status bar, live filters, pause/resume, stop (the consumer is deleted on the sandbox),
// Show Record JSON and Save Logs.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConsumerApi, isConsumerGone } from '../../../src/core/logs/consumer';
import { CommandIds } from '../../../src/host/commandIds';
import { demoClient, runningSandbox, usePrompterForSuite, walk } from '../explorerHelpers';
import { extensionApi, waitFor } from '../helpers';
import {
  APP_NAME,
  CONNECTION,
  recordLines,
  RECORD_LINE,
  session,
  simulate,
  stopIfRunning,
  TOPIC,
} from '../logsHelpers';

suite('event logs', () => {
  const prompter = usePrompterForSuite();
  // Made in suiteSetup, not when the file loads: a suite that --grep leaves out never runs its teardown.
  let dir = '';
  suiteSetup(() => {
    dir = mkdtempSync(join(tmpdir(), 'cstudio-logs-'));
  });
  suiteTeardown(async () => {
    await stopIfRunning();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('Stream Event Logs on the application node follows the topic: formatted lines arrive, the status bar counts', async () => {
    const { testing } = await extensionApi();
    await runningSandbox(testing);
    const app = await walk(testing, 'Local sandbox', 'Demo Coffee Co.', 'Applications', APP_NAME);
    assert.match(String(app.item.contextValue), /^application\b/);
    prompter.script({ pick: /Follow/ });
    const started = await vscode.commands.executeCommand<{ topic: string; consumerGroup: string } | undefined>(
      CommandIds.logsStream,
      app.node,
    );
    assert.equal(started?.topic, TOPIC, 'the application node resolves to its deployed runtime app ID');
    assert.match(started?.consumerGroup ?? '', /^appID-COFFEE-DEV-clientName-\S+-01$/, "the spec's group pattern");
    const s = await session();
    assert.equal(s.state, 'streaming');
    assert.deepEqual(recordLines(s), [], 'following: nothing before the stream started');

    const sim = await simulate(5);
    await waitFor(`${sim.records} records in the channel`, () => recordLines(s).length >= sim.records, 20_000);
    const lines = recordLines(s);
    assert.equal(lines.length, sim.records, 'one line per record, none twice');
    assert.equal(s.stats.count, sim.records);
    for (const service of ['ASR', 'NLU', 'DLG', 'TTS'])
      assert.ok(
        lines.some((l) => l.includes(`  ${service}  `)),
        `${service} records: ${lines.slice(0, 3).join('\n')}`,
      );
    assert.ok(
      lines.some((l) => /asr-callsummary .*audio \d+\.\d s, audio\/L16;rate=\d+ \(urn:/.test(l)),
      'call summaries show their audio',
    );
    assert.match(
      s.lines()[0] ?? '',
      /^── event logs of COFFEE-DEV \(Coffee Shop Assistant\) on Local sandbox, following new records; filter: everything ──$/,
    );
    await waitFor(
      'the status bar to count',
      () =>
        /^\$\(pulse\) COFFEE-DEV · [\d,]+ records · \d+\.\d\/s$/.test(testing.logs.statusBarText()) &&
        testing.logs.statusBarText().includes(`${sim.records.toLocaleString('en-US')} records`),
      5000,
    );
    console.log(`    ${lines[0]}\n    status bar: ${testing.logs.statusBarText()}`);
  });

  test('a filter applies live: the channel is rewritten with the kept records that pass, new ones are filtered', async () => {
    const s = await session();
    const applied = await vscode.commands.executeCommand<string>(CommandIds.logsFilter, {
      topic: TOPIC,
      filter: ['service=asr', 'type=callsummary'],
    });
    assert.equal(applied, 'service=asr type=callsummary');
    const before = recordLines(s);
    assert.ok(before.length > 0 && before.every((l) => /  ASR  asr-callsummary/.test(l)), before.join('\n'));
    assert.ok(s.lines().some((l) => l.startsWith('── filter: service=asr type=callsummary')));
    const counted = s.stats.count;
    const sim = await simulate(3);
    await waitFor(
      'the new records to be counted and written',
      () => s.stats.count === counted + sim.records && s.backlog === 0,
      10_000,
    );
    const after = recordLines(s);
    assert.ok(after.length > before.length, 'new call summaries arrived');
    assert.ok(
      after.every((l) => /  ASR  asr-callsummary/.test(l)),
      'only matching records are written',
    );
    assert.ok(s.shown < s.stats.count);

    // The palette's filter dialogue: clear it.
    prompter.script({ pick: /Show everything/ });
    assert.equal(await vscode.commands.executeCommand<string>(CommandIds.logsFilter), 'everything');
    assert.equal(recordLines(s).length, s.kept.size, 'every kept record is shown again');
  });

  test('pause stops pulling while the consumer stays alive; resume delivers what arrived meanwhile', async () => {
    const { testing } = await extensionApi();
    const s = await session();
    assert.equal(await vscode.commands.executeCommand(CommandIds.logsPause, { topic: TOPIC }), 'paused');
    await waitFor('the status bar to say paused', () =>
      testing.logs.statusBarText().startsWith('$(debug-pause) COFFEE-DEV paused'),
    );
    await new Promise((r) => setTimeout(r, 300));
    const count = s.stats.count;
    const sim = await simulate(4);
    await new Promise((r) => setTimeout(r, 1500));
    assert.ok(
      s.stats.count - count <= 200,
      `paused: at most the batch in hand is delivered (${s.stats.count - count} of ${sim.records})`,
    );
    assert.ok(s.consumerName, 'the consumer is still there');

    assert.equal(await vscode.commands.executeCommand(CommandIds.logsResume, { topic: TOPIC }), 'streaming');
    await waitFor('the records written while paused', () => s.stats.count === count + sim.records, 15_000);
    assert.ok(
      s.lines().some((l) => l.startsWith('── paused at')) && s.lines().some((l) => l.startsWith('── resumed at')),
    );
  });

  test('Show Record JSON opens a kept record as a read-only JSON document', async () => {
    const s = await session();
    const record = s.kept.at(s.kept.size - 1);
    assert.ok(record);
    prompter.script({
      pick: new RegExp(`^${record.key.service?.replace(/aaS$/, '') ?? ''} ${record.value.type ?? ''}$`),
    });
    const uri = await vscode.commands.executeCommand<string>(CommandIds.logsShowRecord);
    assert.ok(uri, 'a document was opened');
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    assert.ok(doc);
    assert.equal(doc.uri.scheme, 'cstudio-record');
    assert.equal(doc.languageId, 'json');
    const shown = JSON.parse(doc.getText()) as { partition: number; offset: number };
    assert.equal(typeof shown.partition, 'number');
    // The newest kept record was offered first, so the first match is it or one of the same type after it.
    const exact = await vscode.commands.executeCommand<string>(CommandIds.logsShowRecord, {
      topic: TOPIC,
      partition: record.partition,
      offset: record.offset,
    });
    const exactDoc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === exact);
    assert.deepEqual(JSON.parse(exactDoc?.getText() ?? '{}'), JSON.parse(JSON.stringify(record)));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('Save Logs writes JSON Lines: the kept records, or the whole topic from the beginning until the end', async () => {
    const { testing } = await extensionApi();
    const s = await session();
    const keptFile = join(dir, 'kept.jsonl');
    prompter.script({ pick: /Kept records/ }, { saveFile: keptFile });
    const kept = await vscode.commands.executeCommand<{ count: number; file: string }>(CommandIds.logsSave);
    assert.equal(kept?.count, s.kept.size);
    const keptLines = readFileSync(keptFile, 'utf8').trimEnd().split('\n');
    assert.equal(keptLines.length, s.kept.size);
    const parsed = keptLines.map((l) => JSON.parse(l) as { topic: string; partition: number; offset: number });
    assert.ok(parsed.every((r) => r.topic === TOPIC && Number.isInteger(r.offset)));

    const allFile = join(dir, 'all.jsonl');
    const all = await vscode.commands.executeCommand<{ count: number }>(CommandIds.logsSave, {
      topic: TOPIC,
      scope: 'topic',
      file: allFile,
    });
    const info = await runningSandbox(testing);
    const client = demoClient(info, 'owner');
    try {
      const api = new ConsumerApi(client.requester, { topic: TOPIC, group: s.consumerGroup, name: 'consumer-probe' });
      let onTopic = 0;
      for (const p of await api.partitions()) {
        const r = await api.partitionRange(p);
        onTopic += r.end - r.beginning;
      }
      assert.equal(all?.count, onTopic, 'every record on the topic');
    } finally {
      await client.close();
    }
    assert.equal(readFileSync(allFile, 'utf8').trimEnd().split('\n').length, all?.count);
    assert.ok(prompter.progress.some((p) => p.startsWith('Saving COFFEE-DEV from the beginning until the end')));
  });

  test('Stop ends the stream and deletes its consumer on the sandbox', async () => {
    const { testing } = await extensionApi();
    const s = await session();
    const name = s.consumerName;
    assert.ok(name);
    assert.equal(await vscode.commands.executeCommand(CommandIds.logsStop), 'stopped');
    assert.equal(s.state, 'stopped');
    assert.match(s.lines().at(-1) ?? '', /^── stopped: [\d,]+ records received, [\d,]+ shown ──$/);
    const client = demoClient(await runningSandbox(testing), 'owner');
    try {
      const api = new ConsumerApi(client.requester, { topic: TOPIC, group: s.consumerGroup, name });
      await assert.rejects(
        api.assignments(),
        (err: unknown) => isConsumerGone(err),
        'the consumer instance is gone (404 40403)',
      );
    } finally {
      await client.close();
    }
    await waitFor('the status bar to say stopped', () =>
      testing.logs.statusBarText().startsWith('$(debug-stop) COFFEE-DEV stopped'),
    );
  });

  test('from the palette: application, then "from the beginning until the end", which ends by itself', async () => {
    prompter.script({ pick: APP_NAME }, { pick: /until the end/ });
    // The connection is named (other suites may have added saved ones); the application and mode are picked.
    const started = await vscode.commands.executeCommand<{ topic: string }>(CommandIds.logsStream, {
      connectionId: CONNECTION,
    });
    assert.equal(started?.topic, TOPIC);
    const s = await session();
    await waitFor('the stream to reach the end', () => s.state === 'ended', 20_000);
    assert.ok(s.stats.count > 0);
    assert.equal(recordLines(s).length, s.stats.count, 'every record of the topic, once');
    assert.match(s.lines().at(-1) ?? '', /^── reached the end: /);
    assert.ok(
      s.lines().every((l) => RECORD_LINE.test(l) || l.startsWith('── ')),
      'only records and notices',
    );
    assert.equal(s.target.connectionId, CONNECTION);
    assert.equal(s.target.applicationName, APP_NAME);
  });
});
