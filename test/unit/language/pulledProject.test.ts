// A freshly pulled demo project, as the editor and `cstudio validate DIR` see it (issue 13, "first use without
// false alarms"): the owner's export has no restricted files, so the rule-based concept PICKUP_TIME's grammar is
// absent by design — said once per file as information naming the restriction, never as an error with a fix
// that cannot help. A folder whose pull DID see grammars still reports a deleted grammar as an error.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DiagnosticsEngine } from '../../../src/core/language/diagnosticsEngine';
import { nodeFileSystem } from '../../../src/core/language/fileSystem';
import type { PlatformClient } from '../../../src/core/platform/client';
import { pull } from '../../../src/core/sync/pull';
import { cli } from '../helpers/cli';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor } from '../platform/support';
import { tempDir } from '../sync/support';

let sbx: TestSandbox;
let owner: PlatformClient;
let ps: PlatformClient;
let ownerDir: { dir: string; cleanup: () => Promise<void> };
let psDir: { dir: string; cleanup: () => Promise<void> };

before(async () => {
  sbx = await startTestSandbox();
  owner = clientFor(sbx, 'owner');
  ps = clientFor(sbx, 'ps');
  ownerDir = await tempDir();
  psDir = await tempDir();
  await pull(owner, ownerDir.dir, '1001');
  await pull(ps, psDir.dir, '1001');
});
after(async () => {
  await owner.close();
  await ps.close();
  await sbx.close();
  await ownerDir.cleanup();
  await psDir.cleanup();
});

function diagnosticsOf(path: string): Array<{ code: string; severity: string; message: string }> {
  const engine = new DiagnosticsEngine(nodeFileSystem);
  engine.open(path, 'trsx', 1, readFileSync(path, 'utf8'), path);
  return engine.diagnostics(path)?.diagnostics ?? [];
}

describe('a freshly pulled project in the editor and in cstudio validate', () => {
  test("the owner's pull: the withheld grammar is one info naming the restriction, with no fix offered", () => {
    for (const locale of ['en-US', 'fr-CA']) {
      const found = diagnosticsOf(join(ownerDir.dir, locale, `${locale}.trsx`));
      assert.deepEqual(
        found.filter((d) => d.severity === 'error'),
        [],
        `${locale}: no errors`,
      );
      const restricted = found.filter((d) => d.code === 'PRJ009');
      assert.equal(restricted.length, 1, `${locale}: said once`);
      assert.equal(restricted[0]?.severity, 'info');
      assert.match(
        restricted[0]?.message ?? '',
        /'PICKUP_TIME' \(grammars\/PICKUP_TIME\.grxml\).*restricted files.*professional-services/,
      );
      assert.doesNotMatch(restricted[0]?.message ?? '', /pull/i, 'no false fix');
      assert.equal(found.filter((d) => d.code === 'PRJ004').length, 0);
    }
  });

  test("cstudio validate DIR reports no error on the owner's pull, and the same info as the editor", async () => {
    const r = await cli(['validate', ownerDir.dir], { cwd: ownerDir.dir });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.deepEqual(
      lines.filter((l) => / (error|warning) /.test(l)),
      [],
    );
    assert.deepEqual(
      lines
        .filter((l) => l.includes('PRJ009'))
        .map((l) => l.split(':')[0])
        .sort(),
      ['en-US/en-US.trsx', 'fr-CA/fr-CA.trsx'],
    );
    assert.match(lines.at(-1) ?? '', /^3 files checked: 0 errors, 0 warnings, 2 infos\.$/);
  });

  test('a pull that saw the grammars: the grammars are checked, and a deleted one is an error', async () => {
    const clean = await cli(['validate', psDir.dir, '--json'], { cwd: psDir.dir });
    assert.equal(clean.code, 0, clean.stdout + clean.stderr);
    assert.deepEqual(JSON.parse(clean.stdout) as unknown[], [], 'the grammar files are checked too and are clean');
    await rm(join(psDir.dir, 'en-US', 'grammars', 'PICKUP_TIME.grxml'));
    const r = await cli(['validate', '.'], { cwd: psDir.dir });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(
      r.stdout,
      /^en-US\/en-US\.trsx:\d+:\d+: error PRJ004: The grammar of rule-based concept 'PICKUP_TIME' is missing/m,
    );
    assert.doesNotMatch(r.stdout, /PRJ009/);
  });

  test('a folder that is not a project is a usage problem naming the fix', async () => {
    const r = await cli(['validate', join(ownerDir.dir, 'en-US')]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /is not a project folder \(no metadata\.json at its root\); pull a project into it/);
  });
});
