/// <reference types="mocha" />
// Deploy and Undeploy end to end in the real extension host, on the demo application "Coffee Shop Assistant"
// (configuration 801 "coffee-main", live in Sandbox US): geographies chosen in a multi-select, a confirmation
// naming them (and warning on a redeploy), the effect read back over HTTP and the tree's deployment status.
// Everything is put back as seeded at the end.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import type { AppConfig } from '../../../src/core/platform/appTypes';
import type { PlatformClient } from '../../../src/core/platform/client';
import { CommandIds } from '../../../src/host/commandIds';
import { extensionApi, readLogs, waitFor } from '../helpers';
import { childrenUntil, demoClient, runningSandbox, usePrompterForSuite, walk } from '../explorerHelpers';

const SANDBOX = 'Local sandbox';
const ORG = 'Demo Coffee Co.';
const APP = 'Coffee Shop Assistant';
const SANDBOX_US = '301';
const PRODUCTION_US = '302';

function statusIn(config: AppConfig, geoId: string): string | undefined {
  let status: string | undefined;
  for (const d of config.deployments)
    for (const g of d.envGeographyDeployments) if (g.envGeography.id === geoId) status = g.status;
  return status;
}

suite('deploy commands', () => {
  const prompter = usePrompterForSuite();
  let owner: PlatformClient;
  let override: AppConfig | undefined;

  suiteSetup(async () => {
    const { testing } = await extensionApi();
    owner = demoClient(await runningSandbox(testing), 'owner');
  });

  suiteTeardown(async () => {
    // Back as seeded: 801 live in Sandbox US only, no override.
    const main = await owner.appConfigs.get('801');
    if (statusIn(main, PRODUCTION_US) === 'DEPLOYED') await owner.appConfigs.undeploy('801', [PRODUCTION_US]);
    if (statusIn(main, SANDBOX_US) !== 'DEPLOYED') await owner.appConfigs.deploy('801', [SANDBOX_US]);
    if (override) await owner.appConfigs.delete(override.id).catch(() => undefined);
    await owner?.close();
  });

  test('Deploy from the tree to a chosen geography; the tree shows it deployed; Undeploy takes it back', async () => {
    const { testing } = await extensionApi();
    const config = await walk(testing, SANDBOX, ORG, 'Applications', APP, 'coffee-main');
    prompter.script({ pickMany: ['Production US'] }, { confirm: true });
    assert.deepEqual(await vscode.commands.executeCommand(CommandIds.appConfigDeploy, config.node), [PRODUCTION_US]);
    assert.deepEqual(
      prompter.asked[0]?.offered,
      ['Production US', 'Production EU'],
      'geographies where it is not live yet',
    );
    assert.match(
      prompter.asked[1]?.title ?? '',
      /^Deploy "coffee-main" \(configuration 801\) to Production US \(302\)\?$/,
    );
    assert.equal(statusIn(await owner.appConfigs.get('801'), PRODUCTION_US), 'DEPLOYED');
    await waitFor('the deploy in the log', () =>
      readLogs(testing.logDir).includes('deploy: "coffee-main" (configuration 801) deployed to Production US (302)'),
    );
    const shown = await childrenUntil(
      testing,
      (await walk(testing, SANDBOX, ORG, 'Applications', APP, 'coffee-main')).node,
      'the new deployment in the tree',
      (c) => c.some((d) => d.label === 'Production US'),
    );
    const prod = shown.find((d) => d.label === 'Production US');
    assert.match(String(prod?.item.description), /^deployed · production/);
    assert.equal(prod?.item.contextValue, 'deployment:deployed');
    assert.equal((prod?.item.iconPath as vscode.ThemeIcon | undefined)?.id, 'cloud');

    prompter.script({ pickMany: ['Production US'] }, { confirm: true });
    await vscode.commands.executeCommand(CommandIds.appConfigUndeploy, prod?.node);
    assert.deepEqual(prompter.asked[2]?.offered, ['Sandbox US', 'Production US'], 'only where it is live');
    assert.equal(statusIn(await owner.appConfigs.get('801'), PRODUCTION_US), 'UNDEPLOYED');
    assert.equal(statusIn(await owner.appConfigs.get('801'), SANDBOX_US), 'DEPLOYED');
    await childrenUntil(
      testing,
      (await walk(testing, SANDBOX, ORG, 'Applications', APP, 'coffee-main')).node,
      'the undeployment in the tree',
      (c) => /^undeployed/.test(String(c.find((d) => d.label === 'Production US')?.item.description)),
    );
  });

  test('Deploying an override where its tag is live warns that it is a redeploy, and replaces the live one', async () => {
    override = await owner.appConfigs.override('801');
    prompter.script({ pickMany: ['Sandbox US'] }, { confirm: false });
    assert.equal(
      await vscode.commands.executeCommand(CommandIds.appConfigDeploy, { applicationId: '501', configId: override.id }),
      undefined,
    );
    const pick = prompter.asked[0];
    assert.match(pick?.title ?? '', new RegExp(`Deploy "coffee-main" \\(configuration ${override.id}\\)`));
    const confirm = prompter.asked[1];
    assert.match(
      confirm?.offered[0] ?? '',
      /This is a redeploy: it replaces what is live with the same tag \(Sandbox US: configuration 801\)/,
    );
    assert.equal(statusIn(await owner.appConfigs.get(override.id), SANDBOX_US), undefined, 'declined: not deployed');

    prompter.reset();
    prompter.script({ pickMany: ['Sandbox US'] }, { confirm: true });
    await vscode.commands.executeCommand(CommandIds.appConfigDeploy, { applicationId: '501', configId: override.id });
    assert.equal(statusIn(await owner.appConfigs.get(override.id), SANDBOX_US), 'DEPLOYED');
    assert.equal(statusIn(await owner.appConfigs.get('801'), SANDBOX_US), 'UNDEPLOYED');
    await owner.appConfigs.deploy('801', [SANDBOX_US]);
  });

  test('The geography pick starts with the non-production ones ticked; Enter with none ticked keeps it open and says why (issue 26)', async () => {
    assert.ok(override, 'the override of the previous test');
    if (statusIn(await owner.appConfigs.get(override.id), SANDBOX_US) === 'DEPLOYED')
      await owner.appConfigs.undeploy(override.id, [SANDBOX_US]);
    prompter.reset();
    // An empty choice, then a real one: the first is refused with a message, not taken as a cancel.
    prompter.script({ pickMany: [] }, { pickMany: ['Sandbox US'] }, { confirm: false });
    await vscode.commands.executeCommand(CommandIds.appConfigDeploy, { applicationId: '501', configId: override.id });
    assert.deepEqual(prompter.failures, []);
    assert.deepEqual(
      prompter.asked[0]?.offered,
      ['*Sandbox US', 'Production US', 'Production EU'],
      'Sandbox US ticked, production not',
    );
    assert.deepEqual(prompter.rejected, [
      'Tick at least one environment geography with Space, then press Enter (Escape cancels).',
    ]);
    assert.equal(prompter.asked[1]?.kind, 'pickMany', 'the pick stays open');
    assert.match(
      prompter.asked[2]?.title ?? '',
      /^Deploy "coffee-main" \(configuration \d+\) to Sandbox US \(301\)\?$/,
    );
  });
});
