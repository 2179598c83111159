// `cstudio test nlu --tag` through a sandbox deployment over real HTTP: the HWU64-10 training pushed as a project's
// en-US TRSX, built (NLU), deployed under a context tag; the run through the runtime API gives the same report as
// the local run on the same TRSX. Also: 429s with Retry-After are waited out, and a run stopped half-way resumes
// from the answers it journaled.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTrsx } from '../../../src/core/formats/trsx/build';
import { emptyTrsxDocument } from '../../../src/core/formats/trsx/model';
import { readCsvTestSet } from '../../../src/core/nlu/evaluation/csvTestSet';
import type { EvaluationReport } from '../../../src/core/nlu/evaluation/evaluationReport';
import { readZip, writeZip } from '../../../src/core/package/zip';
import { cli, sandboxEnv } from '../helpers/cli';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { corpusFile } from '../formats/lists/corpus';

const TAG = 'hwu-eval';
const train = corpusFile('nlu', 'hwu64-10', 'train.csv');
const testSet = corpusFile('nlu', 'hwu64-10', 'test.csv');

let sb: TestSandbox;
let dir: string;
let runtimeEnv: NodeJS.ProcessEnv;

/** HWU64-10's train.csv as a TRSX document (one intent per label, the samples in file order). */
async function hwuTrsx(csv: string): Promise<string> {
  const set = readCsvTestSet(await readFile(csv, 'utf8'), csv, 'train.csv');
  const doc = emptyTrsxDocument('eng-USA');
  doc.version = '2.6';
  doc.intents = [...new Set(set.utterances.map((u) => u.intent))].map((name) => ({ name, links: [] }));
  doc.samples = set.utterances.map((u) => ({ intentref: u.intent, count: 1, content: [u.text] }));
  return buildTrsx(doc);
}

async function ok(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const r = await cli(args, { env, cwd: dir });
  assert.equal(r.code, 0, `cstudio ${args.join(' ')}:\n${r.stderr}`);
  return r.stdout;
}

before(async () => {
  if (!train || !testSet) return;
  sb = await startTestSandbox();
  dir = await mkdtemp(join(tmpdir(), 'nlu-eval-runtime-'));
  const env = sandboxEnv(sb, sb.client('owner'));
  await writeFile(join(dir, 'hwu.trsx'), await hwuTrsx(train));
  await ok(['projects', 'export', '1001', '-o', join(dir, 'coffee.zip')], env);
  const files = await readZip(await readFile(join(dir, 'coffee.zip')));
  files.set('en-US/en-US.trsx', await readFile(join(dir, 'hwu.trsx')));
  await writeFile(join(dir, 'hwu.zip'), await writeZip(files));
  await ok(['projects', 'replace', '1001', join(dir, 'hwu.zip'), '--yes'], env);
  const built = JSON.parse(
    await ok(['builds', 'start', '1001', '--services', 'NLU', '--locales', 'en-US', '--json'], env),
  ) as { job: { report: { nluBuildReports: { reports: Array<{ buildLabel: string }> } } } };
  const label = built.job.report.nluBuildReports.reports[0]?.buildLabel ?? '';
  const config = JSON.parse(
    await ok(['configs', 'create', '501', '--tag', TAG, '--flow', '1', '--build', `${label}@en-US`, '--json'], env),
  ) as { id: string };
  await ok(['deploy', config.id, '--env-geo', '301'], env);
  const client = sb.sandbox.runtimeClients.find((c) => c.clientId === 'appID:COFFEE-DEV');
  assert.ok(client, 'the sandbox has the COFFEE-DEV runtime client');
  runtimeEnv = {
    CSTUDIO_NLU_URL: sb.sandbox.nluUrl,
    CSTUDIO_AUTH_URL: sb.authUrl,
    CSTUDIO_RUNTIME_CLIENT_ID: client.clientId,
    CSTUDIO_RUNTIME_CLIENT_SECRET: client.clientSecret,
  };
});

after(async () => {
  await sb?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The report without what names the model: what must be equal between two runs of one model. */
function figures(r: EvaluationReport): Omit<EvaluationReport, 'model' | 'sets'> {
  const { model: _model, sets: _sets, ...rest } = r;
  return rest;
}

describe('test nlu through a sandbox deployment', () => {
  test('HWU64-10: the run through the runtime API gives the same report as the local run', async (t) => {
    if (!train || !testSet) {
      t.skip('corpus nlu/hwu64-10 not found at <repo>/../shared/corpus (or CSTUDIO_CORPUS)');
      return;
    }
    await ok(['test', 'nlu', join(dir, 'hwu.trsx'), '--set', testSet, '--out', join(dir, 'local')], {});
    const remote = await cli(
      ['test', 'nlu', '--tag', TAG, '--set', testSet, '--out', join(dir, 'remote'), '--concurrency', '4'],
      { env: runtimeEnv, cwd: dir },
    );
    assert.equal(remote.code, 0, remote.stderr);
    assert.match(remote.stderr, /Interpreting: 1076\/1076 \(100%\)/);
    const local = JSON.parse(await readFile(join(dir, 'local', 'report.json'), 'utf8')) as EvaluationReport;
    const viaRuntime = JSON.parse(await readFile(join(dir, 'remote', 'report.json'), 'utf8')) as EvaluationReport;
    assert.equal(viaRuntime.model, `urn:nuance-mix:tag:model/${TAG}/mix.nlu?=language=eng-USA`);
    assert.deepEqual(figures(viaRuntime), figures(local));
  });
});

describe('test nlu through the runtime API under load and interruption', () => {
  test('429s with Retry-After are waited out, and a run stopped half-way resumes from its journal', async (t) => {
    if (!train || !testSet) {
      t.skip('corpus nlu/hwu64-10 not found at <repo>/../shared/corpus (or CSTUDIO_CORPUS)');
      return;
    }
    const lines = (await readFile(testSet, 'utf8')).split('\n').filter((l) => l !== '');
    const small = join(dir, 'small.csv');
    await writeFile(small, `${lines.filter((_, i) => i % 8 === 0).join('\n')}\n`); // 135 utterances, every intent
    await ok(['test', 'nlu', join(dir, 'hwu.trsx'), '--set', small, '--out', join(dir, 'small-local')], {});
    const local = JSON.parse(await readFile(join(dir, 'small-local', 'report.json'), 'utf8')) as EvaluationReport;

    await sb.restart({ faults: 'latency=15,rate429=0.04,seed=11' });
    const out = join(dir, 'small-remote');
    const journal = join(out, 'answers.jsonl');
    const stop = new AbortController();
    const first = cli(['test', 'nlu', '--tag', TAG, '--set', small, '--out', out, '--concurrency', '2'], {
      env: runtimeEnv,
      cwd: dir,
      signal: stop.signal,
    });
    // Stop the run once some answers are journaled (waiting for the file, with a generous safety net).
    const deadline = Date.now() + 60_000;
    for (;;) {
      const kept = (await readFile(journal, 'utf8').catch(() => '')).split('\n').length - 2;
      if (kept >= 20) break;
      assert.ok(Date.now() < deadline, `no 20 answers journaled within 60 s (have ${kept})`);
      await new Promise((r) => setImmediate(r));
    }
    stop.abort();
    const stopped = await first;
    assert.equal(stopped.code, 130, `the first run was cancelled: ${stopped.stderr}`);
    const kept = (await readFile(journal, 'utf8')).split('\n').filter((l) => l !== '').length - 1;
    assert.ok(kept >= 20 && kept < 135, `answers kept: ${kept}`);

    const second = await cli(['test', 'nlu', '--tag', TAG, '--set', small, '--out', out, '--concurrency', '4'], {
      env: runtimeEnv,
      cwd: dir,
    });
    assert.equal(second.code, 0, second.stderr);
    const resumed = Number(/Resuming: (\d+) answers/.exec(second.stderr)?.[1]);
    assert.ok(resumed >= kept, `resumed from ${resumed}, ${kept} were kept\n${second.stderr}`);
    const both = stopped.stderr + second.stderr;
    assert.match(
      both,
      /Rate-limited \(429\): waiting [\d.]+ s as the runtime asked/,
      'the fault mode sent 429s and they were waited out',
    );
    const viaRuntime = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as EvaluationReport;
    assert.deepEqual(figures(viaRuntime), figures(local), 'nothing lost or doubled by the interruption and the 429s');
    const answers = (await readFile(journal, 'utf8')).split('\n').filter((l) => l !== '').length - 1;
    assert.equal(answers, 135, 'each utterance journaled once');
  });
});
