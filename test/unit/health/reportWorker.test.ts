// The model-health report in its worker thread (core/health/reportInWorker.ts), as `cstudio report` and Model
// Health run it: the same report as on the calling thread, from the transpiled worker and from the bundle esbuild
// makes of it (what dist/reportWorker.js ships); open documents' texts used instead of their files; errors that
// keep their message (the folder or file, and the fix); and cancelling, which terminates the thread.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { NotAProjectFolderError, folderHealthReport } from '../../../src/core/health/report';
import {
  REPORT_YOUNG_GENERATION_MB,
  defaultReportWorkerPath,
  reportInWorker,
} from '../../../src/core/health/reportInWorker';
import { cli } from '../helpers/cli';
import { corpusFile } from '../formats/lists/corpus';
import { tempDir } from '../sync/support';

const root = join(__dirname, '..', '..', '..', '..', '..');
const CORPUS = 'nuance-quickstart-travel-ivr-digital.en-US.trsx';

/** A pulled-project folder with the given locale files (package path → text). */
async function project(dir: string, files: Record<string, string>): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'metadata.json'), '{}\n');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

/** A TRSX of `n` samples over two intents (each sample distinct, so the report has real work to do). */
function generatedTrsx(lang: string, n: number): string {
  const samples: string[] = [];
  for (let i = 0; i < n; i++)
    samples.push(
      `    <sample intentref="INTENT_${i % 2}" count="1">word${i % 97} word${i % 89} word${i % 83} sample ${i}</sample>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="${lang}" nuance:version="2.6">
  <ontology base="http://localhost:8080/resources/ontology-1.0.xml">
    <intents>
      <intent name="INTENT_0"/>
      <intent name="INTENT_1"/>
    </intents>
    <concepts/>
  </ontology>
  <samples>
${samples.join('\n')}
  </samples>
</project>
`;
}

/** Threads of this process (Linux), or undefined where /proc is not there. */
function threadCount(): number | undefined {
  return existsSync('/proc/self/task') ? readdirSync('/proc/self/task').length : undefined;
}

describe('the model-health report in its worker thread', () => {
  let ws: { dir: string; cleanup: () => Promise<void> };
  let bundled = '';
  before(async () => {
    ws = await tempDir('cstudio-report-worker-');
    // The worker as esbuild.mjs bundles it into dist/ (same entry, same options but minify).
    bundled = join(ws.dir, 'reportWorker.js');
    await esbuild.build({
      entryPoints: [join(root, 'src', 'core', 'health', 'reportWorker.ts')],
      outfile: bundled,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      logLevel: 'warning',
    });
  });
  after(async () => {
    await ws.cleanup();
  });

  test('esbuild.mjs bundles it and the .vsix ships it', () => {
    assert.match(
      readFileSync(join(root, 'esbuild.mjs'), 'utf8'),
      /reportWorker: 'src\/core\/health\/reportWorker\.ts'/,
    );
    assert.match(readFileSync(join(root, '.vscodeignore'), 'utf8'), /^!dist\/reportWorker\.js$/m);
    assert.match(readFileSync(join(root, 'test', 'vscode', 'vsixContents.mjs'), 'utf8'), /'dist\/reportWorker\.js'/);
    assert.ok(
      REPORT_YOUNG_GENERATION_MB > 0 && REPORT_YOUNG_GENERATION_MB <= 4,
      'a young generation small enough to matter',
    );
  });

  test('a genuine export with planted findings: the same report as on this thread, transpiled and bundled', async (t) => {
    const source = corpusFile('trsx', CORPUS);
    if (!source) {
      t.skip(`corpus file trsx/${CORPUS} not found at <repo>/../shared/corpus`);
      return;
    }
    const original = await readFile(source, 'utf8');
    const planted = original.replace(
      '</samples>',
      [
        '<sample intentref="iBookFlight">book me a flight to New York City</sample>',
        '<sample intentref="iGoodbye">book me a flight to New York City</sample>',
        '</samples>',
      ].join('\n'),
    );
    const dir = await project(join(ws.dir, 'travel'), {
      'en-US/en-US.trsx': planted,
      'fr-CA/fr-CA.trsx': original.replace('xml:lang="eng-USA"', 'xml:lang="fra-CAN"'),
    });
    const options = { minSamples: 1, similarity: 0.8 };
    const here = await folderHealthReport(dir, options);
    assert.deepEqual(
      new Set(here.findings.map((f) => f.rule)),
      new Set(['intent-imbalance', 'conflict', 'near-duplicate', 'unannotated-mention']),
    );
    const progress: string[] = [];
    assert.deepEqual(
      await reportInWorker(dir, options, {
        progress: {
          report: (u) => {
            if (u.message) progress.push(u.message);
          },
        },
      }),
      here,
    );
    assert.deepEqual(progress, ['Checking en-US/en-US.trsx', 'Checking fr-CA/fr-CA.trsx']);
    assert.deepEqual(await reportInWorker(dir, options, { scriptPath: bundled }), here);
    // The CLI's --json is that report.
    const r = await cli(['report', dir, '--json', '--min-samples', '1']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), here);
  });

  test('open documents: their texts are reported instead of the files', async () => {
    const dir = await project(join(ws.dir, 'open'), { 'en-US/en-US.trsx': generatedTrsx('eng-USA', 10) });
    const edited = generatedTrsx('eng-USA', 10).replace(
      '</samples>',
      '<sample intentref="INTENT_1">word0 word0 word0 sample 0</sample>\n</samples>',
    );
    const fromDisk = await reportInWorker(dir, { minSamples: 1 });
    assert.deepEqual(
      fromDisk.findings.filter((f) => f.rule === 'conflict'),
      [],
    );
    const fromEditor = await reportInWorker(
      dir,
      { minSamples: 1 },
      { texts: { 'en-US/en-US.trsx': edited, 'xx/unrelated.trsx': 'not read' } },
    );
    assert.deepEqual(fromEditor, await folderHealthReport(dir, { minSamples: 1 }, {}, { 'en-US/en-US.trsx': edited }));
    assert.equal(fromEditor.locales[0]?.samples, 11);
    assert.match(fromEditor.findings.find((f) => f.rule === 'conflict')?.message ?? '', /under 2 intents in en-US/);
  });

  test('errors keep their message: not a project folder, a symbolic link, a missing worker script', async () => {
    const notProject = join(ws.dir, 'empty');
    await mkdir(notProject);
    const e = await reportInWorker(notProject).catch((x: unknown) => x);
    assert.ok(e instanceof NotAProjectFolderError, 'the CLI tells a usage problem by this class');
    assert.equal(e.message, new NotAProjectFolderError(notProject).message);
    assert.equal((await cli(['report', notProject])).code, 2);

    const linked = await project(join(ws.dir, 'linked'), { 'en-US/en-US.trsx': generatedTrsx('eng-USA', 3) });
    await symlink(join(linked, 'en-US', 'en-US.trsx'), join(linked, 'en-US', 'copy.trsx'));
    await assert.rejects(
      reportInWorker(linked),
      (x: Error) =>
        x.message ===
        `${join(linked, 'en-US', 'copy.trsx')} is a symbolic link; a package holds only regular files. Replace the link with the file it points to.`,
    );

    const missing = join(ws.dir, 'nowhere', 'reportWorker.js');
    await assert.rejects(
      reportInWorker(linked, {}, { scriptPath: missing }),
      new RegExp(
        `the model-health report's worker ${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is missing; rebuild with "npm run build"`,
      ),
    );
    assert.equal(
      existsSync(defaultReportWorkerPath()),
      true,
      'the tests run the worker beside the module (transpiled layout)',
    );
  });

  test('cancelling terminates the thread: the caller gets the cancellation once the thread is gone', async () => {
    const dir = await project(join(ws.dir, 'big'), {
      'en-US/en-US.trsx': generatedTrsx('eng-USA', 40_000),
      'fr-CA/fr-CA.trsx': generatedTrsx('fra-CAN', 40_000),
    });
    const threads = threadCount();
    const controller = new AbortController();
    const reason = new Error('Model Health of big was cancelled.');
    reason.name = 'AbortError';
    // Cancelled as the first locale starts: handled before any answer the thread may already have posted.
    let during: number | undefined;
    const run = reportInWorker(
      dir,
      {},
      {
        signal: controller.signal,
        progress: {
          report: () => {
            during = threadCount();
            controller.abort(reason);
          },
        },
      },
    );
    await assert.rejects(run, (x) => x === reason);
    if (threads !== undefined) {
      assert.equal(during, threads + 1, 'the report ran in a thread of its own');
      assert.equal(threadCount(), threads, 'the worker thread has exited');
    }
    // Cancelled before it starts: no thread at all.
    await assert.rejects(reportInWorker(dir, {}, { signal: controller.signal }), (x) => x === reason);
    // The CLI (Ctrl-C aborts its signal): "cancelled", exit 130.
    const r = await cli(['report', dir], { signal: controller.signal });
    assert.equal(r.code, 130);
    assert.match(r.stderr, /cancelled/);
  });
});
