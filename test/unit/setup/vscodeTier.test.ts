// The VS Code tier's verdict when it cannot even start (issue 26): an install of code-server that fails must be
// reported as that, not as "UI check skipped: SKIP_UI=1" and "…SKIP_VSIX=1" the user never asked for. The tier
// (test/vscode/run.mjs) runs for real with an empty code-server cache whose npm cannot work (its cache is a file).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..', '..');
const SKIPPED_EXIT = 78;

test('an install error is reported as the cause, with no skips nobody asked for', async (t) => {
  const tmp = mkdtempSync(join(tmpdir(), 'cstudio-tier-'));
  try {
    writeFileSync(join(tmp, 'not-a-folder'), '');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      XDG_CACHE_HOME: join(tmp, 'cache'),
      npm_config_cache: join(tmp, 'not-a-folder'),
      SKIP_BUNDLE: '1',
    };
    for (const k of ['SKIP_UI', 'SKIP_VSIX', 'CSTUDIO_TEST_GREP']) delete env[k];
    const child = spawn(process.execPath, [join(root, 'test', 'vscode', 'run.mjs')], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    if (code === SKIPPED_EXIT) {
      t.skip('the tier is skipped on this machine (Debian packages missing)');
      return;
    }
    assert.equal(code, 1, out);
    assert.match(out, /FAILED while installing VS Code \(code-server/, out);
    assert.match(out, /npm install node@[\d.]+ failed/, out);
    assert.match(
      out,
      /^extension-host tier FAILED while installing VS Code.*\n0 passed, 1 failed \(the tests did not run\)$/m,
      out,
    );
    assert.doesNotMatch(out, /SKIP_UI=1|SKIP_VSIX=1/, 'no skip the user did not ask for');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
