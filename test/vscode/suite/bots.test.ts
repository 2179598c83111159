/// <reference types="mocha" />
// Bots in the real extension host: the bot configuration shows its context tag and where it is live; Show
// Integration Details opens a read-only document with the client ids (no secret), the context tag, languages,
// channels and modalities, session variables and transfer nodes — checked against what the platform answers
// over HTTP; the copy actions put a client id and the tag on the clipboard.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import type { PlatformClient } from '../../../src/core/platform/client';
import { CommandIds } from '../../../src/host/commandIds';
import { extensionApi } from '../helpers';
import { demoClient, runningSandbox, usePrompterForSuite, walk } from '../explorerHelpers';

const SANDBOX = 'Local sandbox';
const ORG = 'Demo Coffee Co.';
const BOT = 'Coffee Shop Assistant';

suite('bot commands', () => {
  const prompter = usePrompterForSuite();
  let owner: PlatformClient;

  suiteSetup(async () => {
    const { testing } = await extensionApi();
    owner = demoClient(await runningSandbox(testing), 'owner');
  });

  suiteTeardown(async () => {
    await owner?.close();
  });

  test('Show Integration Details: a read-only document with everything needed to call the dialog runtime', async () => {
    const { testing } = await extensionApi();
    const node = await walk(testing, SANDBOX, ORG, 'Bots', BOT, 'coffee-main');
    assert.match(String(node.item.description), /live in Sandbox US/);
    assert.equal(node.item.contextValue, 'botConfig:deployed');
    const uri = await vscode.commands.executeCommand<vscode.Uri>(CommandIds.botShowIntegration, node.node);
    assert.equal(uri.scheme, 'cstudio-report');
    const doc = vscode.window.activeTextEditor?.document;
    assert.equal(doc?.uri.toString(), uri.toString(), 'the document is open in the editor');
    assert.equal(doc?.languageId, 'markdown');
    const text = doc?.getText() ?? '';
    const credentials = await owner.bots.credentials('501');
    const dialog = await owner.bots.configInterface('501', '801');
    assert.match(text, /Context tag: `coffee-main` \(configuration 801\)/);
    assert.match(text, /Live in: Sandbox US/);
    for (const c of credentials.flatMap((x) => x.credential.clients))
      assert.ok(text.includes(`\`${c.clientId}\``), `client id ${c.clientId}`);
    assert.doesNotMatch(text, /secret"?\s*[:=]/i);
    for (const l of dialog.locales) assert.ok(text.includes(`\`${l}\``), `locale ${l}`);
    for (const ch of dialog.channels) assert.ok(text.includes(ch.displayName), `channel ${ch.displayName}`);
    for (const v of dialog.variables) assert.ok(text.includes(`\`${v.displayName}\``), `variable ${v.displayName}`);
    for (const n of dialog.transferNodes)
      assert.ok(text.includes(`**\`${n.nodeName}\`**`), `transfer node ${n.nodeName}`);
    assert.ok(
      dialog.transferNodes.length > 0 && dialog.variables.length > 0,
      'the demo bot declares variables and transfer nodes',
    );
  });

  test('Copy Client ID and Copy Context Tag put them on the clipboard', async () => {
    const { testing } = await extensionApi();
    const node = await walk(testing, SANDBOX, ORG, 'Bots', BOT, 'coffee-main');
    assert.equal(await vscode.commands.executeCommand(CommandIds.botCopyContextTag, node.node), 'coffee-main');
    assert.equal(await vscode.env.clipboard.readText(), 'coffee-main');
    prompter.script({ pick: /COFFEE-DEV$/ });
    const copied = await vscode.commands.executeCommand<string>(CommandIds.botCopyClientId, {
      botId: '501',
      configId: '801',
    });
    assert.equal(copied, 'appID:COFFEE-DEV');
    assert.equal(await vscode.env.clipboard.readText(), 'appID:COFFEE-DEV');
  });
});
