/// <reference types="mocha" />
// The explorer tree over the local sandbox's demo data, walked through the extension's own tree data
// provider: every level of the hierarchy, descriptions and contextValues, paging with "Load more…", stable
// ids across refreshes, and lazy loading (nothing below a node is fetched before it is expanded).
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { CommandIds } from '../../../src/host/commandIds';
import { extensionApi, updateSetting, waitFor } from '../helpers';
import { childrenOf, childrenUntil, labels, runningSandbox, walk } from '../explorerHelpers';

const SANDBOX = 'Local sandbox';
const ORG = 'Demo Coffee Co.';
const PROJECT = 'Coffee Shop';

suite('explorer', () => {
  suiteSetup(async () => {
    const { testing } = await extensionApi();
    await runningSandbox(testing);
  });

  test('the root shows the running local sandbox, and the organizations below it', async () => {
    const { testing } = await extensionApi();
    const info = await runningSandbox(testing);
    const root = await walk(testing, SANDBOX);
    assert.equal(root.item.description, `running · 127.0.0.1:${info.port}`);
    assert.equal(root.item.contextValue, 'connection:sandbox:running');
    assert.equal(root.item.id, 'connection/local-sandbox');
    assert.deepEqual(await labels(testing, root.node), [ORG]);
    const org = await walk(testing, SANDBOX, ORG);
    assert.equal(org.item.contextValue, 'organization');
    assert.deepEqual(await labels(testing, org.node), ['Applications', 'Bots', PROJECT, 'Travel Desk']);
  });

  test('a project: locale count, its folders, and its lock state in the contextValue', async () => {
    const { testing } = await extensionApi();
    const before = await walk(testing, SANDBOX, ORG, PROJECT);
    assert.equal(before.item.description, '2 locales');
    assert.equal(before.item.contextValue, 'project', 'the lock is unknown until the project is expanded');
    assert.deepEqual(await labels(testing, before.node), [
      'Channels',
      'Entities',
      'Intents',
      'Dialog',
      'Builds',
      'Environment Configurations',
      'Jobs',
      'Lock',
    ]);
    const after = await walk(testing, SANDBOX, ORG, PROJECT);
    assert.equal(after.item.contextValue, 'project:unlocked');
    assert.match(String((after.item.tooltip as vscode.MarkdownString).value), /Locales \(2\): en-US, fr-CA/);
    const lock = await walk(testing, SANDBOX, ORG, PROJECT, 'Lock');
    assert.equal(lock.item.description, 'not locked');
    assert.equal(lock.item.contextValue, 'lock:unlocked');
  });

  test('channels, entities grouped by type, and intents', async () => {
    const { testing } = await extensionApi();
    const channels = await childrenOf(testing, (await walk(testing, SANDBOX, ORG, PROJECT, 'Channels')).node);
    assert.deepEqual(
      channels.map((c) => [c.label, c.item.contextValue]),
      [
        ['IVR channel', 'channel:active'],
        ['Digital VA text', 'channel:active'],
      ],
    );
    assert.match(String(channels[0]?.item.description), /audio script, dtmf, tts/);

    const entities = await walk(testing, SANDBOX, ORG, PROJECT, 'Entities');
    const kinds = await childrenOf(testing, entities.node);
    assert.deepEqual(kinds.map((k) => k.label).slice(0, 5), ['List', 'Freeform', 'Regex', 'Rule-based', 'Relational']);
    const list = await childrenOf(testing, kinds[0]?.node);
    assert.deepEqual(
      list.map((e) => e.label),
      ['COFFEE_SIZE', 'COFFEE_TYPE'],
    );
    assert.equal(list[0]?.item.contextValue, 'entity:list:custom');
    assert.match(String(list[1]?.item.description), /literals/);
    const regex = await walk(testing, SANDBOX, ORG, PROJECT, 'Entities', 'Regex', 'ORDER_NUMBER');
    assert.match(String(regex.item.description), /\[A-Z\]\{2\}\[0-9\]\{4\}/);
    const relational = await childrenOf(testing, kinds[4]?.node);
    assert.deepEqual(
      relational.map((r) => [r.label, r.item.description]),
      [
        ['DRINK', 'hasA COFFEE_SIZE, COFFEE_TYPE'],
        ['FAVORITE_DRINK', 'isA COFFEE_TYPE'],
      ],
    );

    const intents = await childrenOf(testing, (await walk(testing, SANDBOX, ORG, PROJECT, 'Intents')).node);
    assert.deepEqual(
      intents.map((i) => i.label),
      ['ASK_HOURS', 'CANCEL_ORDER', 'CHECK_ORDER', 'ORDER_COFFEE', 'SET_FAVORITE'],
    );
    const order = intents.find((i) => i.label === 'ORDER_COFFEE');
    assert.equal(order?.item.description, '5 entities');
    assert.equal(order?.item.contextValue, 'intent:custom');
    assert.equal(order?.item.id, `${(await walk(testing, SANDBOX, ORG, PROJECT, 'Intents')).item.id}/ORDER_COFFEE`);
  });

  test('builds per service with versions and status; jobs; applications, deployments and bots', async () => {
    const { testing } = await extensionApi();
    assert.deepEqual(await labels(testing, (await walk(testing, SANDBOX, ORG, PROJECT, 'Builds')).node), [
      'ASR',
      'NLU',
      'Dialog',
    ]);
    const nlu = await childrenOf(testing, (await walk(testing, SANDBOX, ORG, PROJECT, 'Builds', 'NLU')).node);
    assert.ok(
      nlu.length > 0 && /^v\d+$/.test(nlu[0]?.label ?? ''),
      `NLU builds: ${nlu.map((b) => b.label).join(', ')}`,
    );
    assert.match(String(nlu[0]?.item.description), /completed/);
    assert.equal(nlu[0]?.item.contextValue, 'build:completed');
    // The seeded builds come from a completed build job (issue 26: Jobs said "No jobs" beside them).
    const jobs = await childrenOf(testing, (await walk(testing, SANDBOX, ORG, PROJECT, 'Jobs')).node);
    assert.ok(
      jobs.some(
        (j) =>
          j.label === 'Build models' &&
          /^completed/.test(String(j.item.description)) &&
          j.item.contextValue === 'job:finished',
      ),
      `jobs: ${jobs.map((j) => `${j.label} ${String(j.item.description)} ${j.item.contextValue}`).join('; ')}`,
    );

    const apps = await childrenOf(testing, (await walk(testing, SANDBOX, ORG, 'Applications')).node);
    assert.ok(apps.length >= 2, `applications: ${apps.map((a) => a.label).join(', ')}`);
    const deployed = await Promise.all(
      apps.map(async (app) => {
        const configs = await childrenOf(testing, app.node);
        return (
          await Promise.all(
            configs.filter((c) => c.item.contextValue?.startsWith('appConfig')).map((c) => childrenOf(testing, c.node)),
          )
        ).flat();
      }),
    );
    const deployments = deployed.flat().filter((d) => d.item.contextValue?.startsWith('deployment'));
    assert.ok(
      deployments.some(
        (d) =>
          d.label === 'Sandbox US' &&
          d.item.contextValue === 'deployment:deployed' &&
          /deployed/.test(String(d.item.description)),
      ),
      `deployments: ${deployments.map((d) => `${d.label} ${String(d.item.description)}`).join('; ')}`,
    );

    const bots = await childrenOf(testing, (await walk(testing, SANDBOX, ORG, 'Bots')).node);
    assert.ok(bots.length >= 1);
    const botConfigs = await childrenOf(testing, bots[0]?.node);
    assert.ok(
      botConfigs.some(
        (c) => c.item.contextValue === 'botConfig:deployed' && /live in Sandbox US/.test(String(c.item.description)),
      ),
      `bot configs: ${botConfigs.map((c) => `${c.label} ${String(c.item.description)}`).join('; ')}`,
    );
  });

  test('paging: "Load more…" fetches the next page and keeps what is loaded', async () => {
    const { testing } = await extensionApi();
    try {
      await updateSetting('cstudio.explorer.pageSize', 1);
      await waitFor('the page size to apply', () => testing.settings.value.explorer.pageSize === 1);
      const org = await walk(testing, SANDBOX, ORG);
      testing.explorer.model.refresh(org.node);
      const first = await childrenOf(testing, org.node);
      assert.deepEqual(
        first.map((c) => c.label),
        ['Applications', 'Bots', PROJECT, 'Load more…'],
      );
      const coffee = first[2]?.node;
      await vscode.commands.executeCommand(CommandIds.explorerLoadMore, first[3]?.node);
      const second = await childrenOf(testing, org.node);
      assert.deepEqual(
        second.map((c) => c.label),
        ['Applications', 'Bots', PROJECT, 'Travel Desk'],
      );
      assert.equal(second[2]?.node, coffee, 'nodes of the first page are kept');
    } finally {
      await updateSetting('cstudio.explorer.pageSize', undefined);
      await waitFor('the page size to reset', () => testing.settings.value.explorer.pageSize === 50);
    }
  });

  test('refresh reloads a branch; ids stay the same', async () => {
    const { testing } = await extensionApi();
    const intents = await walk(testing, SANDBOX, ORG, PROJECT, 'Intents');
    const before = await childrenOf(testing, intents.node);
    await vscode.commands.executeCommand(CommandIds.explorerRefresh, intents.node);
    assert.equal(intents.node.loadedChildren(), undefined, 'the branch was forgotten');
    const after = await childrenUntil(
      testing,
      intents.node,
      'the intents to reload',
      (c) => c.length === before.length,
    );
    assert.deepEqual(
      after.map((c) => c.item.id),
      before.map((c) => c.item.id),
    );
    assert.notEqual(after[0]?.node, before[0]?.node, 'new nodes were loaded');
  });

  test("a project's Dialog folder lists the components of its dialog.json", async () => {
    const { testing } = await extensionApi();
    const dialog = await walk(testing, SANDBOX, ORG, PROJECT, 'Dialog');
    assert.equal(dialog.item.contextValue, 'dialog');
    assert.deepEqual(await labels(testing, dialog.node), [
      'Main',
      'ORDER_COFFEE',
      'CHECK_ORDER',
      'CANCEL_ORDER',
      'SET_FAVORITE',
      'ASK_HOURS',
    ]);
  });

  test('lazy: a collapsed project has loaded nothing below it', async () => {
    const { testing } = await extensionApi();
    const travel = await walk(testing, SANDBOX, ORG, 'Travel Desk');
    testing.explorer.model.refresh(travel.node);
    assert.equal(travel.node.loadedChildren(), undefined);
    await childrenOf(testing, travel.node);
    assert.ok(travel.node.loadedChildren()?.length === 8);
  });
});
