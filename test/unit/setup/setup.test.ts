// The set-up a newcomer meets: `npm install` on the Node the README names without engine warnings, README images
// that exist in the repository and come from the UI checks, and the VS Code tier's message when Debian packages
// are missing (the exact apt-get line, never a stack trace).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..', '..');
const readJson = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
interface Semver {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
}
// npm's own range semantics (semver is installed with npm's dependencies of this repo's dev tools).
const semver = createRequire(join(root, 'package.json'))('semver') as Semver;

describe('set-up', () => {
  test('engines.node is one that every dependency and dev dependency accepts', () => {
    const manifest = readJson(join(root, 'package.json'));
    const range = (manifest.engines as { node: string }).node;
    const floor = semver.minVersion(range)?.version ?? '';
    assert.ok(
      semver.satisfies(process.version, range),
      `this Node (${process.version}) is outside engines.node ${range}`,
    );
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
    const checks = ['test/e2e', 'test/vscode']
      .flatMap((dir) =>
        readdirSync(join(root, dir))
          .filter((f) => f.endsWith('.mjs'))
          .map((f) => readFileSync(join(root, dir, f), 'utf8')),
      )
      .join('\n');
    for (const image of images) {
      assert.match(image, /^docs\/images\/[\w-]+\.png$/, `${image}: README images live in docs/images/`);
      assert.ok(existsSync(join(root, image)), `${image} is missing`);
      assert.equal(
        execFileSync('git', ['ls-files', image], { cwd: root, encoding: 'utf8' }).trim(),
        image,
        `${image} is not tracked by git`,
      );
      const name = image.slice('docs/images/'.length);
      assert.ok(checks.includes(`'${name}'`), `no UI check takes ${name} (test/e2e/*.mjs, test/vscode/*.mjs)`);
    }
  });

  test('without the Debian packages the VS Code tier is skipped with the exact apt-get line', () => {
    const prerequisites = createRequire(join(root, 'package.json'))(join(root, 'scripts', 'prerequisites.mjs')) as {
      missingPackages(probe: Record<string, (x?: string) => boolean>): string[];
      skipMessage(missing: string[], options?: { root?: boolean }): string;
    };
    const nothing = {
      chromium: () => false,
      codeServerInstalled: () => false,
      file: () => false,
      command: () => false,
    };
    const missing = prerequisites.missingPackages(nothing);
    assert.deepEqual(missing, ['chromium', 'libkrb5-dev', 'build-essential', 'pkg-config']);
    const message = prerequisites.skipMessage(missing, { root: false });
    assert.match(message, /SKIPPED/);
    assert.ok(message.includes('sudo apt-get install -y chromium libkrb5-dev build-essential pkg-config'), message);
    // Root is told the line without sudo, and how to let npm test run it: nothing is installed without that yes.
    const asRoot = prerequisites.skipMessage(missing, { root: true });
    assert.match(asRoot, /^ {4}apt-get install -y chromium libkrb5-dev build-essential pkg-config$/m, asRoot);
    assert.match(asRoot, /CSTUDIO_INSTALL_PACKAGES=1 npm test/, asRoot);
    // Once code-server is in the cache only the browser is needed.
    assert.deepEqual(prerequisites.missingPackages({ ...nothing, codeServerInstalled: () => true }), ['chromium']);
    assert.deepEqual(
      prerequisites.missingPackages({
        chromium: () => true,
        codeServerInstalled: () => true,
        file: () => false,
        command: () => false,
      }),
      [],
    );
  });

  test('Debian packages are installed only with a yes: CSTUDIO_INSTALL_PACKAGES=1 or CI', () => {
    const { installConsent } = createRequire(join(root, 'package.json'))(
      join(root, 'scripts', 'prerequisites.mjs'),
    ) as { installConsent(env: NodeJS.ProcessEnv): boolean };
    assert.equal(installConsent({}), false);
    assert.equal(installConsent({ CSTUDIO_INSTALL_PACKAGES: '0', CI: '' }), false);
    assert.equal(installConsent({ CI: 'false' }), false);
    assert.equal(installConsent({ CSTUDIO_INSTALL_PACKAGES: '1' }), true);
    assert.equal(installConsent({ CI: 'true' }), true);
  });

  test('a nested npm install sees none of the outer npm: its Node names itself to the package scripts', async () => {
    // The bug: code-server's postinstall read the Node version from npm_config_user_agent, which the outer npm
    // (on Node 20) had set, and refused the Node 24 it was being installed for. A package whose postinstall records
    // what it sees, installed the way scripts/vscode-env.mjs installs code-server, under a forged outer npm.
    const { cleanInstallEnv, npmInstall } = createRequire(join(root, 'package.json'))(
      join(root, 'scripts', 'npmInstallEnv.mjs'),
    ) as {
      cleanInstallEnv(env: NodeJS.ProcessEnv, nodeDir: string, extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
      npmInstall(
        cwd: string,
        spec: string,
        o: { nodeBin: string; env: NodeJS.ProcessEnv; logFile: string; log: (m: string) => void },
      ): Promise<void>;
    };
    const tmp = mkdtempSync(join(tmpdir(), 'cstudio-npm-env-'));
    try {
      const pkg = join(tmp, 'package');
      mkdirSync(pkg);
      writeFileSync(
        join(pkg, 'package.json'),
        JSON.stringify({ name: 'probe', version: '1.0.0', scripts: { postinstall: 'node probe.js' } }),
      );
      writeFileSync(
        join(pkg, 'probe.js'),
        `require('fs').writeFileSync(${JSON.stringify(join(tmp, 'seen.json'))}, JSON.stringify({ version: process.version, env: process.env }));`,
      );
      execFileSync('tar', ['czf', join(tmp, 'probe.tgz'), '-C', tmp, 'package']);
      const outer: NodeJS.ProcessEnv = {
        ...process.env,
        npm_config_user_agent: 'npm/10.0.0 node/v20.0.0 linux x64 workspaces/false',
        npm_config_local_prefix: root,
        npm_package_name: 'conversational-studio',
        npm_lifecycle_event: 'test',
        NODE: '/nowhere/node',
        INIT_CWD: root,
        npm_config_cache: join(tmp, 'npm-cache'),
        PATH: [
          join(root, 'node_modules', '.bin'),
          '/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin',
          process.env.PATH,
        ].join(':'),
      };
      const nodeDir = dirname(dirname(process.execPath));
      const env = cleanInstallEnv(outer, nodeDir);
      assert.equal(
        env.npm_config_cache,
        join(tmp, 'npm-cache'),
        "the user's cache choice is kept (an empty cache stays empty)",
      );
      await npmInstall(join(tmp, 'install'), join(tmp, 'probe.tgz'), {
        nodeBin: process.execPath,
        env,
        logFile: join(tmp, 'install.log'),
        log: () => undefined,
      });
      const seen = JSON.parse(readFileSync(join(tmp, 'seen.json'), 'utf8')) as {
        version: string;
        env: NodeJS.ProcessEnv;
      };
      assert.equal(seen.version, process.version);
      assert.match(
        seen.env.npm_config_user_agent ?? '',
        new RegExp(`node/${process.version.replace(/\./g, '\\.')} `),
        'the user agent names the Node that runs the install',
      );
      assert.equal(seen.env.npm_package_name, 'probe', 'npm_package_* describe the package being installed, not ours');
      assert.notEqual(seen.env.npm_config_local_prefix, root);
      assert.notEqual(seen.env.INIT_CWD, root);
      assert.ok(!(seen.env.PATH ?? '').split(':').includes(join(root, 'node_modules', '.bin')), seen.env.PATH);
      assert.equal(
        (seen.env.PATH ?? '').split(':').find((p) => !p.includes('node_modules')),
        join(nodeDir, 'bin'),
        'the target Node is first on PATH',
      );
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  test('npm start opens a folder outside the git clone, without the test fixtures', () => {
    const { startWorkspaceFolder } = createRequire(join(root, 'package.json'))(
      join(root, 'scripts', 'startWorkspace.mjs'),
    ) as { startWorkspaceFolder(env: NodeJS.ProcessEnv): string };
    const cache = mkdtempSync(join(tmpdir(), 'cstudio-cache-'));
    try {
      const folder = startWorkspaceFolder({ XDG_CACHE_HOME: cache });
      assert.ok(relative(root, folder).startsWith('..'), `${folder} is inside the clone ${root}`);
      assert.throws(
        () => execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: folder, stdio: 'pipe' }),
        'the folder is in no git work tree',
      );
      assert.deepEqual(
        readdirSync(folder),
        ['README.md'],
        'it starts empty but for a README: the walkthrough pulls the demo project into it',
      );
      assert.equal(startWorkspaceFolder({ XDG_CACHE_HOME: cache }), folder, 'the same folder every time');
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
