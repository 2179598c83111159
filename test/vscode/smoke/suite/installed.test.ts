/// <reference types="mocha" />
// Smoke checks of the extension as a user gets it: installed from the .vsix into code-server's extensions folder
// and loaded without a development path. Nothing here imports src/: the code under test is the installed copy,
// and the first test proves it (its folder, production mode). test/vscode/vsix.mjs writes what to expect into
// the workspace's cstudio-smoke.json.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

interface Expected {
  extensionId: string;
  version: string;
  extensionsDir: string;
}
interface Api {
  activationMs: number;
  testing?: unknown;
}
interface Manifest {
  contributes: { commands: Array<{ command: string }> };
}

function workspaceDir(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the smoke run opens a workspace folder');
  return folder.uri.fsPath;
}

function expected(): Expected {
  return JSON.parse(readFileSync(join(workspaceDir(), 'cstudio-smoke.json'), 'utf8')) as Expected;
}

async function installed(): Promise<{ extension: vscode.Extension<Api>; api: Api }> {
  const extension = vscode.extensions.getExtension<Api>(expected().extensionId);
  assert.ok(extension, `${expected().extensionId} is installed`);
  return { extension, api: await extension.activate() };
}

async function waitFor<T>(what: string, probe: () => T | undefined | false, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

suite('installed .vsix (smoke)', () => {
  test('the installed copy runs, in production mode, not the source tree', async () => {
    const want = expected();
    const { extension, api } = await installed();
    const folder = realpathSync(extension.extensionPath);
    assert.equal(
      folder,
      realpathSync(join(want.extensionsDir, `${want.extensionId}-${want.version}`)),
      'the extension is loaded from the extensions folder the .vsix was installed into',
    );
    assert.equal((extension.packageJSON as { version: string }).version, want.version);
    for (const absent of ['src', 'test', 'node_modules', 'esbuild.mjs']) {
      assert.ok(!existsSync(join(folder, absent)), `the installed extension has no ${absent}`);
    }
    assert.equal(extension.isActive, true);
    assert.equal(typeof api.activationMs, 'number');
    assert.equal(api.testing, undefined, 'an installed extension runs in production mode (no testing API)');
  });

  test('every contributed command is registered', async () => {
    const { extension } = await installed();
    const manifest = extension.packageJSON as Manifest;
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = manifest.contributes.commands.map((c) => c.command).filter((id) => !registered.has(id));
    assert.deepEqual(missing, []);
  });

  test('Start Local Sandbox runs the bundled sandbox, which answers over loopback HTTP', async () => {
    await installed();
    const baseUrl = await vscode.commands.executeCommand<string>('cstudio.sandbox.start');
    assert.match(baseUrl ?? '', /^http:\/\/127\.0\.0\.1:\d+/);
    const res = await fetch(`${(baseUrl ?? '').replace(/\/$/, '')}/v4/organizations`);
    assert.equal(res.status, 401, 'the management API asks for a token');
  });

  test('TRSX diagnostics come from the bundled language server', async () => {
    await installed();
    const uri = vscode.Uri.file(join(workspaceDir(), 'coffee-shop', 'en-US', 'en-US.trsx'));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    assert.equal(doc.languageId, 'trsx');
    const codes = await waitFor(
      'TRSX diagnostics',
      () => {
        const found = vscode.languages.getDiagnostics(uri).map((d) => String(d.code));
        return found.includes('TRSX020') && found;
      },
      20_000,
    );
    assert.ok(codes.includes('TRSX020'), `diagnostics: ${codes.join(', ')}`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the walkthrough is contributed and opens', async () => {
    const { extension } = await installed();
    const walkthroughs = (
      extension.packageJSON as { contributes: { walkthroughs?: Array<{ id: string; steps: unknown[] }> } }
    ).contributes.walkthroughs;
    assert.ok(
      walkthroughs?.some((w) => w.id === 'firstRun' && w.steps.length > 0),
      'the firstRun walkthrough is in the installed manifest',
    );
    await vscode.commands.executeCommand(
      'workbench.action.openWalkthrough',
      `${expected().extensionId}#firstRun`,
      false,
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
