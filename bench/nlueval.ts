// `cstudio test nlu`'s evaluation (issue 29), three goals, each against a floor measured in the same run:
// 1. train + evaluate 1,900 training and 5,500 test utterances ≤ 30 s. Ours: what the CLI does in process (read the
//    CSVs, train the engine, interpret every test utterance, the report, the JUnit file and the summary). Floor: the
//    engine alone (train, then interpret the same texts in a bare loop); the ratio is what the evaluation adds.
// 2. 5-fold cross-validation of a 10,000-sample project ≤ 60 s, memory bounded: the peak RSS growth of the 5-fold run
//    against the floor of training one model on all 10,000 samples (goal ≤ 1.5×: one fold's model at a time, no
//    growth with the folds); the 2-fold figure is printed beside it.
// 3. ≥ 200 utterances/s through the sandbox's runtime API (HWU64-10's test set against a deployed build, 8 in
//    flight, the way `test nlu --tag` asks), against a bare undici loop posting the same requests (the runtime's
//    own cost). The sandbox runs in a child process (bench/lib/sandboxChild.ts).
// Data: the shared HWU64-10 split (../shared/corpus or CSTUDIO_CORPUS), its sentences varied with fillers to the
// sizes above (deterministic); the benchmark fails with a message when the corpus is absent.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { buildTrsx } from '../src/core/formats/trsx/build';
import { emptyTrsxDocument } from '../src/core/formats/trsx/model';
import { trainingInputFromTrsx } from '../src/core/nlu/engine/fromTrsx';
import { trainNluModel } from '../src/core/nlu/engine/train';
import type { TrainingInput } from '../src/core/nlu/engine/types';
import { readCsvTestSet } from '../src/core/nlu/evaluation/csvTestSet';
import { evaluationReport } from '../src/core/nlu/evaluation/evaluationReport';
import { junitXml } from '../src/core/nlu/evaluation/junit';
import { crossValidate, predictSets } from '../src/core/nlu/evaluation/localEvaluation';
import { readTestSet } from '../src/core/nlu/evaluation/readTestSet';
import { predictThrough } from '../src/core/nlu/evaluation/remoteEvaluation';
import { runtimeAnswer } from '../src/core/nlu/evaluation/runtimeAnswer';
import { textSummary } from '../src/core/nlu/evaluation/summary';
import { loadTrainingSource } from '../src/core/nlu/evaluation/trainingSource';
import { readZip, writeZip } from '../src/core/package/zip';
import { NluRuntimeClient, nluModelUrn } from '../src/core/platform/nluRuntime';
import type { InterpretRequestWire } from '../src/core/platform/nluRuntimeTypes';
import { runCli } from '../src/cli/main';
import type { CliIO } from '../src/cli/command';
import { alternate, judge, median, reportGoals, timed } from './lib/goals';
import { openPeakWindow, peakGrowthSince } from './lib/peakMemory';
import { runWithSandboxChild, type SandboxChild } from './lib/sandboxChild';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const TRAIN_SIZE = 1_900;
const TEST_SIZE = 5_500;
const CV_SIZE = 10_000;
const FOLDS = 5;
const CONCURRENCY = 8;
const TAG = 'bench-eval';

const PREFIXES = [
  '',
  'please ',
  'hey olly ',
  'olly ',
  'can you ',
  'could you ',
  'i want you to ',
  'quick question ',
  'ok ',
  'so ',
];
const SUFFIXES = [
  '',
  ' please',
  ' now',
  ' thanks',
  ' for me',
  ' olly',
  ' right away',
  ' if you can',
  ' today',
  ' again',
];

interface Row {
  intent: string;
  text: string;
}

function corpus(): string {
  const named = process.env.CSTUDIO_CORPUS;
  const dir = named ?? join(process.cwd(), '..', 'shared', 'corpus');
  const file = join(dir, 'nlu', 'hwu64-10', 'train.csv');
  if (!existsSync(file))
    throw new Error(`bench/nlueval needs the shared corpus (nlu/hwu64-10) at ${dir}; set CSTUDIO_CORPUS.`);
  return join(dir, 'nlu', 'hwu64-10');
}

/** `n` rows cycling through `rows`, the k-th pass varied with the k-th filler pair (deterministic, all distinct enough). */
function varied(rows: readonly Row[], n: number, offset: number): Row[] {
  const out: Row[] = [];
  for (let i = 0; i < n; i++) {
    const r = rows[i % rows.length] as Row;
    const pass = Math.floor(i / rows.length) + offset;
    out.push({
      intent: r.intent,
      text: `${PREFIXES[pass % PREFIXES.length]}${r.text}${SUFFIXES[Math.floor(pass / PREFIXES.length) % SUFFIXES.length]}`,
    });
  }
  return out;
}

const csv = (rows: readonly Row[]): string => `intent,text\n${rows.map((r) => `${r.intent},${r.text}`).join('\n')}\n`;

function inputOf(rows: readonly Row[]): TrainingInput {
  return {
    locale: 'en-US',
    entities: [],
    intents: [...new Set(rows.map((r) => r.intent))].map((name) => ({ name, entities: [] })),
    samples: rows.map((r, i) => ({
      text: r.text,
      intent: r.intent,
      weight: 1,
      annotations: [],
      source: { line: i + 2, offset: 0 },
    })),
  };
}

const engine = { train: trainNluModel, fromTrsx: trainingInputFromTrsx };

async function trainAndEvaluate(dir: string, hwu: Row[]): Promise<void> {
  console.log(
    `\n-- train + evaluate: ${TRAIN_SIZE} training, ${TEST_SIZE} test utterances (CSV, as \`cstudio test nlu train.csv --set test.csv\`)`,
  );
  await writeFile(join(dir, 'train.csv'), csv(varied(hwu, TRAIN_SIZE, 0)));
  await writeFile(join(dir, 'test.csv'), csv(varied(hwu, TEST_SIZE, 3)));
  const ours = async (): Promise<number> =>
    timed(async () => {
      const source = await loadTrainingSource(join(dir, 'train.csv'), engine);
      const model = await engine.train(source.input);
      const set = await readTestSet(join(dir, 'test.csv'));
      const report = evaluationReport(
        'bench',
        [{ name: set.name, file: set.file, format: set.format, utterances: set.utterances.length }],
        await predictSets(model, [set]),
      );
      junitXml(report.predictions);
      textSummary(report);
    });
  const floor = async (): Promise<number> =>
    timed(async () => {
      const train = readCsvTestSet(await readFile(join(dir, 'train.csv'), 'utf8'), 'train.csv', 'train.csv');
      const model = await trainNluModel(inputOf(train.utterances.map((u) => ({ intent: u.intent, text: u.text }))));
      const test = readCsvTestSet(await readFile(join(dir, 'test.csv'), 'utf8'), 'test.csv', 'test.csv');
      for (const u of test.utterances) model.interpret(u.text);
    });
  await ours(); // warm-up: compile the engine's and the evaluation's code once
  const pair = await alternate(ROUNDS, ours, floor);
  console.log(
    `  ours ${median(pair.ours).toFixed(0)} ms, floor (engine alone) ${median(pair.base).toFixed(0)} ms, ratio ${median(pair.ratios).toFixed(2)}×`,
  );
  judge('train+evaluate 1,900/5,500 (s)', median(pair.ours) / 1000, 30, { unit: ' s' });
}

async function crossValidation(hwu: Row[]): Promise<void> {
  console.log(`\n-- ${FOLDS}-fold cross-validation of a ${CV_SIZE}-sample project`);
  const input = inputOf(varied(hwu, CV_SIZE, 0));
  // Warm-up: the engine reads its word vectors once per process; that load belongs to neither side.
  await trainNluModel(inputOf(hwu.slice(0, 200)));
  globalThis.gc?.();
  let w = openPeakWindow();
  const single = await timed(() => trainNluModel(input));
  const floorPeak = peakGrowthSince(w);
  globalThis.gc?.();
  w = openPeakWindow();
  await crossValidate(input, 2, { train: trainNluModel, setName: 'cv' });
  const twoPeak = peakGrowthSince(w);
  globalThis.gc?.();
  w = openPeakWindow();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const predictions = await crossValidate(input, FOLDS, { train: trainNluModel, setName: 'cv' });
  const cvMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const fivePeak = peakGrowthSince(w);
  const mb = (b: number): string => `${(b / 1048576).toFixed(1)} MB`;
  console.log(
    `  ${predictions.length} predictions in ${(cvMs / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU (one training on all samples: ${(single / 1000).toFixed(1)} s, ratio ${(cvMs / single).toFixed(2)}×)`,
  );
  console.log(
    `  peak RSS growth: ${FOLDS}-fold ${mb(fivePeak)}, 2-fold ${mb(twoPeak)}, floor (one training on all samples) ${mb(floorPeak)}`,
  );
  judge(`${FOLDS}-fold CV of ${CV_SIZE} samples (s)`, cvMs / 1000, 60, { unit: ' s' });
  judge(`${FOLDS}-fold CV peak memory / one training`, fivePeak / Math.max(1, floorPeak), 1.5);
}

const silentIO = (env: NodeJS.ProcessEnv, cwd: string): CliIO => ({
  stdout: () => undefined,
  stderr: () => undefined,
  env,
  cwd,
  signal: new AbortController().signal,
});

async function cliOk(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<string> {
  let out = '';
  let err = '';
  const code = await runCli(args, {
    ...silentIO(env, cwd),
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
  });
  if (code !== 0) throw new Error(`cstudio ${args.join(' ')} failed (${code}): ${err}`);
  return out;
}

async function throughRuntime(sb: SandboxChild, dir: string, hwuDir: string, hwuTrain: Row[]): Promise<void> {
  console.log(`\n-- through the sandbox's runtime API (${CONCURRENCY} in flight)`);
  const owner = sb.info.clients[0] as { clientId: string; clientSecret: string };
  const env = {
    CSTUDIO_BASE_URL: sb.info.baseUrl,
    CSTUDIO_AUTH_URL: sb.info.authUrl,
    CSTUDIO_LOG_URL: sb.info.logUrl,
    CSTUDIO_CLIENT_ID: owner.clientId,
    CSTUDIO_CLIENT_SECRET: owner.clientSecret,
  };
  const doc = emptyTrsxDocument('eng-USA');
  doc.version = '2.6';
  doc.intents = [...new Set(hwuTrain.map((r) => r.intent))].map((name) => ({ name, links: [] }));
  doc.samples = hwuTrain.map((r) => ({ intentref: r.intent, count: 1, content: [r.text] }));
  await cliOk(['projects', 'export', '1001', '-o', join(dir, 'p.zip')], env, dir);
  const files = await readZip(await readFile(join(dir, 'p.zip')));
  files.set('en-US/en-US.trsx', new TextEncoder().encode(buildTrsx(doc)));
  await writeFile(join(dir, 'hwu.zip'), await writeZip(files));
  await cliOk(['projects', 'replace', '1001', join(dir, 'hwu.zip'), '--yes'], env, dir);
  const built = JSON.parse(
    await cliOk(['builds', 'start', '1001', '--services', 'NLU', '--locales', 'en-US', '--json'], env, dir),
  ) as { job: { report: { nluBuildReports: { reports: Array<{ buildLabel: string }> } } } };
  const label = built.job.report.nluBuildReports.reports[0]?.buildLabel ?? '';
  const config = JSON.parse(
    await cliOk(
      ['configs', 'create', '501', '--tag', TAG, '--flow', '1', '--build', `${label}@en-US`, '--json'],
      env,
      dir,
    ),
  ) as { id: string };
  await cliOk(['deploy', config.id, '--env-geo', '301'], env, dir);

  const runtime = sb.info.runtimeClients.find((c) => c.clientId === 'appID:COFFEE-DEV');
  if (!runtime) throw new Error('the sandbox has no COFFEE-DEV runtime client');
  const client = new NluRuntimeClient({
    connection: { nluUrl: sb.info.nluUrl, authUrl: sb.info.authUrl, clientId: runtime.clientId },
    getSecret: async () => runtime.clientSecret,
  });
  const uri = nluModelUrn(TAG, 'en-US');
  const set = await readTestSet(join(hwuDir, 'test.csv'));
  const body = (text: string): InterpretRequestWire => ({
    parameters: { interpretationResultType: 'SINGLE_INTENT' },
    model: { type: 'SEMANTIC_MODEL', uri },
    input: { text },
  });
  const ours = async (): Promise<number> =>
    timed(() =>
      predictThrough(async (text, signal) => runtimeAnswer(text, await client.interpret(body(text), signal)), [set], {
        concurrency: CONCURRENCY,
      }),
    );

  const agent = new Agent({ connections: CONCURRENCY });
  const basic = Buffer.from(
    `${encodeURIComponent(runtime.clientId)}:${encodeURIComponent(runtime.clientSecret)}`,
  ).toString('base64');
  const tokenRes = await request(`${sb.info.authUrl}/oauth2/token`, {
    method: 'POST',
    dispatcher: agent,
    body: 'grant_type=client_credentials&scope=nlu',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
  });
  const token = ((await tokenRes.body.json()) as { access_token: string }).access_token;
  const texts = set.utterances.map((u) => u.text);
  const floor = async (): Promise<number> =>
    timed(async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < texts.length) {
            const res = await request(`${sb.info.nluUrl}/runtime/interpret`, {
              method: 'POST',
              dispatcher: agent,
              body: JSON.stringify(body(texts[next++] as string)),
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            });
            await res.body.json();
          }
        }),
      );
    });
  try {
    await ours(); // warm-up (token, connections, the model loaded by the sandbox)
    const pair = await alternate(ROUNDS, ours, floor);
    const perSecond = texts.length / (median(pair.ours) / 1000);
    console.log(
      `  ${texts.length} utterances: ours ${median(pair.ours).toFixed(0)} ms (${perSecond.toFixed(0)}/s), floor (bare POSTs) ${median(pair.base).toFixed(0)} ms (${(texts.length / (median(pair.base) / 1000)).toFixed(0)}/s), ratio ${median(pair.ratios).toFixed(2)}×`,
    );
    judge('utterances/s through the runtime API', perSecond, 200, { atLeast: true, unit: '/s' });
  } finally {
    await client.close();
    await agent.close();
  }
}

runWithSandboxChild(__filename, {}, async (sb) => {
  const hwuDir = corpus();
  const read = async (name: string): Promise<Row[]> =>
    readCsvTestSet(await readFile(join(hwuDir, name), 'utf8'), name, name).utterances.map((u) => ({
      intent: u.intent,
      text: u.text,
    }));
  const train = await read('train.csv');
  const hwu = [...train, ...(await read('test.csv'))];
  const dir = await mkdtemp(join(tmpdir(), 'bench-nlueval-'));
  try {
    await crossValidation(hwu);
    await trainAndEvaluate(dir, hwu);
    await throughRuntime(sb, dir, hwuDir, train);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  reportGoals();
});
