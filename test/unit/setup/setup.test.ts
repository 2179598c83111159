// The set-up a newcomer meets: `npm install` on the Node the README names without engine warnings, README images
// that exist in the repository and come from the UI checks, and the VS Code tier's message when Debian packages
// are missing (the exact apt-get line, never a stack trace).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..', '..');
const readJson = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
interface Semver { satisfies(version: string, range: string): boolean; minVersion(range: string): { version: string } | null }
// npm's own range semantics (semver is installed with npm's dependencies of this repo's dev tools).
const semver = createRequire(join(root, 'package.json'))('semver') as Semver;

describe('set-up', () => {
  test('engines.node is one that every dependency and dev dependency accepts', () => {
    const manifest = readJson(join(root, 'package.json'));
    const range = (manifest.engines as { node: string }).node;
    const floor = semver.minVersion(range)?.version ?? '';
    assert.ok(semver.satisfies(process.version, range), `this Node (${process.version}) is outside engines.node ${range}`);
    const names = Object.keys({ ...(manifest.dependencies as object), ...(manifest.devDependencies as object) });
    const refused = names.flatMap((name) => {
      const dep = readJson(join(root, 'node_modules', name, 'package.json'));
      const wants = (dep.engines as { node?: string } | undefined)?.node;
      return wants && !semver.satisfies(floor, wants) ? [`${name}@${String(dep.version)} wants Node ${wants}`] : [];
    });
    assert.deepEqual(refused, [], `engines.node ${range} starts at ${floor}, which these refuse`);
  });

  test('every README image is in the repository (not git-ignored) and is taken by a UI check', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const images = [...readme.matchAll(/<img src="([^"]+)"|!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1] ?? m[2] ?? '');
    assert.ok(images.length >= 5, images.join(', '));
    const checks = ['test/e2e', 'test/vscode'].flatMap((dir) => readdirSync(join(root, dir)).filter((f) => f.endsWith('.mjs')).map((f) => readFileSync(join(root, dir, f), 'utf8'))).join('\n');
    for (const image of images) {
      assert.match(image, /^docs\/images\/[\w-]+\.png$/, `${image}: README images live in docs/images/`);
      assert.ok(existsSync(join(root, image)), `${image} is missing`);
      assert.equal(execFileSync('git', ['ls-files', image], { cwd: root, encoding: 'utf8' }).trim(), image, `${image} is not tracked by git`);
      const name = image.slice('docs/images/'.length);
      assert.ok(checks.includes(`'${name}'`), `no UI check takes ${name} (test/e2e/*.mjs, test/vscode/*.mjs)`);
    }
  });

  test('without the Debian packages the VS Code tier is skipped with the exact apt-get line', () => {
    const prerequisites = createRequire(join(root, 'package.json'))(join(root, 'scripts', 'prerequisites.mjs')) as {
      missingPackages(probe: Record<string, (x?: string) => boolean>): string[];
      skipMessage(missing: string[]): string;
    };
    const nothing = { chromium: () => false, codeServerInstalled: () => false, file: () => false, command: () => false };
    const missing = prerequisites.missingPackages(nothing);
    assert.deepEqual(missing, ['chromium', 'libkrb5-dev', 'build-essential', 'pkg-config']);
    const message = prerequisites.skipMessage(missing);
    assert.match(message, /SKIPPED/);
    assert.ok(message.includes('sudo apt-get install -y chromium libkrb5-dev build-essential pkg-config'), message);
    // Once code-server is in the cache only the browser is needed.
    assert.deepEqual(prerequisites.missingPackages({ ...nothing, codeServerInstalled: () => true }), ['chromium']);
    assert.deepEqual(prerequisites.missingPackages({ chromium: () => true, codeServerInstalled: () => true, file: () => false, command: () => false }), []);
  });

  test('npm start opens a folder outside the git clone, without the test fixtures', () => {
    const { startWorkspaceFolder } = createRequire(join(root, 'package.json'))(join(root, 'scripts', 'startWorkspace.mjs')) as { startWorkspaceFolder(env: NodeJS.ProcessEnv): string };
    const cache = mkdtempSync(join(tmpdir(), 'cstudio-cache-'));
    try {
      const folder = startWorkspaceFolder({ XDG_CACHE_HOME: cache });
      assert.ok(relative(root, folder).startsWith('..'), `${folder} is inside the clone ${root}`);
      assert.throws(() => execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: folder, stdio: 'pipe' }), 'the folder is in no git work tree');
      assert.deepEqual(readdirSync(folder), ['README.md'], 'it starts empty but for a README: the walkthrough pulls the demo project into it');
      assert.equal(startWorkspaceFolder({ XDG_CACHE_HOME: cache }), folder, 'the same folder every time');
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
