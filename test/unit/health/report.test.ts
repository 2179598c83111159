// The model-health report against the sandbox's demo project, pulled over loopback the way a user pulls it:
// nothing on the clean project, and every planted finding (and nothing else) once planted. Plus a genuine
// export from the shared corpus: no false findings on it, and planted ones found and fixed.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkTrsx } from '../../../src/core/formats/trsx/validate';
import type { HealthEdit, HealthFinding, HealthReport } from '../../../src/core/health/findings';
import { folderHealthReport, healthReport } from '../../../src/core/health/report';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { cli, sandboxEnv } from '../helpers/cli';
import { corpusFile } from '../formats/lists/corpus';
import { insertBefore, replaceText, tempDir } from '../sync/support';

const parse = (stdout: string): HealthReport => JSON.parse(stdout) as HealthReport;
const rulesOf = (r: HealthReport): string[] => r.findings.map((f) => `${f.rule} ${f.locale ?? ''}`).sort();

/** Applies fix edits to their files, last edit first so earlier offsets hold. */
async function applyEdits(dir: string, edits: readonly HealthEdit[]): Promise<void> {
  const byFile = new Map<string, HealthEdit[]>();
  for (const e of edits) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  for (const [file, list] of byFile) {
    let text = await readFile(join(dir, file), 'utf8');
    for (const e of [...list].sort((a, b) => b.start - a.start))
      text = text.slice(0, e.start) + e.newText + text.slice(e.end);
    await writeFile(join(dir, file), text);
  }
}

describe('cstudio report (model health)', () => {
  let sbx: TestSandbox;
  let ws: { dir: string; cleanup: () => Promise<void> };
  let demo: string;
  before(async () => {
    sbx = await startTestSandbox();
    ws = await tempDir('cstudio-health-');
    const pulled = await cli(['pull', '1001'], { env: sandboxEnv(sbx, sbx.client('owner')), cwd: ws.dir });
    assert.equal(pulled.code, 0, pulled.stderr);
    demo = join(ws.dir, '1001');
  });
  after(async () => {
    await sbx.close();
    await ws.cleanup();
  });

  test('the clean demo project: no findings at the default thresholds', async () => {
    // The demo has at least the default minimum (5) of samples per intent in each locale, so the report a user
    // runs on it first, without flags, says nothing is wrong: every finding on it would be a false alarm.
    const clean = await cli(['report', demo, '--json', '--fail-on', 'any']);
    assert.equal(clean.code, 0, clean.stderr);
    const report = parse(clean.stdout);
    assert.deepEqual(report.findings, []);
    assert.deepEqual(
      report.locales.map((l) => [l.locale, l.samples]),
      [
        ['en-US', 25],
        ['fr-CA', 25],
      ],
    );
    const en = report.locales[0];
    assert.deepEqual(
      en?.intents.map((i) => [i.intent, i.samples, i.weighted]),
      [
        ['ASK_HOURS', 5, 7],
        ['CANCEL_ORDER', 5, 5],
        ['CHECK_ORDER', 5, 5],
        ['ORDER_COFFEE', 5, 5],
        ['SET_FAVORITE', 5, 5],
      ],
    );
    assert.equal(en?.imbalance, 1);

    // One more than the demo has is below the minimum for every intent of both locales, and that is all.
    const stricter = parse((await cli(['report', demo, '--json', '--min-samples', '6'])).stdout);
    assert.deepEqual(new Set(stricter.findings.map((f) => f.rule)), new Set(['samples-below-minimum']));
    assert.equal(stricter.findings.length, 10);

    const human = await cli(['report'], { cwd: demo });
    assert.equal(human.code, 0, human.stderr);
    assert.match(human.stdout, /en-US \(en-US\/en-US\.trsx\): 25 samples in 5 intents, imbalance 1\.0×/);
    assert.match(human.stdout, /ORDER_COFFEE +5 +5 +█{30}/);
    assert.match(human.stdout, /No findings\./);
  });

  test('every planted kind is found, with its place and fix, and nothing else', async () => {
    const dir = join(ws.dir, 'planted');
    await cp(demo, dir, { recursive: true });
    const en = join(dir, 'en-US', 'en-US.trsx');
    const fr = join(dir, 'fr-CA', 'fr-CA.trsx');
    // conflict: the ASK_HOURS sample's words under CHECK_ORDER, in other case and punctuation
    await insertBefore(en, '</samples>', '  <sample intentref="CHECK_ORDER">When do you open, tomorrow?</sample>');
    // near-duplicate: 5 of 6 words of a CHECK_ORDER sample, under CANCEL_ORDER
    await insertBefore(en, '</samples>', '  <sample intentref="CANCEL_ORDER">where is my order AB1234 now</sample>');
    // un-annotated mentions: a size and a type of ORDER_COFFEE's linked entities, as plain text
    await insertBefore(
      en,
      '</samples>',
      '  <sample intentref="ORDER_COFFEE">a Medium americano &amp; a muffin</sample>',
    );
    // literal collision: "espresso" as a size too (value L exists in fr-CA, so parity holds)
    await replaceText(
      en,
      '<entry literal="venti" value="L"/>',
      '<entry literal="venti" value="L"/>\n      <entry literal="espresso" value="L"/>',
    );
    // locale parity: an intent only in en-US (with a sample, so it is not also below the minimum)
    await replaceText(en, '<intent name="ASK_HOURS"/>', '<intent name="ASK_HOURS"/>\n      <intent name="ASK_WIFI"/>');
    await insertBefore(en, '</samples>', '  <sample intentref="ASK_WIFI">do you have wifi</sample>');
    // below the minimum: an intent with no samples, in both locales (so parity holds)
    for (const f of [en, fr])
      await replaceText(f, '<intent name="ASK_HOURS"/>', '<intent name="ASK_HOURS"/>\n      <intent name="ASK_MENU"/>');
    for (const f of [en, fr])
      assert.deepEqual(
        checkTrsx(await readFile(f, 'utf8')).filter((d) => d.severity === 'error'),
        [],
        'the planted files are valid TRSX',
      );

    // imbalance: en-US has CANCEL_ORDER 6 / ASK_WIFI 1 = 6×, fr-CA 1× (ASK_MENU has none): only en-US is above 2.5×.
    const run = await cli(['report', dir, '--json', '--min-samples', '1', '--max-imbalance', '2.5']);
    assert.equal(run.code, 0, run.stderr);
    const report = parse(run.stdout);
    assert.deepEqual(rulesOf(report), [
      'conflict en-US',
      'intent-imbalance en-US',
      'literal-collision en-US',
      'locale-parity fr-CA',
      'near-duplicate en-US',
      'samples-below-minimum en-US',
      'samples-below-minimum fr-CA',
      'unannotated-mention en-US',
      'unannotated-mention en-US',
    ]);
    const text = await readFile(en, 'utf8');
    const lineOf = (needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;
    const one = (rule: string): HealthFinding => report.findings.find((f) => f.rule === rule) as HealthFinding;

    const conflict = one('conflict');
    assert.match(
      conflict.message,
      /"when do you open tomorrow" is the same once case and punctuation are ignored under 2 intents in en-US: ASK_HOURS \(1 sample, count 1\), CHECK_ORDER \(1 sample, count 1\)/,
    );
    assert.deepEqual(conflict.location, {
      file: 'en-US/en-US.trsx',
      startLine: lineOf('when do you open tomorrow'),
      endLine: lineOf('when do you open tomorrow'),
    });
    assert.equal(conflict.related?.[0]?.startLine, lineOf('When do you open, tomorrow?'));

    const near = one('near-duplicate');
    assert.match(
      near.message,
      /"where is my order ab1234" \(CHECK_ORDER\) and "where is my order ab1234 now" \(CANCEL_ORDER\) in en-US share 83% of their words/,
    );

    const collision = one('literal-collision');
    assert.match(collision.message, /"espresso" is listed under 2 entities in en-US: COFFEE_TYPE, COFFEE_SIZE/);
    assert.equal(collision.related?.[0]?.startLine, lineOf('<entry literal="espresso" value="L"/>'));

    const parity = one('locale-parity');
    assert.match(
      parity.message,
      /Intent ASK_WIFI is in en-US but missing from fr-CA; add the intent \(with samples\) to fr-CA\/fr-CA\.trsx/,
    );
    assert.equal(parity.location?.startLine, lineOf('<intent name="ASK_WIFI"/>'));

    assert.match(
      one('intent-imbalance').message,
      /In en-US, intent CANCEL_ORDER has 6 samples and ASK_WIFI only 1 \(6\.0×, above 2\.5×\)/,
    );
    assert.ok(
      report.findings
        .filter((f) => f.rule === 'samples-below-minimum')
        .every((f) => /Intent ASK_MENU has 0 samples/.test(f.message)),
    );

    const mentions = report.findings.filter((f) => f.rule === 'unannotated-mention');
    assert.deepEqual(mentions.map((f) => f.fix?.newText).sort(), [
      '<annotation conceptref="COFFEE_SIZE">Medium</annotation>',
      '<annotation conceptref="COFFEE_TYPE">americano</annotation>',
    ]);
    assert.match(
      mentions[0]?.message ?? '',
      /A sample of ORDER_COFFEE in en-US says "(Medium|americano)", a literal of entity COFFEE_(SIZE|TYPE) \(linked to ORDER_COFFEE\), without annotating it/,
    );

    // --fail-on: chosen kinds present → exit 1 naming them; absent → 0; unknown → usage error.
    const failing = await cli(['report', dir, '--min-samples', '1', '--fail-on', 'conflict,literal-collision']);
    assert.equal(failing.code, 1);
    assert.match(failing.stderr, /2 findings of --fail-on rules \(conflict, literal-collision\)/);
    assert.match(failing.stdout, /planted\/en-US\/en-US\.trsx:\d+: error conflict:/);
    assert.equal(
      (
        await cli([
          'report',
          dir,
          '--min-samples',
          '0',
          '--max-imbalance',
          '10',
          '--fail-on',
          'samples-below-minimum,intent-imbalance',
        ])
      ).code,
      0,
    );
    const unknown = await cli(['report', dir, '--fail-on', 'conflicts']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown rule conflicts; give any of: samples-below-minimum/);

    // The fixes applied: the file stays valid, the mentions are annotated and no longer reported.
    await applyEdits(
      dir,
      mentions.flatMap((f) => (f.fix ? [f.fix] : [])),
    );
    const fixed = await readFile(en, 'utf8');
    assert.match(
      fixed,
      /<sample intentref="ORDER_COFFEE">a <annotation conceptref="COFFEE_SIZE">Medium<\/annotation> <annotation conceptref="COFFEE_TYPE">americano<\/annotation> &amp; a muffin<\/sample>/,
    );
    assert.deepEqual(
      checkTrsx(fixed).filter((d) => d.severity === 'error'),
      [],
    );
    const after = await folderHealthReport(dir, { minSamples: 1, maxImbalance: 2.5 });
    assert.equal(after.findings.filter((f) => f.rule === 'unannotated-mention').length, 0);
    assert.equal(after.findings.length, report.findings.length - 2);
  });

  test('not a project folder: a usage error that says how to get one', async () => {
    const r = await cli(['report', ws.dir]);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /is not a pulled project folder \(no metadata\.json at its root\); pull a project into it first/,
    );
  });

  test('a file that is not well-formed: reported as far as it could be read, and said so', async () => {
    const dir = join(ws.dir, 'broken');
    await cp(demo, dir, { recursive: true });
    const en = join(dir, 'en-US', 'en-US.trsx');
    const text = await readFile(en, 'utf8');
    await writeFile(en, text.slice(0, text.indexOf('</samples>')));
    const r = await cli(['report', dir, '--json', '--min-samples', '1']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      /en-US\/en-US\.trsx has \d+ XML errors?: the report covers only what could be read; see them with cstudio validate/,
    );
    assert.equal(parse(r.stdout).locales[0]?.samples, 25);
  });

  test('a genuine export (shared corpus): no false findings; planted ones found and fixed', async (t) => {
    const source = corpusFile('trsx', 'nuance-quickstart-travel-ivr-digital.en-US.trsx');
    if (!source) {
      t.skip('corpus file trsx/nuance-quickstart-travel-ivr-digital.en-US.trsx not found at <repo>/../shared/corpus');
      return;
    }
    const dir = join(ws.dir, 'travel');
    await mkdir(join(dir, 'en-US'), { recursive: true });
    await writeFile(join(dir, 'metadata.json'), '{}\n');
    const file = join(dir, 'en-US', 'en-US.trsx');
    const original = await readFile(source, 'utf8');
    await writeFile(file, original);
    const clean = await folderHealthReport(dir, { minSamples: 1 });
    assert.deepEqual(clean.findings, [], 'a curated export has none of these problems');
    // Samples per intent, counted independently of the TRSX reader: every non-excluded <sample> element.
    const expected = new Map<string, number>();
    for (const m of original.matchAll(/<sample intentref="([^"]+)"[^>]*excluded="false"/g))
      expected.set(m[1] as string, (expected.get(m[1] as string) ?? 0) + 1);
    assert.deepEqual(new Map(clean.locales[0]?.intents.map((i) => [i.intent, i.samples])), expected);

    // eCity (a list entity with "New York" and "New York City") is linked to iBookFlight: the longest literal wins.
    await writeFile(
      file,
      original.replace(
        '</samples>',
        '<sample intentref="iBookFlight">book me a flight to New York City</sample>\n</samples>',
      ),
    );
    const planted = await folderHealthReport(dir, { minSamples: 1 });
    assert.deepEqual(
      planted.findings.map((f) => f.rule),
      ['unannotated-mention'],
    );
    assert.equal(planted.findings[0]?.fix?.newText, '<annotation conceptref="eCity">New York City</annotation>');
    await applyEdits(dir, [planted.findings[0]?.fix as HealthEdit]);
    assert.deepEqual(
      checkTrsx(await readFile(file, 'utf8')).filter((d) => d.severity === 'error'),
      [],
    );
    assert.deepEqual((await folderHealthReport(dir, { minSamples: 1 })).findings, []);
  });

  test('a file read from disk a window at a time: the same report as its whole text (lines, fixes, quotes)', async (t) => {
    const source = corpusFile('trsx', 'nuance-quickstart-travel-ivr-digital.en-US.trsx');
    if (!source) {
      t.skip('corpus file trsx/nuance-quickstart-travel-ivr-digital.en-US.trsx not found at <repo>/../shared/corpus');
      return;
    }
    const original = await readFile(source, 'utf8');
    // Planted past the first 16 KB windows: a conflict, a near-duplicate and an un-annotated mention, in French
    // (non-ASCII: text offsets are not byte offsets) and with CRLF line ends (line numbers).
    const planted = (original + '')
      .replace(
        '</samples>',
        [
          '<sample intentref="iBookFlight">réserver un vol pour New York City</sample>',
          '<sample intentref="iGoodbye">réserver un vol pour New York City</sample>',
          '<sample intentref="iGoodbye">réserver un vol pour New York City demain</sample>',
          '</samples>',
        ].join('\n'),
      )
      .replace(/\n/g, '\r\n');
    // A comment longer than a window's margin: that file is read whole, with the same findings.
    const longComment = planted.replace('</samples>', `<!-- ${'é'.repeat(5000)} -->\r\n</samples>`);
    for (const [name, text] of [
      ['windowed', planted],
      ['read whole', longComment],
    ] as const) {
      const dir = join(ws.dir, `windows-${name.replace(' ', '-')}`);
      await mkdir(join(dir, 'en-US'), { recursive: true });
      await writeFile(join(dir, 'metadata.json'), '{}\n');
      await writeFile(join(dir, 'en-US', 'en-US.trsx'), text);
      const fromDisk = await folderHealthReport(dir, { minSamples: 1, similarity: 0.8 });
      const fromText = healthReport([{ locale: 'en-US', file: 'en-US/en-US.trsx', text }], {
        minSamples: 1,
        similarity: 0.8,
      });
      assert.deepEqual(fromDisk, fromText, name);
      assert.deepEqual(
        fromDisk.findings.map((f) => f.rule).sort(),
        ['conflict', 'intent-imbalance', 'near-duplicate', 'unannotated-mention'],
        name,
      );
      const lineOf = (needle: string): number => text.slice(0, text.indexOf(needle)).split('\r\n').length;
      const conflict = fromDisk.findings.find((f) => f.rule === 'conflict');
      assert.equal(conflict?.location?.startLine, lineOf('<sample intentref="iBookFlight">réserver'), name);
      const fix = fromDisk.findings.find((f) => f.rule === 'unannotated-mention')?.fix as HealthEdit;
      assert.equal(text.slice(fix.start, fix.end), 'New York City', name);
    }
  });
});
