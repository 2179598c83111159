// The build, application, configuration, deployment, bot and environment-configuration commands of
// `cstudio` against a real sandbox over HTTP: output, --json, exit codes (1 for a failed build or a
// rejected request, 2 for usage errors) and the sandbox's --feature-off flag.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readZip } from '../../../src/core/package/zip';
import { parseSandboxFlags, SandboxFlagError } from '../../../src/sandbox/flags';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { cli, sandboxEnv } from '../helpers/cli';

let sb: TestSandbox;
let dir: string;
let owner: NodeJS.ProcessEnv;
let viewer: NodeJS.ProcessEnv;

before(async () => {
  sb = await startTestSandbox({ jobDurationMs: 40 });
  dir = await mkdtemp(join(tmpdir(), 'cstudio-cli-apps-'));
  owner = sandboxEnv(sb, sb.client('owner'));
  viewer = sandboxEnv(sb, sb.client('viewer'));
});
after(async () => {
  await sb.close();
  await rm(dir, { recursive: true, force: true });
});

describe('cstudio builds', () => {
  test('builds start waits with progress and prints the report per locale', async () => {
    const r = await cli(
      [
        'builds',
        'start',
        '1001',
        '--services',
        'NLU,ASR',
        '--locales',
        'en-US',
        '--notes',
        'from the CLI',
        '--model-type',
        'fast',
      ],
      { env: owner },
    );
    assert.equal(r.code, 0, r.stderr);
    // A progress line per status seen (the short job may already be done at the first poll).
    assert.match(r.stderr, /^Build of project 1001: (RUNNING|COMPLETED) \(\d+ s\)$/m);
    assert.match(r.stdout, /^Build job [0-9a-f-]+: COMPLETED/);
    assert.match(r.stdout, /NLU\s+en-US\s+COMPLETED\s+NLU_1001_2/);
    assert.match(r.stdout, /ASR\s+en-US\s+COMPLETED\s+ASR_1001_2/);
    const got = await cli(['builds', 'get', 'NLU_1001_2', '--json'], { env: viewer });
    const build = JSON.parse(got.stdout) as { notes: string; modelType: string };
    assert.deepEqual([build.notes, build.modelType], ['from the CLI', 'FAST']);
  });

  test('a failed NLU build prints the error of the locale and exits 1', async () => {
    const created = await cli(
      [
        'projects',
        'create',
        '--org',
        '1',
        '--name',
        'No samples',
        '--languages',
        'en-US',
        '--child-data',
        'NO',
        '--json',
      ],
      { env: owner },
    );
    const id = (JSON.parse(created.stdout) as { id: string }).id;
    const r = await cli(['builds', 'start', id, '--services', 'NLU'], { env: owner });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /FAILED/);
    assert.match(r.stdout, /NLU\s+en-US\s+FAILED\s+No samples for locale en-US/);
    const json = await cli(['builds', 'start', id, '--services', 'NLU', '--json'], { env: owner });
    assert.equal(json.code, 1);
    assert.equal((JSON.parse(json.stdout) as { report: Array<{ status: string }> }).report[0]?.status, 'FAILED');
    // --no-wait says how to follow the job (jobOutput.printStarted), and that command follows it to its end.
    const started = await cli(['builds', 'start', id, '--services', 'NLU', '--no-wait'], { env: owner });
    assert.equal(started.code, 0, started.stderr);
    const follow = /follow it with: cstudio (jobs watch \S+ \S+)\n$/.exec(started.stdout);
    assert.match(started.stdout, /^Started build job /);
    assert.ok(follow?.[1], started.stdout);
    const watched = await cli([...follow[1].split(' '), '--json'], { env: owner });
    assert.equal((JSON.parse(watched.stdout) as { status: string }).status, 'FAILED');
  });

  test('list, latest, get, download and delete', async () => {
    const list = await cli(['builds', 'list', '1001', '--type', 'NLU'], { env: viewer });
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /^LABEL\s+TYPE\s+STATUS/m);
    assert.match(list.stdout, /NLU_1001_1\s+NLU\s+BST_COMPLETED\s+en-US,fr-CA/);
    const latest = await cli(['builds', 'latest', '1001'], { env: viewer });
    assert.match(latest.stdout, /DIALOG\s+-\s+DIALOG_1001_1/);
    const get = await cli(['builds', 'get', 'DIALOG_1001_1'], { env: viewer });
    assert.match(get.stdout, /status\s+BST_COMPLETED/);
    const dl = await cli(['builds', 'download', 'NLU_1001_1', '-o', dir], { env: viewer });
    assert.equal(dl.code, 0, dl.stderr);
    assert.ok((await readZip(await readFile(join(dir, 'NLU_1001_1.zip')))).has('manifest.json'));

    assert.equal((await cli(['builds', 'start', '1002', '--services', 'DIALOG'], { env: owner })).code, 0);
    const refused = await cli(['builds', 'delete', 'DIALOG_1002_1'], { env: owner });
    assert.equal(refused.code, 2, 'no --yes and no terminal');
    assert.equal((await cli(['builds', 'delete', 'DIALOG_1002_1', '--yes'], { env: owner })).code, 0);
    const gone = await cli(['builds', 'get', 'DIALOG_1002_1'], { env: owner });
    assert.equal(gone.code, 1);
    assert.match(gone.stderr, /Build DIALOG_1002_1 not found/);
  });

  test('usage errors exit 2 before connecting; a Viewer gets exit 1 with the reason', async () => {
    assert.equal((await cli(['builds', 'start', '1001', '--services', 'TTS'], { env: owner })).code, 2);
    assert.equal((await cli(['builds', 'start'], { env: owner })).code, 2);
    const viewerBuild = await cli(['builds', 'start', '1001'], { env: viewer });
    assert.equal(viewerBuild.code, 1);
    assert.match(viewerBuild.stderr, /Viewer role/);
  });
});

describe('cstudio apps', () => {
  test('apps list and apps credentials', async () => {
    const list = await cli(['apps', 'list', '--org', '1'], { env: viewer });
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /501\s+Coffee Shop Assistant\s+Demo Coffee Co\.\s+801:coffee-main/);
    const noOrg = await cli(['apps', 'list'], { env: viewer });
    assert.equal(noOrg.code, 1);
    assert.match(noOrg.stderr, /orgId/);
    const creds = await cli(['apps', 'credentials', '501'], { env: viewer });
    assert.match(creds.stdout, /COFFEE-DEV\s+appID:COFFEE-DEV\s+default/);
    assert.match(creds.stdout, /appID:COFFEE-DEV:geo:us:clientName:log-reader\s+log-reader\s+log\s+Sandbox US \(301\)/);
  });
});

describe('cstudio configs, deploy and undeploy', () => {
  test('create from the latest builds, deploy, refuse an update while deployed, undeploy, update, override, download, delete', async () => {
    const created = await cli(
      [
        'configs',
        'create',
        '501',
        '--tag',
        'cli-tag',
        '--flow',
        '1',
        '--latest-from',
        '1001',
        '--build-types',
        'NLU,DIALOG',
        '--locales',
        'en-US',
        '--json',
      ],
      { env: owner },
    );
    assert.equal(created.code, 0, created.stderr);
    const id = (JSON.parse(created.stdout) as { id: string }).id;

    const deployed = await cli(['deploy', id, '--env-geo', '301'], { env: owner });
    assert.equal(deployed.code, 0, deployed.stderr);
    assert.match(deployed.stdout, new RegExp(`${id}\\s+301\\s+DEPLOYED`));
    assert.match(
      (await cli(['configs', 'get', id], { env: viewer })).stdout,
      /deployments\s+Sandbox US \(301\): DEPLOYED/,
    );
    assert.match(
      (await cli(['configs', 'list', '501', '--live'], { env: viewer })).stdout,
      new RegExp(`${id}\\s+cli-tag`),
    );

    const update = await cli(['configs', 'update', id, '--build', 'ASR_1001_1@en-US'], { env: owner });
    assert.equal(update.code, 1);
    assert.match(update.stderr, /only when it is not deployed/);

    const dl = await cli(['configs', 'download', id, '--app-id', 'COFFEE-DEV', '-o', join(dir, 'cfg.zip')], {
      env: viewer,
    });
    assert.equal(dl.code, 0, dl.stderr);
    assert.ok((await readZip(await readFile(join(dir, 'cfg.zip')))).has('app-config.json'));

    const undeployed = await cli(['undeploy', id], { env: owner });
    assert.match(undeployed.stdout, /App config undeployed\./);
    const updated = await cli(
      ['configs', 'update', id, '--build', 'ASR_1001_1@en-US', '--data-host', 'ORDER_API@301=https://cli.example/api'],
      { env: owner },
    );
    assert.equal(updated.code, 0, updated.stderr);
    assert.match(updated.stdout, /ASR_1001_1@en-US/);
    assert.match(updated.stdout, /ORDER_API@301=https:\/\/cli\.example\/api/);

    const override = await cli(['configs', 'override', id, '--latest'], { env: owner });
    assert.equal(override.code, 0, override.stderr);
    assert.match(override.stdout, new RegExp(`now overrides ${id}`));
    assert.equal((await cli(['configs', 'delete', id, '--yes'], { env: owner })).code, 0);
  });

  test('usage errors and rejected requests', async () => {
    assert.equal((await cli(['configs', 'create', '501', '--tag', 't'], { env: owner })).code, 2, '--flow missing');
    assert.equal(
      (await cli(['configs', 'create', '501', '--tag', 't', '--flow', '1', '--build', 'BOGUS'], { env: owner })).code,
      2,
    );
    assert.equal(
      (await cli(['configs', 'override', '801', '--build-types', 'NLU'], { env: owner })).code,
      2,
      '--build-types needs --latest',
    );
    assert.equal((await cli(['configs', 'update', '801'], { env: owner })).code, 2, 'nothing to update');
    const missing = await cli(['deploy', '7777'], { env: owner });
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /Application configuration 7777 not found/);
    const viewerDeploy = await cli(['deploy', '802', '--env-geo', '301'], { env: viewer });
    assert.equal(viewerDeploy.code, 1);
    assert.match(viewerDeploy.stderr, /Not allowed/);
  });
});

describe('cstudio bots', () => {
  test('list, credentials, configs and interface', async () => {
    const list = await cli(['bots', 'list', '1'], { env: viewer });
    assert.match(list.stdout, /501\s+Coffee Shop Assistant\s+801:coffee-main/);
    assert.doesNotMatch(list.stdout, /502/);
    assert.match((await cli(['bots', 'credentials', '501'], { env: viewer })).stdout, /appID:COFFEE-PROD/);
    assert.match((await cli(['bots', 'configs', '501'], { env: viewer })).stdout, /801\s+coffee-main/);
    const i = await cli(['bots', 'interface', '501', '801'], { env: viewer });
    assert.equal(i.code, 0, i.stderr);
    assert.match(i.stdout, /locales\s+en-US, fr-CA/);
    assert.match(i.stdout, /IVR channel \[AUDIO_SCRIPT DTMF TTS\]/);
    assert.match(i.stdout, /TRANSFER send_to_barista: sends customerName, orderTotal; receives orderStatus/);
    const json = JSON.parse((await cli(['bots', 'interface', '501', '801', '--json'], { env: viewer })).stdout) as {
      variables: unknown[];
    };
    assert.equal(json.variables.length, 4);
  });
});

describe('cstudio env-configs', () => {
  test('set, list and delete a project default and a geography value', async () => {
    assert.equal((await cli(['env-configs', 'set', '1001', 'https://grammars.example/'], { env: owner })).code, 0);
    assert.equal(
      (
        await cli(['env-configs', 'set', '1001', 'https://eu.example/', '--env', '2', '--env-geo', '303'], {
          env: owner,
        })
      ).code,
      0,
    );
    const list = await cli(['env-configs', 'list', '1001'], { env: viewer });
    assert.match(list.stdout, /project default\s+GRAMMAR_BASE_PATH\s+https:\/\/grammars\.example\//);
    assert.match(list.stdout, /Production \/ Production EU \(2\/303\)\s+GRAMMAR_BASE_PATH\s+https:\/\/eu\.example\//);
    assert.equal((await cli(['env-configs', 'delete', '1001'], { env: owner })).code, 0);
    assert.equal(
      (await cli(['env-configs', 'delete', '1001', '--env', '2', '--env-geo', '303'], { env: owner })).code,
      0,
    );
    assert.match(
      (await cli(['env-configs', 'list', '1001'], { env: viewer })).stdout,
      /No environment configuration values/,
    );
    assert.equal((await cli(['env-configs', 'set', '1001', 'x', '--env', '2'], { env: owner })).code, 2);
  });

  test('a platform without the feature: the command exits 1 saying so', async () => {
    const off = await startTestSandbox({ featuresOff: ['env-configs'] });
    try {
      const r = await cli(['env-configs', 'list', '1001'], { env: sandboxEnv(off, off.client('owner')) });
      assert.equal(r.code, 1);
      assert.match(r.stderr, /Environment configurations are not enabled on this platform/);
    } finally {
      await off.close();
    }
  });
});

describe('cstudio sandbox --feature-off', () => {
  test('the shared flag parser accepts known features (repeatable) and rejects unknown ones', () => {
    const inv = parseSandboxFlags(['--feature-off', 'env-configs', '--feature-off', 'app-config-update'], {}, '/tmp');
    assert.deepEqual(inv.options.featuresOff, ['env-configs', 'app-config-update']);
    assert.equal(parseSandboxFlags([], {}, '/tmp').options.featuresOff, undefined);
    assert.throws(
      () => parseSandboxFlags(['--feature-off', 'bots'], {}, '/tmp'),
      (e: unknown) => e instanceof SandboxFlagError && /unknown feature "bots"/.test(e.message),
    );
  });
});
