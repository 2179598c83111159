/// <reference types="mocha" />
// The extension activates in a real VS Code extension host and contributes what package.json promises.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommandIds } from '../../../src/host/commandIds';
import { extensionApi } from '../helpers';

interface Manifest {
  activationEvents: string[];
  contributes: {
    commands: Array<{ command: string; title: string; category?: string }>;
    views: Record<string, Array<{ id: string }>>;
    viewsContainers: { activitybar: Array<{ id: string; icon: string }> };
    configuration: Array<{ title: string; properties: Record<string, unknown> }>;
  };
}

suite('activation', () => {
  test('runs inside a real VS Code server extension host', () => {
    assert.match(vscode.version, /^1\.\d+\.\d+/);
    assert.ok(vscode.env.appHost.length > 0);
    console.log(`    VS Code ${vscode.version}, appHost ${vscode.env.appHost}, Node ${process.version}`);
  });

  test('the extension activates and reports its activation time', async () => {
    const { extension, api } = await extensionApi();
    assert.equal(extension.isActive, true);
    assert.equal(typeof api.activationMs, 'number');
    assert.ok(api.activationMs > 0 && api.activationMs < 5_000, `activationMs = ${api.activationMs}`);
    console.log(`    activate() took ${api.activationMs.toFixed(1)} ms`);
  });

  test('every command in package.json is registered, and only those', async () => {
    const { extension } = await extensionApi();
    const manifest = JSON.parse(readFileSync(join(extension.extensionPath, 'package.json'), 'utf8')) as Manifest;
    // package.json against commandIds.ts, titles, menus and the walkthrough: test/unit/setup/commandTable.test.ts.
    const declared = manifest.contributes.commands.map((c) => c.command).sort();
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = declared.filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], 'all declared commands are registered');
    // VS Code adds focus/open/… commands for every contributed view; those are not ours to declare.
    const viewIds = Object.values(manifest.contributes.views)
      .flat()
      .map((v) => v.id);
    const ours = [...registered]
      .filter((id) => id.startsWith('cstudio.') && !viewIds.some((v) => id.startsWith(`${v}.`)))
      .sort();
    assert.deepEqual(ours, declared, 'no undeclared cstudio.* commands');
  });

  test('features load on first use: a command of one not loaded yet loads it and runs (issue 17)', async () => {
    // This suite runs first, before any other suite uses Model Health or the Utterances view (neither has
    // anything to show at start-up: no view of theirs is open).
    const { extension, testing } = await extensionApi();
    const bundle = (name: string): string => join(extension.extensionPath, 'dist', `${name}Feature.js`);
    assert.equal(require.cache[bundle('health')], undefined, 'Model Health was not loaded at activation');
    assert.equal(require.cache[bundle('discover')], undefined, 'the Utterances view was not loaded at activation');
    // Stopping a review when none runs does nothing but clear the view's state: a first invocation of a shell.
    await vscode.commands.executeCommand(CommandIds.discoverStop);
    assert.ok(require.cache[bundle('discover')], 'the first command of the feature loaded its bundle');
    assert.equal(testing.discover.records(), 0);
    assert.equal(require.cache[bundle('health')], undefined, 'loading one feature loads no other');
  });

  test('contributes the view container, the explorer view and the settings section', async () => {
    const { extension } = await extensionApi();
    const manifest = JSON.parse(readFileSync(join(extension.extensionPath, 'package.json'), 'utf8')) as Manifest;
    assert.deepEqual(
      manifest.contributes.viewsContainers.activitybar.map((c) => c.id),
      ['cstudio'],
    );
    assert.deepEqual(
      manifest.contributes.views.cstudio?.map((v) => v.id),
      ['cstudio.explorer', 'cstudio.sync.comparison', 'cstudio.utterances'],
    );
    assert.ok(manifest.activationEvents.includes('onStartupFinished'));
    const section = manifest.contributes.configuration.find((c) => c.title === 'Conversational Studio');
    assert.ok(section, 'a settings section titled Conversational Studio');
    for (const key of [
      'cstudio.sandbox.autoStart',
      'cstudio.sandbox.port',
      'cstudio.sandbox.jobDurationMs',
      'cstudio.log.level',
    ]) {
      assert.ok(key in section.properties, `${key} is contributed`);
    }
    // The view can be revealed (the container and its view exist in this workbench).
    await vscode.commands.executeCommand('workbench.view.extension.cstudio');
  });
});
