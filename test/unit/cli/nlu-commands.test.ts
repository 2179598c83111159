// `cstudio entities|intents|samples|ontology …` against a real sandbox over HTTP: output, --json, files
// written, jobs waited for (or not), confirmations and exit codes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readZip, writeZip } from '../../../src/core/package/zip';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { cli, sandboxEnv } from '../helpers/cli';

let sb: TestSandbox;
let dir: string;
let owner: NodeJS.ProcessEnv;
let ps: NodeJS.ProcessEnv;
let viewer: NodeJS.ProcessEnv;

before(async () => {
  sb = await startTestSandbox();
  dir = await mkdtemp(join(tmpdir(), 'cstudio-cli-nlu-'));
  owner = sandboxEnv(sb, sb.client('owner'));
  ps = sandboxEnv(sb, sb.client('ps'));
  viewer = sandboxEnv(sb, sb.client('viewer'));
});
after(async () => {
  await sb.close();
  await rm(dir, { recursive: true, force: true });
});

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

describe('cstudio entities', () => {
  test('list, get (human and --json), and usage errors exit 2', async () => {
    const list = await cli(['entities', 'list', '1001'], { env: viewer });
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /^NAME\s+KIND\s+DATA TYPE\s+DETAILS/m);
    assert.match(list.stdout, /^ORDER_NUMBER\s+REGEX\s+ALPHANUM\s+\[A-Z\]\{2\}\[0-9\]\{4\}$/m);
    const regex = JSON.parse(
      (await cli(['entities', 'list', '1001', '--type', 'regex', '--json'], { env: owner })).stdout,
    ) as Array<{ name: string }>;
    assert.deepEqual(
      regex.map((e) => e.name),
      ['ORDER_NUMBER'],
    );
    const get = await cli(['entities', 'get', '1001', 'COFFEE_SIZE'], { env: owner });
    assert.match(get.stdout, /^kind\s+LIST$/m);
    assert.match(get.stdout, /fr-CA\s+S ← petit; M ← moyen; L ← grand/);
    assert.equal((await cli(['entities', 'list', '1001', '--type', 'shape'], { env: owner })).code, 2);
    const missing = await cli(['entities', 'get', '1001', 'NOPE'], { env: owner });
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /Entity "NOPE" not found in project 1001/);
  });

  test('create every kind, update, rename, change-type (confirmed) and delete (confirmed)', async () => {
    const run = (...args: string[]): ReturnType<typeof cli> => cli(['entities', ...args], { env: owner });
    assert.equal((await run('create', '1002', 'SEAT', '--type', 'list', '--sensitive', 'true')).code, 0);
    assert.equal((await run('create', '1002', 'NOTE', '--type', 'freeform')).code, 0);
    assert.equal((await run('create', '1002', 'PNR', '--type', 'regex', '--pattern', '[A-Z0-9]{6}')).code, 0);
    assert.equal((await run('create', '1002', 'WHEN', '--type', 'rule-based')).code, 0);
    const rel = await run(
      'create',
      '1002',
      'TRIP',
      '--type',
      'relational',
      '--has-a',
      'SEAT',
      '--has-a',
      'PNR',
      '--json',
    );
    assert.deepEqual((JSON.parse(rel.stdout) as { hasA: { entities: string[] } }).hasA.entities, ['SEAT', 'PNR']);
    assert.equal((await run('create', '1002', 'BAD', '--type', 'regex')).code, 2);
    const bad = await run('create', '1002', 'BAD', '--type', 'regex', '--pattern', '([');
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /not a valid regular expression/);
    const updated = await run('update', '1002', 'SEAT', '--canonicalize', 'false', '--json');
    assert.deepEqual((JSON.parse(updated.stdout) as { settings: object }).settings, {
      isSensitive: true,
      canonicalize: false,
    });
    assert.match((await run('rename', '1002', 'NOTE', 'MEMO')).stdout, /Entity "NOTE" is now "MEMO"/);
    assert.equal(
      (await run('change-type', '1002', 'MEMO', '--to', 'regex', '--pattern', '.+')).code,
      2,
      'needs --yes when stdin is not interactive',
    );
    const changed = await cli(['entities', 'change-type', '1002', 'MEMO', '--to', 'regex', '--pattern', '.+'], {
      env: owner,
      answers: ['y'],
    });
    assert.match(changed.stdout, /is now a REGEX entity/);
    const refused = await cli(['entities', 'delete', '1002', 'MEMO'], { env: owner, answers: ['memo'] });
    assert.equal(refused.code, 130);
    const deleted = await cli(['entities', 'delete', '1002', 'MEMO'], { env: owner, answers: ['MEMO'] });
    assert.match(deleted.stdout, /Deleted entity "MEMO"/);
    assert.equal((await run('delete', '1002', 'TRIP', '--yes')).code, 0);
  });

  test('export-literals into a folder, append-literals waits for the job, replace-literals needs confirmation', async () => {
    const out = join(dir, 'literals');
    await cli(['entities', 'create', '1002', 'CITY', '--type', 'list'], { env: owner });
    const append = await cli(
      [
        'entities',
        'append-literals',
        '1002',
        'CITY',
        await file('cities.nmlist', 'Paris|CDG\nLyon|LYS\n'),
        '--locale',
        'en-US',
      ],
      { env: owner },
    );
    assert.equal(append.code, 0, append.stderr);
    assert.match(append.stderr, /APPEND_LITERALS: RUNNING/);
    assert.match(append.stdout, /^status\s+COMPLETED$/m);
    await mkdir(out);
    const exported = await cli(['entities', 'export-literals', '1002', 'CITY', '-o', out], { env: owner });
    assert.equal(exported.code, 0, exported.stderr);
    const [zipName] = await readdir(out);
    assert.match(zipName ?? '', /^1002-Travel Desk-CITY-entity-literals-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.zip$/);
    const zip = await readZip(await readFile(join(out, zipName ?? '')));
    assert.match(text(zip.get('en-US.trsx') ?? new Uint8Array()), /<entry literal="Lyon" value="LYS"\/>/);
    const replaceArgs = [
      'entities',
      'replace-literals',
      '1002',
      'CITY',
      await file('cities.list', 'Nice\n'),
      '--locale',
      'en-US',
    ];
    assert.equal((await cli(replaceArgs, { env: owner })).code, 2);
    const noWait = await cli([...replaceArgs, '--yes', '--no-wait', '--json'], { env: owner });
    const job = JSON.parse(noWait.stdout) as { id: string; status: string; type: string };
    assert.deepEqual([job.status, job.type], ['RUNNING', 'REPLACE_LITERALS']);
    assert.equal((await cli(['jobs', 'watch', '1002', job.id], { env: owner })).code, 0);
    assert.match((await cli(['entities', 'get', '1002', 'CITY'], { env: owner })).stdout, /en-US\s+Nice ← Nice$/m);
    const missingLocale = await cli(['entities', 'append-literals', '1002', 'CITY', await file('x.list', 'x\n')], {
      env: owner,
    });
    assert.equal(missingLocale.code, 2);
    assert.match(missingLocale.stderr, /--locale is required/);
  });

  test('export-grammars and replace-grammars for professional services; 403 for regular users', async () => {
    const denied = await cli(['entities', 'export-grammars', '1001', 'PICKUP_TIME', '-o', dir], { env: owner });
    assert.equal(denied.code, 1);
    assert.match(denied.stderr, /restricted to professional-services users/);
    const exported = await cli(['entities', 'export-grammars', '1001', 'PICKUP_TIME', '-o', dir, '--json'], {
      env: ps,
    });
    const saved = JSON.parse(exported.stdout) as { file: string };
    assert.match(saved.file, /1001_PICKUP_TIME_grammars\.zip$/);
    const zip = await readZip(await readFile(saved.file));
    const en = text(zip.get('en-US/PICKUP_TIME.grxml') ?? new Uint8Array()).replace('right now', 'right away');
    const zipFile = join(dir, 'grammars.zip');
    await writeFile(zipFile, await writeZip(new Map([['en-US/PICKUP_TIME.grxml', Buffer.from(en)]])));
    const replaced = await cli(['entities', 'replace-grammars', '1001', 'PICKUP_TIME', zipFile, '--yes'], { env: ps });
    assert.match(replaced.stdout, /Replaced the grammars of entity "PICKUP_TIME" for en-US/);
  });
});

describe('cstudio intents', () => {
  test('list, get, create, rename and delete (confirmed)', async () => {
    assert.match((await cli(['intents', 'list', '1001'], { env: viewer })).stdout, /^CHECK_ORDER\s+ORDER_NUMBER$/m);
    assert.match(
      (await cli(['intents', 'get', '1001', 'ORDER_COFFEE'], { env: owner })).stdout,
      /^entities\s+COFFEE_TYPE, COFFEE_SIZE/m,
    );
    assert.match(
      (await cli(['intents', 'create', '1002', 'CHANGE_SEAT'], { env: owner })).stdout,
      /Created intent "CHANGE_SEAT"/,
    );
    assert.match(
      (await cli(['intents', 'rename', '1002', 'CHANGE_SEAT', 'MOVE SEAT/ç'], { env: owner })).stdout,
      /is now "MOVE SEAT\/ç"/,
    );
    assert.equal((await cli(['intents', 'delete', '1002', 'MOVE SEAT/ç'], { env: owner })).code, 2);
    assert.equal((await cli(['intents', 'delete', '1002', 'MOVE SEAT/ç', '--yes'], { env: owner })).code, 0);
    const viewerCreate = await cli(['intents', 'create', '1002', 'X'], { env: viewer });
    assert.equal(viewerCreate.code, 1);
    assert.match(viewerCreate.stderr, /Viewer role/);
  });
});

describe('cstudio samples', () => {
  test('append a .txt (counts), export to a file, replace from the edited export', async () => {
    const append = await cli(
      [
        'samples',
        'append',
        '1002',
        'FLIGHT_STATUS',
        await file('s.txt', 'is my flight late\nis my flight late\n'),
        '--locale',
        'en-US',
        '--json',
      ],
      { env: owner },
    );
    assert.equal(append.code, 0, append.stderr);
    assert.equal(
      (JSON.parse(append.stdout) as { report: { samplesReports: { reports: Array<{ added: number }> } } }).report
        .samplesReports.reports[0]?.added,
      1,
    );
    const zipPath = join(dir, 'samples.zip');
    assert.equal((await cli(['samples', 'export', '1002', 'FLIGHT_STATUS', '-o', zipPath], { env: viewer })).code, 0);
    const exported = text((await readZip(await readFile(zipPath))).get('en-US.trsx') ?? new Uint8Array());
    assert.match(exported, /count="2">is my flight late</);
    const edited = exported.replace('count="2">is my flight late<', 'count="2">is my flight on time<');
    const replaced = await cli(
      ['samples', 'replace', '1002', 'FLIGHT_STATUS', await file('en-US.trsx', edited), '--locale', 'en-US'],
      { env: owner, answers: ['yes'] },
    );
    assert.equal(replaced.code, 0, replaced.stderr);
    assert.equal((await cli(['samples', 'export', '1002', 'FLIGHT_STATUS', '-o', zipPath], { env: owner })).code, 0);
    assert.equal(text((await readZip(await readFile(zipPath))).get('en-US.trsx') ?? new Uint8Array()), edited);
    const bad = await cli(
      [
        'samples',
        'append',
        '1002',
        'FLIGHT_STATUS',
        await file('bad.txt', `${'y'.repeat(600)}\n`),
        '--locale',
        'en-US',
      ],
      { env: owner },
    );
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /LIST009/);
  });
});

describe('cstudio ontology', () => {
  test('export, append into another project, entity-types', async () => {
    const zipPath = join(dir, 'ontology.zip');
    assert.equal(
      (await cli(['ontology', 'export', '1001', '-o', zipPath, '--locales', 'en-US'], { env: owner })).code,
      0,
    );
    assert.deepEqual([...(await readZip(await readFile(zipPath))).keys()], ['en-US/en-US.trsx']);
    const created = JSON.parse(
      (
        await cli(
          [
            'projects',
            'create',
            '--org',
            '1',
            '--name',
            'Copy',
            '--languages',
            'en-US',
            '--child-data',
            'NO',
            '--json',
          ],
          { env: owner },
        )
      ).stdout,
    ) as { id: string };
    const append = await cli(['ontology', 'append', created.id, zipPath], { env: owner });
    assert.equal(append.code, 0, append.stderr);
    assert.match(append.stderr, /APPEND_ONTOLOGY: RUNNING/);
    assert.match((await cli(['intents', 'list', created.id], { env: owner })).stdout, /ORDER_COFFEE/);
    const types = await cli(['ontology', 'entity-types'], { env: viewer });
    assert.match(types.stdout, /^RULE_BASED\s+NOT_SET,ALPHANUM/m);
  });
});

async function file(name: string, content: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}
