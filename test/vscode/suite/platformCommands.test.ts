/// <reference types="mocha" />
// Issue 16's explorer commands in the real extension host, from tree nodes: Entity Settings, Export Ontology,
// Export Grammars (refused for a user without the grammar roles, with the platform's message), and the
// connection reports (entity types, all applications, project locks) — each checked against what the
// platform answers over HTTP.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readZip } from '../../../src/core/package/zip';
import type { PlatformClient } from '../../../src/core/platform/client';
import { CommandIds } from '../../../src/host/commandIds';
import { markdownCode as code } from '../../../src/core/markdown';
import { extensionApi } from '../helpers';
import { demoClient, runningSandbox, usePrompterForSuite, walk } from '../explorerHelpers';

const SANDBOX = 'Local sandbox';
const ORG = 'Demo Coffee Co.';
const PROJECT = 'Coffee Shop';

suite('platform commands (issue 16)', () => {
  const prompter = usePrompterForSuite();
  let owner: PlatformClient;
  let dir = '';

  suiteSetup(async () => {
    const { testing } = await extensionApi();
    owner = demoClient(await runningSandbox(testing), 'owner');
    dir = mkdtempSync(join(tmpdir(), 'cstudio-platform-commands-'));
  });
  suiteTeardown(async () => {
    await owner.entities
      .update('1001', 'ORDER_NUMBER', { settings: { isSensitive: false } }, { kind: 'REGEX' })
      .catch(() => undefined);
    await owner?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('Entity Settings… turns a setting on from the entity node', async () => {
    const { testing } = await extensionApi();
    const node = await walk(testing, SANDBOX, ORG, PROJECT, 'Entities', 'Regex', 'ORDER_NUMBER');
    prompter.script({ pickMany: ['Sensitive', 'Canonicalize'] });
    await vscode.commands.executeCommand(CommandIds.entityUpdateSettings, node.node);
    assert.deepEqual(prompter.failures, []);
    const entity = await owner.entities.get('1001', 'ORDER_NUMBER');
    assert.equal(entity.settings.isSensitive, true);
    assert.equal(entity.settings.canonicalize, true);
  });

  test("Export Ontology… saves the platform's zip; Export Grammars… shows the platform's refusal to a non-Expert", async () => {
    const { testing } = await extensionApi();
    const project = await walk(testing, SANDBOX, ORG, PROJECT);
    const file = join(dir, 'ontology.zip');
    prompter.script({ saveFile: file });
    await vscode.commands.executeCommand(CommandIds.projectExportOntology, project.node);
    assert.match(prompter.asked[0]?.offered[0] ?? '', /^1001-Coffee Shop-ontology-/);
    assert.ok((await readZip(readFileSync(file))).has('en-US/en-US.trsx'));
    prompter.reset();
    const grammarEntity = await walk(testing, SANDBOX, ORG, PROJECT, 'Entities', 'Rule-based', 'PICKUP_TIME');
    const grammars = join(dir, 'grammars.zip');
    prompter.script({ saveFile: grammars });
    assert.equal(await vscode.commands.executeCommand(CommandIds.entityExportGrammars, grammarEntity.node), undefined);
    assert.equal(existsSync(grammars), false, 'nothing saved when the platform refuses');
  });

  test('connection reports: entity types, all applications and the locks list open as read-only documents', async () => {
    const { testing } = await extensionApi();
    const connection = await walk(testing, SANDBOX);
    const types = await vscode.commands.executeCommand<vscode.Uri>(CommandIds.entityTypesShow, connection.node);
    assert.equal(types?.scheme, 'cstudio-report');
    const typesText = (await vscode.workspace.openTextDocument(types)).getText();
    for (const t of await owner.ontology.entityTypes())
      assert.ok(typesText.includes(code(t.name)), `${t.name} in ${typesText}`);
    const apps = await vscode.commands.executeCommand<vscode.Uri>(CommandIds.applicationsShowAll, connection.node);
    assert.equal(apps?.scheme, 'cstudio-report');
    const appsText = (await vscode.workspace.openTextDocument(apps)).getText();
    assert.match(appsText, /Coffee Shop Assistant/);
    assert.match(appsText, /Coffee Shop NLU Service/);
    // The sandbox connection acts as the organization owner, who is not staff: the platform refuses the locks list.
    assert.equal(await vscode.commands.executeCommand(CommandIds.locksShow, connection.node), undefined);
  });
});
