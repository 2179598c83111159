// Running one UI check on its own (`node test/e2e/<name>.mjs`): build, ensure code-server and Chromium,
// copy the fixture workspace, start one code-server, run the check, clean up, exit with its verdict.
// test/vscode/run.mjs calls the checks directly on its own server; this is the by-hand entry they share.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureVscodeEnv, missingForUser } from '../../scripts/vscode-env.mjs';
import { skipMessage } from '../../scripts/prerequisites.mjs';
import { launchChromium, startCodeServer } from '../../scripts/code-server.mjs';

/** `check({server, browser, workspace, root, shotsDir})` resolves to `{ok}`; `label` names it in the verdict. */
export async function runStandalone(label, check) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const missing = missingForUser();
  if (missing.length > 0) {
    console.log(`${label}: ${skipMessage(missing)}`);
    process.exit(0);
  }
  if (spawnSync(process.execPath, [join(root, 'esbuild.mjs')], { cwd: root, stdio: 'inherit' }).status !== 0)
    process.exit(1);
  const env = await ensureVscodeEnv();
  const workspace = mkdtempSync(join(tmpdir(), 'cstudio-ws-'));
  cpSync(join(root, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
  const server = await startCodeServer({ env });
  let browser;
  let result = { ok: false };
  try {
    browser = await launchChromium(env.chromium, server);
    result = await check({ server, browser, workspace, root, shotsDir: join(root, '.screenshots') });
  } finally {
    await browser?.close().catch(() => undefined);
    server.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
  console.log(`${label} ${result.ok ? 'passed' : 'FAILED'}`);
  process.exit(result.ok ? 0 : 1);
}
