/// <reference types="mocha" />
// Application configurations end to end in the real extension host: create one in "Coffee Shop Assistant"
// from the latest builds of "Coffee Shop" (data hosts from the project defaults), update it, override it,
// delete both; an update of the live "coffee-main" is refused with the reason; the deployed configuration
// downloads and opens in the package browser. Effects are read back over HTTP; demo data is left as seeded.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readZip } from '../../../src/core/package/zip';
import type { AppConfig } from '../../../src/core/platform/appTypes';
import type { PlatformClient } from '../../../src/core/platform/client';
import { CommandIds } from '../../../src/host/commandIds';
import { extensionApi, readLogs, waitFor } from '../helpers';
import { childrenUntil, demoClient, runningSandbox, usePrompterForSuite, walk } from '../explorerHelpers';

const SANDBOX = 'Local sandbox';
const ORG = 'Demo Coffee Co.';
const APP = 'Coffee Shop Assistant';
const TAG = `studio-test-${Date.now().toString(36)}`;

suite('configuration commands', () => {
  const prompter = usePrompterForSuite();
  let owner: PlatformClient;
  let dir = '';
  const made: string[] = [];

  suiteSetup(async () => {
    const { testing } = await extensionApi();
    owner = demoClient(await runningSandbox(testing), 'owner');
    dir = mkdtempSync(join(tmpdir(), 'cstudio-configs-'));
  });

  suiteTeardown(async () => {
    for (const id of made.reverse()) await owner.appConfigs.delete(id).catch(() => undefined);
    await owner?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('Create from the latest builds of a project, with the project default data hosts; it shows in the tree', async () => {
    const { testing } = await extensionApi();
    const app = await walk(testing, SANDBOX, ORG, 'Applications', APP);
    prompter.script({ input: 'coffee-main' });
    assert.equal(await vscode.commands.executeCommand(CommandIds.appConfigCreate, app.node), undefined);
    assert.match(prompter.rejected[0] ?? '', /"coffee-main" already exists in this application; override/);
    prompter.reset();
    prompter.script({ input: TAG }, { pick: 'Coffee Shop' }, { pick: 'Latest builds' });
    const config = await vscode.commands.executeCommand<AppConfig>(CommandIds.appConfigCreate, app.node);
    made.push(config.id);
    const fetched = await owner.appConfigs.get(config.id);
    assert.equal(fetched.tag, TAG);
    assert.equal(fetched.builds.dialog?.buildLabel, 'DIALOG_1001_1');
    assert.ok(
      fetched.dataHosts?.some((h) => h.alias === 'ORDER_API' && h.value === 'https://orders.coffee.example/api'),
      JSON.stringify(fetched.dataHosts),
    );
    const configs = await childrenUntil(
      testing,
      (await walk(testing, SANDBOX, ORG, 'Applications', APP)).node,
      'the configuration in the tree',
      (c) => c.some((n) => n.label === TAG),
    );
    assert.match(String(configs.find((n) => n.label === TAG)?.item.description), /not deployed/);
  });

  test('Update is refused while deployed, with the reason; allowed otherwise; Override makes a new configuration', async () => {
    const { testing } = await extensionApi();
    const main = await walk(testing, SANDBOX, ORG, 'Applications', APP, 'coffee-main');
    assert.equal(await vscode.commands.executeCommand(CommandIds.appConfigUpdate, main.node), undefined);
    await waitFor('the refusal in the log', () =>
      /Cannot update configuration "coffee-main" \(801\): it is deployed to Sandbox US.*Undeploy it first, or use Override/.test(
        readLogs(testing.logDir),
      ),
    );

    const id = made[0] as string;
    prompter.script({ pickMany: ['DIALOG'] });
    const updated = await vscode.commands.executeCommand<AppConfig>(CommandIds.appConfigUpdate, {
      applicationId: '501',
      configId: id,
    });
    assert.equal(updated.builds.dialog?.buildLabel, 'DIALOG_1001_1');
    assert.match(prompter.infos.at(-1) ?? '', /now uses the latest DIALOG builds of project 1001/);

    prompter.script({ confirm: true });
    const override = await vscode.commands.executeCommand<AppConfig>(CommandIds.appConfigOverride, {
      applicationId: '501',
      configId: id,
    });
    made.push(override.id);
    assert.equal((await owner.appConfigs.get(override.id)).parentId, id);
    assert.equal(override.tag, TAG);
  });

  test('Delete asks first and removes the configuration', async () => {
    for (const id of [...made].reverse()) {
      prompter.script({ confirm: true });
      assert.equal(
        await vscode.commands.executeCommand(CommandIds.appConfigDelete, { applicationId: '501', configId: id }),
        id,
      );
      await assert.rejects(owner.appConfigs.get(id), /not found|404/i);
    }
    made.length = 0;
  });

  test('Download the deployed configuration; it opens in the package browser', async () => {
    const { testing } = await extensionApi();
    const main = await walk(testing, SANDBOX, ORG, 'Applications', APP, 'coffee-main');
    const file = join(dir, 'coffee-main.zip');
    prompter.script({ saveFile: file });
    await vscode.commands.executeCommand(CommandIds.appConfigDownload, main.node);
    assert.equal(prompter.asked[0]?.offered[0], 'app-config-801.zip');
    const entries = await readZip(readFileSync(file));
    assert.ok(entries.has('app-config.json') && entries.has('dialog/interface.json'), [...entries.keys()].join(', '));
    const editor = await waitFor(
      'the package browser',
      () => vscode.window.activeTextEditor?.document.uri.scheme === 'cstudio-zip' && vscode.window.activeTextEditor,
    );
    assert.match(editor.document.getText(), /"tag": "coffee-main"/);
  });
});
