/// <reference types="mocha" />
// Connections in the real extension host: the built-in local sandbox, the Add / Edit / Test / Sign out /
// Sign in / Remove commands driven through a scripted prompter, where each keeps its data (settings without
// secrets, SecretStorage), and the error paths: a wrong secret, a signed-out connection and a stopped sandbox
// shown as nodes of the tree, never as pop-ups from it.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ConnectionConfig } from '../../../src/core/connections/connectionConfig';
import { platformErrorKind } from '../../../src/core/connections/errorKind';
import { CommandIds } from '../../../src/host/commandIds';
import { extensionApi, readLogs, waitFor } from '../helpers';
import { childrenOf, childrenUntil, runningSandbox, usePrompterForSuite, walk } from '../explorerHelpers';

const NAME = 'Sandbox as Adam';

function savedConnections(): unknown[] {
  return vscode.workspace.getConfiguration('cstudio').get<unknown[]>('connections') ?? [];
}

suite('connections', () => {
  const prompter = usePrompterForSuite();

  suiteTeardown(async () => {
    const { testing } = await extensionApi();
    for (const c of testing.connections.list()) if (c.kind === 'remote') await testing.connections.remove(c.id);
    await vscode.workspace
      .getConfiguration('cstudio')
      .update('connections', undefined, vscode.ConfigurationTarget.Global);
    await runningSandbox(testing);
  });

  test('the local sandbox is the built-in, default connection and acts as the demo owner', async () => {
    const { testing } = await extensionApi();
    await runningSandbox(testing);
    const [first] = testing.connections.list();
    assert.deepEqual([first?.id, first?.name, first?.kind], ['local-sandbox', 'Local sandbox', 'sandbox']);
    const session = await testing.connections.session('local-sandbox');
    assert.equal(session.identity?.name, 'Olivia Owner');
    const result = await vscode.commands.executeCommand<{ organizations: string[] }>(CommandIds.connectionTest, {
      connectionId: 'local-sandbox',
    });
    assert.deepEqual(result.organizations, ['Demo Coffee Co.']);
    assert.match(
      prompter.infos[0] ?? '',
      /Connection "Local sandbox" works: signed in and found 1 organization \(Demo Coffee Co\.\)/,
    );
  });

  test('Add Connection: custom URLs, client id and secret; the secret goes to SecretStorage only', async () => {
    const { testing } = await extensionApi();
    const info = await runningSandbox(testing);
    const admin = info.clients[1];
    assert.ok(admin);
    prompter.script(
      { input: 'Local sandbox' }, // refused: the built-in name
    );
    await vscode.commands.executeCommand(CommandIds.connectionAdd);
    assert.match(prompter.rejected[0] ?? '', /"Local sandbox" is built in/);
    prompter.reset();
    prompter.script(
      { input: NAME },
      { pick: 'Custom URLs…' },
      { input: info.baseUrl },
      { input: info.authUrl },
      { input: info.logUrl },
      { input: admin.clientId },
      { input: admin.clientSecret },
    );
    const config = await vscode.commands.executeCommand<ConnectionConfig>(CommandIds.connectionAdd);
    assert.equal(config.name, NAME);
    assert.deepEqual(prompter.asked.find((a) => a.kind === 'pick')?.offered, ['US', 'EU', 'Custom URLs…']);
    const stored = savedConnections();
    assert.deepEqual(stored, [
      {
        id: config.id,
        name: NAME,
        baseUrl: info.baseUrl.replace(/\/$/, ''),
        authUrl: info.authUrl.replace(/\/$/, ''),
        logUrl: info.logUrl.replace(/\/$/, ''),
        clientId: admin.clientId,
      },
    ]);
    assert.doesNotMatch(JSON.stringify(stored), new RegExp(admin.clientSecret), 'no secret in settings');
    assert.equal(await testing.credentials.get(config.id), admin.clientSecret);

    const node = await walk(testing, NAME);
    assert.equal(node.item.contextValue, 'connection:remote:signedIn');
    assert.deepEqual(
      (await childrenOf(testing, node.node)).map((c) => c.label),
      ['Demo Coffee Co.'],
    );
    const session = await testing.connections.session(config.id);
    assert.equal(session.identity, undefined, 'a saved connection does not know its user');
  });

  test('the US and EU presets fill the three URLs', async () => {
    const { testing } = await extensionApi();
    prompter.script(
      { input: 'EU platform' },
      { pick: 'EU' },
      { input: 'appID:TEST:geo:eu:clientName:default' },
      { input: 'not-a-real-secret-123' },
    );
    const eu = await vscode.commands.executeCommand<ConnectionConfig>(CommandIds.connectionAdd);
    assert.deepEqual(
      [eu.baseUrl, eu.authUrl, eu.logUrl],
      ['https://mix.api.nuance.co.uk', 'https://auth.crt.nuance.co.uk', 'https://log.api.nuance.co.uk'],
    );
    prompter.script(
      { input: 'EU platform' },
      { pick: 'US' },
      { input: 'appID:TEST:geo:us:clientName:default' },
      { input: '' },
    );
    const us = await vscode.commands.executeCommand<ConnectionConfig>(CommandIds.connectionEdit, {
      connectionId: eu.id,
    });
    assert.deepEqual(
      [us.id, us.baseUrl, us.authUrl, us.logUrl],
      [eu.id, 'https://mix.api.nuance.com', 'https://auth.crt.nuance.com', 'https://log.api.nuance.com'],
    );
    assert.equal(await testing.credentials.get(eu.id), 'not-a-real-secret-123', 'an empty secret keeps the stored one');
    prompter.script({ confirm: true });
    assert.equal(await vscode.commands.executeCommand(CommandIds.connectionRemove, { connectionId: eu.id }), true);
    assert.equal(await testing.credentials.get(eu.id), undefined, 'removing deletes the secret');
    assert.ok(!testing.connections.list().some((c) => c.id === eu.id));
  });

  test('a wrong secret: the test reports it, and the tree shows a sign-in node instead of organizations', async () => {
    const { testing } = await extensionApi();
    const entry = testing.connections.list().find((c) => c.name === NAME);
    assert.ok(entry);
    const good = await testing.credentials.get(entry.id);
    await testing.connections.signIn(entry.id, 'definitely-the-wrong-secret');
    const result = await vscode.commands.executeCommand(CommandIds.connectionTest, { connectionId: entry.id });
    assert.equal(result, undefined, 'the failure went to the error wrapper');
    await assert.rejects(
      testing.connections.test(entry.id),
      (err: unknown) => platformErrorKind(err) === 'Unauthorized',
    );
    await waitFor('the failure in the log', () =>
      readLogs(testing.logDir).includes(`Connection "${NAME}" failed its test`),
    );
    assert.doesNotMatch(readLogs(testing.logDir), /definitely-the-wrong-secret/, 'the secret is redacted from the log');

    const node = await walk(testing, NAME);
    testing.explorer.model.refresh(node.node);
    const [error] = await childrenOf(testing, node.node);
    assert.equal(error?.label, 'Sign-in failed — click to enter the secret again');
    assert.equal(error?.item.command?.command, CommandIds.connectionSignIn);
    assert.equal(error?.item.contextValue, 'message:error:rejected');

    prompter.script({ input: good ?? '' });
    await vscode.commands.executeCommand(CommandIds.connectionSignIn, error?.node);
    await childrenUntil(
      testing,
      node.node,
      'organizations after signing in again',
      (c) => c[0]?.label === 'Demo Coffee Co.',
    );
  });

  test('Sign Out forgets the secret; the connection stays and asks to sign in', async () => {
    const { testing } = await extensionApi();
    const node = await walk(testing, NAME);
    await vscode.commands.executeCommand(CommandIds.connectionSignOut, node.node);
    assert.equal(await testing.credentials.get(node.node.connectionId), undefined);
    assert.match(prompter.infos[0] ?? '', /Signed out of "Sandbox as Adam"/);
    const after = await walk(testing, NAME);
    assert.equal(after.item.contextValue, 'connection:remote:signedOut');
    assert.match(String(after.item.description), /signed out/);
    const [signIn] = await childrenUntil(
      testing,
      after.node,
      'the signed-out node',
      (c) => c[0]?.label === 'Signed out — click to sign in',
    );
    assert.equal(signIn?.item.command?.command, CommandIds.connectionSignIn);

    const info = await runningSandbox(testing);
    prompter.script({ input: info.clients[1]?.clientSecret ?? '' });
    await vscode.commands.executeCommand(CommandIds.connectionSignIn, after.node);
    await childrenUntil(
      testing,
      after.node,
      'organizations after signing in',
      (c) => c[0]?.label === 'Demo Coffee Co.',
    );
  });

  test('the sandbox stopped: its node goes, a connection to it shows "cannot reach", and its test fails', async () => {
    const { testing } = await extensionApi();
    const entry = testing.connections.list().find((c) => c.name === NAME);
    assert.ok(entry);
    await vscode.commands.executeCommand(CommandIds.sandboxStop);
    try {
      const roots = await childrenOf(testing);
      assert.deepEqual(
        roots.map((r) => r.label),
        [NAME],
        'the stopped sandbox leaves the tree',
      );
      const node = roots[0];
      assert.ok(node);
      testing.explorer.model.refresh(node.node);
      const [error] = await childrenUntil(testing, node.node, 'the unreachable node', (c) => c.length === 1, 15_000);
      assert.equal(error?.label, 'Cannot reach the platform — click to retry');
      assert.equal(error?.item.command?.command, CommandIds.explorerRefresh);
      await assert.rejects(testing.connections.test(entry.id), (err: unknown) => platformErrorKind(err) === 'Network');
    } finally {
      await vscode.commands.executeCommand(CommandIds.sandboxStart);
    }
    const info = await runningSandbox(testing);
    assert.ok((await childrenOf(testing)).some((r) => r.label === 'Local sandbox'));
    // The sandbox may come back on another port: point the connection at it again.
    const config = testing.connections.get(entry.id)?.config;
    assert.ok(config);
    await testing.connections.update(entry.id, {
      ...config,
      baseUrl: info.baseUrl,
      authUrl: info.authUrl,
      logUrl: info.logUrl,
    });
  });

  test('a workspace value of cstudio.connections counts in a trusted workspace', async () => {
    const { testing } = await extensionApi();
    assert.equal(
      vscode.workspace.isTrusted,
      true,
      'the test workspace is trusted (code-server runs with --disable-workspace-trust)',
    );
    const config = vscode.workspace.getConfiguration('cstudio');
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
    const settingsDir = join(folder, '.vscode');
    const hadSettings = existsSync(settingsDir);
    try {
      await config.update(
        'connections',
        [
          {
            name: 'From the workspace',
            baseUrl: 'https://mix.api.nuance.com',
            authUrl: 'https://auth.crt.nuance.com',
            clientId: 'appID:WS',
          },
        ],
        vscode.ConfigurationTarget.Workspace,
      );
      const entry = await waitFor('the workspace connection', () =>
        testing.connections.list().find((c) => c.name === 'From the workspace'),
      );
      assert.equal(entry.config?.logUrl, 'https://mix.api.nuance.com', 'the log URL defaults to the base URL');
      assert.equal(entry.id, 'from-the-workspace');
    } finally {
      await config.update('connections', undefined, vscode.ConfigurationTarget.Workspace);
    }
    await waitFor(
      'the workspace connection to go',
      () => !testing.connections.list().some((c) => c.name === 'From the workspace'),
    );
    // Leave the shared test workspace as it was for the suites that follow.
    if (!hadSettings) rmSync(settingsDir, { recursive: true, force: true });
  });

  test('Remove Connection asks first, then deletes the settings entry and the secret', async () => {
    const { testing } = await extensionApi();
    const node = await walk(testing, NAME);
    prompter.script({ confirm: false });
    assert.equal(await vscode.commands.executeCommand(CommandIds.connectionRemove, node.node), false);
    assert.equal(savedConnections().length, 1);
    prompter.script({ confirm: true });
    assert.equal(await vscode.commands.executeCommand(CommandIds.connectionRemove, node.node), true);
    assert.match(prompter.asked.at(-1)?.title ?? '', /Remove connection "Sandbox as Adam"\?/);
    assert.deepEqual(savedConnections(), []);
    assert.equal(await testing.credentials.get(node.node.connectionId), undefined);
    assert.ok(!(await childrenOf(testing)).some((r) => r.label === NAME));
  });
});
