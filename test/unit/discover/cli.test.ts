// `cstudio discover` against the sandbox over loopback: seeded realistic traffic, the review surfaces every
// planted utterance, two are added (one reassigned) with annotations, status/diff show them, an append push
// sends them, a fresh pull has them; an identical add raises the count; ignore hides and reset shows again.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cli, sandboxEnv } from '../helpers/cli';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { localTrsx, tempDir } from '../sync/support';
import type { SampleNode, TrsxSample } from '../../../src/core/formats/trsx/model';
import { normalizedSampleText } from '../../../src/core/formats/trsx/sample-text';

const TOPIC = 'COFFEE-DEV';
const PROJECT = '1001';

interface Listed {
  id: string;
  text: string;
  intent: string;
  confidence: number;
  locale?: string;
  session?: string;
  time?: string;
  audioUrn?: string;
  entities: Array<{ name: string; literal: string; start: number; end: number }>;
  inTraining: boolean;
  trainingIntents: string[];
}

let sb: TestSandbox;
let env: NodeJS.ProcessEnv;
let ws: { dir: string; cleanup: () => Promise<void> };
let dir: string;
let traffic: Record<string, number>;

before(async () => {
  sb = await startTestSandbox();
  env = sandboxEnv(sb, sb.client('owner'));
  ws = await tempDir('cstudio-discover-');
  const pulled = await cli(['pull', PROJECT, 'work'], { env, cwd: ws.dir });
  assert.equal(pulled.code, 0, pulled.stderr);
  dir = join(ws.dir, 'work');
  const sim = await cli(['sandbox', 'simulate', '--app', TOPIC, '--sessions', '80', '--seed', '1234', '--json'], {
    env,
  });
  assert.equal(sim.code, 0, sim.stderr);
  traffic = (JSON.parse(sim.stdout) as { traffic: Record<string, number> }).traffic;
});
after(async () => {
  await sb.close();
  await ws.cleanup();
});

async function list(...args: string[]): Promise<Listed[]> {
  const run = await cli(['discover', 'list', dir, '--json', ...args], { env });
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout) as Listed[];
}

const textOf = (s: TrsxSample): string => normalizedSampleText(s.content);
const conceptsOf = (nodes: readonly SampleNode[]): string[] =>
  nodes.flatMap((n) => (typeof n === 'string' ? [] : [n.conceptref, ...conceptsOf(n.content)]));

describe('cstudio discover', () => {
  test("list shows every interpreted utterance, the planted ones with --not-in-training, and filters by the model's confidence", async () => {
    const turns = Object.values(traffic).reduce((a, b) => a + b, 0);
    const planted = turns - (traffic.training ?? 0);
    assert.ok(planted > 10 && (traffic.training ?? 0) > 10, JSON.stringify(traffic));
    const first = await cli(['discover', 'list', '--app', TOPIC, dir, '--json'], { env });
    assert.equal(first.code, 0, first.stderr);
    const all = JSON.parse(first.stdout) as Listed[];
    assert.equal(all.length, turns, 'one utterance per simulated turn');
    assert.equal(
      all.filter((u) => u.inTraining).length,
      traffic.training,
      'the training sentences, and only they, are samples',
    );
    for (const u of all) {
      assert.ok(u.session && u.time && u.locale, 'session, time and locale come from the record');
      assert.match(u.audioUrn ?? '', /^urn:svc:log:service:audio\//, 'the audio of the call summary before it');
      for (const e of u.entities)
        assert.equal(u.text.slice(e.start, e.end), e.literal, 'entities from their text ranges');
    }
    // The deployed model interprets the simulated turns (sandbox runtime): its confidences are its own, so the
    // planted utterances are told by their text, and the confidence filters are checked against what it answered.
    assert.equal(
      (await list('--not-in-training')).length,
      planted,
      'every planted utterance, and only they, is not a sample',
    );
    const review = await list('--not-in-training', '--max-confidence', '0.6');
    assert.deepEqual(
      review.map((u) => u.id),
      all.filter((u) => !u.inTraining && u.confidence <= 0.6).map((u) => u.id),
    );
    assert.deepEqual(
      (await list('--min-confidence', '0.75')).map((u) => u.id),
      all.filter((u) => u.confidence >= 0.75).map((u) => u.id),
    );
    assert.ok((await list('--intent', 'ASK_HOURS')).every((u) => u.intent === 'ASK_HOURS'));
    assert.equal((await list('--locale', 'xx-XX')).length, 0);

    const human = await cli(['discover', 'list', dir, '--not-in-training'], { env });
    assert.match(human.stdout, /^ID\s+INTENT\s+CONF\s+SAMPLE\s+LOCALE\s+TEXT\n/);
    assert.match(human.stderr, /\d+ utterances from COFFEE-DEV\./);
    const bad = await cli(['discover', 'list', dir, '--max-confidence', '2'], { env });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--max-confidence is a confidence from 0 to 1/);
  });

  test('add two (one reassigned) with annotations; status and diff show them; push --append; a new pull has them', async () => {
    const review = await list('--not-in-training');
    const annotated = review.find((u) => u.intent === 'ORDER_COFFEE' && u.entities.length > 0 && u.locale === 'en-US');
    const other = review.find(
      (u) => u.intent !== 'ASK_HOURS' && u !== annotated && u.locale === 'en-US' && u.text !== annotated?.text,
    );
    assert.ok(annotated && other, 'the seeded traffic has an annotated ORDER_COFFEE utterance and another one');
    const one = await cli(['discover', 'add', dir, '--id', annotated.id.slice(0, 12)], { env });
    assert.equal(one.code, 0, one.stderr);
    assert.match(one.stdout, /^Added ".*" as ORDER_COFFEE in en-US\/en-US\.trsx:\d+\n/);
    const two = await cli(['discover', 'add', dir, '--id', other.id, '--intent', 'ASK_HOURS'], { env });
    assert.equal(two.code, 0, two.stderr);

    const doc = await localTrsx(dir, 'en-US');
    const mine = doc.samples.find(
      (s) => textOf(s) === annotated.text.replace(/\s+/g, ' ') && s.intentref === 'ORDER_COFFEE',
    );
    assert.ok(mine, 'the first is a sample of its interpreted intent');
    assert.deepEqual(
      new Set(conceptsOf(mine.content)),
      new Set(annotated.entities.map((e) => e.name)),
      'annotated from its entities',
    );
    assert.ok(
      doc.samples.some((s) => textOf(s) === other.text && s.intentref === 'ASK_HOURS'),
      'the second under the chosen intent',
    );

    const status = await cli(['status', dir, '--offline'], {});
    assert.match(status.stdout, /State: ahead/);
    const diff = await cli(['diff', dir], {});
    assert.match(diff.stdout, /samples \+2/);
    assert.ok(diff.stdout.includes(`of ASK_HOURS`));

    const pushed = await cli(['push', dir, '--append', '--yes'], { env });
    assert.equal(pushed.code, 0, pushed.stderr);
    const again = await cli(['pull', PROJECT, 'again'], { env, cwd: ws.dir });
    assert.equal(again.code, 0, again.stderr);
    const fresh = await localTrsx(join(ws.dir, 'again'), 'en-US');
    assert.ok(
      fresh.samples.some(
        (s) => textOf(s) === textOf(mine) && s.intentref === 'ORDER_COFFEE' && conceptsOf(s.content).length > 0,
      ),
    );
    assert.ok(fresh.samples.some((s) => textOf(s) === other.text && s.intentref === 'ASK_HOURS'));

    // Now a sample: the same utterance again raises its count instead of adding a duplicate.
    assert.ok(!(await list('--not-in-training')).some((u) => u.id === annotated.id), 'no longer "not in training"');
    const counted = await cli(['discover', 'add', dir, '--id', annotated.id, '--json'], { env });
    assert.equal(counted.code, 0, counted.stderr);
    assert.deepEqual(
      (JSON.parse(counted.stdout) as Array<{ action: string; count: number }>).map((a) => [a.action, a.count]),
      [['counted', 2]],
    );
    const after = await localTrsx(dir, 'en-US');
    const same = after.samples.filter((s) => textOf(s) === textOf(mine) && s.intentref === 'ORDER_COFFEE');
    assert.equal(same.length, 1);
    assert.equal(same[0]?.count, 2);
    const text = await readFile(join(dir, 'en-US', 'en-US.trsx'), 'utf8');
    assert.match(text, /count="2"/);
    const indents = new Set(
      text
        .split('\n')
        .filter((l) => l.includes('<sample '))
        .map((l) => /^\s*/.exec(l)?.[0]),
    );
    assert.equal(indents.size, 1, 'added samples are indented like the others');
  });

  test('ignore hides an utterance until reset; errors name the fix', async () => {
    const before = await list('--not-in-training');
    const victim = before[0];
    assert.ok(victim);
    const ignored = await cli(['discover', 'ignore', dir, '--id', victim.id], { env });
    assert.equal(ignored.code, 0, ignored.stderr);
    assert.match(ignored.stdout, /Ignoring 1 more utterance/);
    assert.ok(!(await list('--not-in-training')).some((u) => u.id === victim.id));
    const reset = await cli(['discover', 'reset', dir], {});
    assert.match(reset.stdout, /1 ignored utterance shown again/);
    assert.ok((await list('--not-in-training')).some((u) => u.id === victim.id));

    const unknown = await cli(['discover', 'add', dir, '--id', 'ffffffffffff'], { env });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /No utterance ffffffffffff .*cstudio discover list/);
    const badIntent = await cli(['discover', 'add', dir, '--id', victim.id, '--intent', 'NOPE'], { env });
    assert.equal(badIntent.code, 1);
    assert.match(badIntent.stderr, /Intent NOPE is not declared in .*choose one of .*ASK_HOURS/);
    const noApp = await cli(['discover', 'list', join(ws.dir, 'again')], { env });
    assert.equal(noApp.code, 2);
    assert.match(noApp.stderr, /Missing --app/);
  });
});
