/// <reference types="mocha" />
// The CLI reaches the sandbox VS Code runs (issue 26): "Copy Sandbox Connection for the CLI" puts the export lines
// (secret included, and the message says so) on the clipboard, and the sandbox's ready file in its data folder (the
// extension's global storage) lets the real CLI (dist/cli.js, as a child process) find the same sandbox.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommandIds } from '../../../src/host/commandIds';
import type { SandboxInfo } from '../../../src/features/sandbox/localSandbox';
import { usePrompterForSuite } from '../explorerHelpers';
import { extensionApi, waitFor } from '../helpers';

async function running(): Promise<SandboxInfo> {
  const { testing } = await extensionApi();
  return waitFor(
    'the local sandbox to run',
    () => testing.sandbox.state.kind === 'running' && testing.sandbox.state.info,
    20_000,
  );
}

/** The CSTUDIO_* variables a shell gets from `eval "$(lines)"`. */
function evaluated(lines: string): Record<string, string> {
  const out = execFileSync('sh', ['-c', 'eval "$LINES"; env | grep ^CSTUDIO_'], {
    env: { PATH: process.env.PATH, LINES: lines },
    encoding: 'utf8',
  });
  return Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

suite('local sandbox: connection for the CLI', () => {
  const prompter = usePrompterForSuite();

  test('Copy Sandbox Connection for the CLI copies export lines and says a secret was copied', async () => {
    const info = await running();
    const owner = info.clients[0];
    assert.ok(owner);
    await vscode.env.clipboard.writeText('');
    assert.equal(await vscode.commands.executeCommand(CommandIds.sandboxCopyCliConnection), info.baseUrl);
    const copied = await vscode.env.clipboard.readText();
    const runtime = info.runtimeClients.find((c) => c.scopes.split(/\s+/).includes('nlu') && c.contextTags.length > 0);
    assert.ok(runtime, 'the demo data deploys a configuration a runtime client reaches');
    assert.deepEqual(evaluated(copied), {
      CSTUDIO_BASE_URL: info.baseUrl,
      CSTUDIO_AUTH_URL: info.authUrl,
      CSTUDIO_LOG_URL: info.logUrl,
      CSTUDIO_CLIENT_ID: owner.clientId,
      CSTUDIO_CLIENT_SECRET: owner.clientSecret,
      CSTUDIO_NLU_URL: info.nluUrl,
      CSTUDIO_RUNTIME_CLIENT_ID: runtime.clientId,
      CSTUDIO_RUNTIME_CLIENT_SECRET: runtime.clientSecret,
    });
    assert.equal(prompter.infos.length, 1);
    assert.match(prompter.infos[0] ?? '', /client SECRET/);
    assert.doesNotMatch(
      prompter.infos[0] ?? '',
      new RegExp(owner.clientSecret),
      'the message names the secret, never shows it',
    );
  });

  test("the sandbox's ready file in its data folder lets the CLI reach it: cstudio sandbox env --data", async () => {
    const info = await running();
    const ready = join(info.dataDir, 'ready.json');
    assert.ok(existsSync(ready), `${ready} is written while the sandbox runs`);
    assert.equal((JSON.parse(readFileSync(ready, 'utf8')) as { baseUrl: string }).baseUrl, info.baseUrl);
    const root = vscode.extensions.getExtension('cstudio.conversational-studio')?.extensionPath ?? '';
    const cli = join(root, 'dist', 'cli.js');
    // Asynchronously: the sandbox answering the CLI runs in this very process, whose event loop must keep turning.
    const run = async (args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> =>
      (
        await promisify(execFile)(
          process.execPath,
          ['-e', `require(${JSON.stringify(cli)}).main(process.argv.slice(1))`, ...args],
          { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' },
        )
      ).stdout;
    const lines = await run(['sandbox', 'env', '--data', info.dataDir]);
    await vscode.commands.executeCommand(CommandIds.sandboxCopyCliConnection);
    assert.equal(lines, await vscode.env.clipboard.readText(), 'the CLI prints what the command copies');
    assert.match(await run(['projects', 'list'], evaluated(lines)), /Coffee Shop/);
  });
});
