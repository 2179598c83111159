/// <reference types="mocha" />
// The built-in local sandbox runs inside the extension host: it answers OAuth and management API calls over
// loopback HTTP, and Start / Stop / Restart / Reset change its state, the status bar and the port it holds.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { CommandIds } from '../../../src/host/commandIds';
import { LOCAL_SANDBOX_CONNECTION_ID, type SandboxInfo } from '../../../src/features/sandbox/localSandbox';
import { usePrompterForSuite } from '../explorerHelpers';
import { extensionApi, getJson, portIsFree, readLogs, requestToken, updateSetting, waitFor } from '../helpers';

async function running(): Promise<SandboxInfo> {
  const { testing } = await extensionApi();
  return waitFor(
    'the local sandbox to run',
    () => testing.sandbox.state.kind === 'running' && testing.sandbox.state.info,
    20_000,
  );
}

suite('local sandbox', () => {
  suiteTeardown(async () => {
    await updateSetting('cstudio.sandbox.port', undefined);
    await vscode.commands.executeCommand(CommandIds.sandboxStart);
  });

  test('auto-starts after activation and answers OAuth and /v4 over loopback HTTP', async () => {
    const { testing } = await extensionApi();
    const info = await running();
    assert.match(info.baseUrl, /^http:\/\/127\.0\.0\.1:\d+/);
    assert.ok(info.port > 0);
    assert.ok(info.clients.length > 0, 'demo clients are seeded');
    assert.ok(info.dataDir.length > 0 && existsSync(info.dataDir), 'data lives in the extension global storage');
    const token = await requestToken(info);
    const orgs = await getJson(`${info.baseUrl.replace(/\/$/, '')}/v4/organizations`, token);
    assert.equal(orgs.status, 200);
    const list = (orgs.body as { organizations?: unknown[] }).organizations;
    assert.ok(Array.isArray(list) && list.length > 0, `demo organizations: ${JSON.stringify(orgs.body)}`);
    assert.equal(testing.statusBarText(), `$(server-process) Sandbox :${info.port}`);
    assert.equal(
      await testing.credentials.get(LOCAL_SANDBOX_CONNECTION_ID),
      info.clients[0]?.clientSecret,
      'the connection secret is kept in SecretStorage',
    );
  });

  test('Stop releases the port and shows the stopped state', async () => {
    const { testing } = await extensionApi();
    const info = await running();
    await vscode.commands.executeCommand(CommandIds.sandboxStop);
    assert.equal(testing.sandbox.state.kind, 'stopped');
    assert.equal(testing.statusBarText(), '$(debug-stop) Sandbox stopped');
    assert.equal(await portIsFree(info.port), true, `port ${info.port} is released`);
    await assert.rejects(fetch(`${info.baseUrl}/v4/organizations`), 'nothing answers any more');
  });

  test('Start brings it back; Restart moves it and releases the old port', async () => {
    const { testing } = await extensionApi();
    const baseUrl = await vscode.commands.executeCommand<string>(CommandIds.sandboxStart);
    const first = await running();
    assert.equal(baseUrl, first.baseUrl);
    const restarted = await vscode.commands.executeCommand<string>(CommandIds.sandboxRestart);
    const second = await running();
    assert.equal(restarted, second.baseUrl);
    assert.equal(testing.statusBarText(), `$(server-process) Sandbox :${second.port}`);
    if (second.port !== first.port)
      assert.equal(await portIsFree(first.port), true, `old port ${first.port} is released`);
    await requestToken(second);
  });

  test('Reset deletes the data folder and starts again with fresh demo data', async () => {
    const { testing } = await extensionApi();
    const before = await running();
    const marker = join(before.dataDir, 'left-over-by-test.txt');
    writeFileSync(marker, 'should disappear');
    const baseUrl = await vscode.commands.executeCommand<string>(CommandIds.sandboxReset, { confirmed: true });
    const after = await running();
    assert.equal(baseUrl, after.baseUrl);
    assert.equal(existsSync(marker), false, 'the old data folder was deleted');
    const token = await requestToken(after);
    assert.equal((await getJson(`${after.baseUrl}/v4/organizations`, token)).status, 200);
    assert.equal(testing.statusBarText(), `$(server-process) Sandbox :${after.port}`);
  });

  test('a failing command is logged with its stack and leaves the sandbox in the failed state', async () => {
    const { testing } = await extensionApi();
    await running();
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const busyPort = (blocker.address() as { port: number }).port;
    try {
      await updateSetting('cstudio.sandbox.port', busyPort);
      await waitFor('the port setting to apply', () => testing.settings.value.sandbox.port === busyPort);
      // The error wrapper turns the failure into a message, so the command itself resolves.
      const result = await vscode.commands.executeCommand(CommandIds.sandboxRestart);
      assert.equal(result, undefined);
      const state = testing.sandbox.state;
      assert.equal(state.kind, 'failed');
      assert.match(
        state.kind === 'failed' ? state.error.message : '',
        new RegExp(`127\\.0\\.0\\.1:${busyPort}: the port is in use`),
      );
      assert.equal(testing.statusBarText(), '$(error) Sandbox failed');
      const logged = await waitFor('the failure in the log file', () => {
        const text = readLogs(testing.logDir);
        return text.includes(`command ${CommandIds.sandboxRestart} failed`) && text;
      });
      assert.match(logged, /the port is in use[\s\S]*\n\s+at /, 'the stack is logged');
    } finally {
      blocker.close();
      await updateSetting('cstudio.sandbox.port', undefined);
    }
    await waitFor('the port setting to reset', () => testing.settings.value.sandbox.port === 0);
    await vscode.commands.executeCommand(CommandIds.sandboxStart);
    await running();
  });
});

suite('local sandbox: questions through the prompter', () => {
  const prompter = usePrompterForSuite();

  test('Reset asks first: declined, the data stays; confirmed, it is replaced and said so', async () => {
    const before = await running();
    const marker = join(before.dataDir, 'kept-when-declined.txt');
    writeFileSync(marker, 'stays unless the reset is confirmed');
    prompter.script({ confirm: false });
    assert.equal(await vscode.commands.executeCommand(CommandIds.sandboxReset), undefined);
    assert.equal(existsSync(marker), true, 'nothing was deleted');
    assert.deepEqual(
      prompter.asked.map((a) => [a.kind, a.title]),
      [['confirm', 'Reset the local sandbox?']],
    );
    prompter.script({ confirm: true });
    const baseUrl = await vscode.commands.executeCommand<string>(CommandIds.sandboxReset);
    assert.equal(existsSync(marker), false);
    assert.deepEqual(prompter.infos, [`Local sandbox reset; running at ${baseUrl} with fresh demo data`]);
  });

  test("the status bar's actions are a pick of the other commands", async () => {
    await running();
    prompter.script({ pick: /Show log/ });
    await vscode.commands.executeCommand(CommandIds.sandboxActions);
    assert.deepEqual(
      prompter.asked.map((a) => [a.kind, a.title, a.offered.length]),
      [['pick', 'Local sandbox', 6]],
    );
  });
});
