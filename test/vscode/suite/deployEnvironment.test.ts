/// <reference types="mocha" />
// Credentials and environment configurations in the real extension host: an application's Credentials
// folder lists its runtime app IDs and client ids; GRAMMAR_BASE_PATH is edited for the project default and
// one environment geography (effects read over HTTP, the tree shows values and what a geography inherits);
// on a platform where environment configurations are off (a second sandbox with the 501 switch) the folder
// and the command say the feature is not enabled there.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConnectionConfig } from '../../../src/core/connections/connectionConfig';
import type { PlatformClient } from '../../../src/core/platform/client';
import type { Project } from '../../../src/core/platform/types';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/server';
import { CommandIds } from '../../../src/host/commandIds';
import { extensionApi, readLogs, waitFor } from '../helpers';
import { childrenOf, childrenUntil, demoClient, runningSandbox, usePrompterForSuite, walk } from '../explorerHelpers';

const SANDBOX = 'Local sandbox';
const ORG = 'Demo Coffee Co.';
const NAME = `Env Test ${Date.now().toString(36)}`;
const GBP = 'GRAMMAR_BASE_PATH';

suite('credentials and environment configurations', () => {
  const prompter = usePrompterForSuite();
  let owner: PlatformClient;
  let project: Project;

  suiteSetup(async () => {
    const { testing } = await extensionApi();
    owner = demoClient(await runningSandbox(testing), 'owner');
    const orgId = (await owner.organizations.list().next()).value?.id as string;
    project = await owner.projects.create(orgId, {
      displayName: NAME,
      languages: ['en-US'],
      isChildDataCompliant: 'NO',
    });
    // Organizations (the children of connections) listed by an earlier suite are listed again, with the new project.
    testing.explorer.model.refreshWhere((n) => n.parent !== undefined && n.parent.parent === undefined);
  });

  suiteTeardown(async () => {
    if (project) await owner.projects.delete(project.id).catch(() => undefined);
    // The later suites see the organization as seeded again.
    (await extensionApi()).testing.explorer.model.refreshWhere(
      (n) => n.parent !== undefined && n.parent.parent === undefined,
    );
    await owner?.close();
  });

  test("an application's Credentials folder: runtime app IDs, their geographies and client count", async () => {
    const { testing } = await extensionApi();
    const folder = await walk(testing, SANDBOX, ORG, 'Applications', 'Coffee Shop Assistant', 'Credentials');
    assert.equal(folder.item.contextValue, 'credentials');
    const shown = await childrenOf(testing, folder.node);
    assert.deepEqual(shown.map((c) => c.label).sort(), ['COFFEE-DEV', 'COFFEE-PROD']);
    assert.match(
      String(shown.find((c) => c.label === 'COFFEE-PROD')?.item.description),
      /Production US, Production EU · \d+ clients?/,
    );
  });

  test('Edit GRAMMAR_BASE_PATH: the project default, then one geography; empty clears', async () => {
    const { testing } = await extensionApi();
    const folder = await walk(testing, SANDBOX, ORG, NAME, 'Environment Configurations');
    const rows = await childrenOf(testing, folder.node);
    assert.deepEqual(
      rows.map((r) => r.label),
      ['Project default', 'Sandbox US', 'Production US', 'Production EU'],
    );
    prompter.script({ input: 'https://grammars.example.com/base/' });
    await vscode.commands.executeCommand(CommandIds.envConfigEdit, rows[0]?.node);
    assert.deepEqual((await owner.envConfigs.get(project.id)).projectDefaults, [
      { label: GBP, value: 'https://grammars.example.com/base/' },
    ]);
    const after = await childrenUntil(
      testing,
      (await walk(testing, SANDBOX, ORG, NAME, 'Environment Configurations')).node,
      'the new default in the tree',
      (c) => c[0]?.item.description === 'https://grammars.example.com/base/',
    );
    assert.equal(
      after[1]?.item.description,
      'default: https://grammars.example.com/base/',
      'a geography without a value inherits',
    );
    assert.equal(after[0]?.item.contextValue, 'envConfig:set');

    prompter.script({ pick: 'Production EU' }, { input: 'https://eu.grammars.example.com/' });
    await vscode.commands.executeCommand(CommandIds.envConfigEdit, {
      connectionId: testing.connections.list().find((c) => c.kind === 'sandbox')?.id,
      projectId: project.id,
    });
    const eu = (await owner.envConfigs.get(project.id)).environments
      .flatMap((e) => e.environmentGeographies)
      .find((g) => g.name === 'Production EU');
    assert.deepEqual(eu?.environmentGeographyDefaults, [{ label: GBP, value: 'https://eu.grammars.example.com/' }]);

    prompter.script({ input: '' });
    await vscode.commands.executeCommand(CommandIds.envConfigEdit, after[0]?.node);
    assert.deepEqual((await owner.envConfigs.get(project.id)).projectDefaults, []);
    assert.match(prompter.infos.at(-1) ?? '', /GRAMMAR_BASE_PATH cleared for the project default/);
  });

  test('a platform without environment configurations (501): the folder and the command say so', async () => {
    const { testing } = await extensionApi();
    const dataDir = mkdtempSync(join(tmpdir(), 'cstudio-501-'));
    let other: RunningSandbox | undefined;
    let config: ConnectionConfig | undefined;
    try {
      other = await startSandbox({ dataDir, featuresOff: ['env-configs'] });
      const client = other.clients[0];
      assert.ok(client);
      prompter.script(
        { input: 'No env configs' },
        { pick: 'Custom URLs…' },
        { input: other.baseUrl },
        { input: other.authUrl },
        { input: other.logUrl },
        { input: client.clientId },
        { input: client.clientSecret },
      );
      config = await vscode.commands.executeCommand<ConnectionConfig>(CommandIds.connectionAdd);
      const folder = await walk(testing, 'No env configs', ORG, 'Coffee Shop', 'Environment Configurations');
      const [error] = await childrenOf(testing, folder.node);
      assert.match(error?.label ?? '', /Environment configurations are not enabled on this platform/);
      prompter.reset();
      prompter.script({ pick: 'Coffee Shop' });
      assert.equal(
        await vscode.commands.executeCommand(CommandIds.envConfigEdit, { connectionId: config.id }),
        undefined,
      );
      await waitFor('the 501 message in the log', () =>
        /Environment configurations are not enabled on this platform/.test(readLogs(testing.logDir)),
      );
    } finally {
      if (config) {
        prompter.reset();
        prompter.script({ confirm: true });
        await vscode.commands.executeCommand(CommandIds.connectionRemove, { connectionId: config.id });
      }
      await other?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
