// `cstudio report --app APP --days N` against the sandbox over loopback: the coverage of live traffic equals
// what the simulated traffic implies. The sandbox's clock is moved back 20 days for one simulation and 2 days
// for another, so windows of 1, 7 and 30 days hold none, one and both. The simulation reports its turns
// per kind: "training" turns are verbatim samples and every planted kind is made not to be one (sandbox
// trafficMix.ts), so the matched utterances of a window are exactly its training turns; per intent, the
// figures are checked against `discover list` over the same window (a different command over the same logs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { HealthReport } from '../../../src/core/health/findings';
import { cli, sandboxEnv } from '../helpers/cli';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { tempDir } from '../sync/support';

const TOPIC = 'COFFEE-DEV';
const DAY_MS = 86_400_000;

let sb: TestSandbox;
let env: NodeJS.ProcessEnv;
let ws: { dir: string; cleanup: () => Promise<void> };
let dir: string;
let clockOffset = 0;
let old: Record<string, number>;
let recent: Record<string, number>;

const turnsOf = (traffic: Record<string, number>): number => Object.values(traffic).reduce((a, b) => a + b, 0);

async function simulate(sessions: number, seed: number): Promise<Record<string, number>> {
  const sim = await cli(
    ['sandbox', 'simulate', '--app', TOPIC, '--sessions', String(sessions), '--seed', String(seed), '--json'],
    { env },
  );
  assert.equal(sim.code, 0, sim.stderr);
  return (JSON.parse(sim.stdout) as { traffic: Record<string, number> }).traffic;
}

before(async () => {
  sb = await startTestSandbox({ now: () => Date.now() + clockOffset });
  env = sandboxEnv(sb, sb.client('owner'));
  ws = await tempDir('cstudio-coverage-');
  const pulled = await cli(['pull', '1001', 'work'], { env, cwd: ws.dir });
  assert.equal(pulled.code, 0, pulled.stderr);
  dir = join(ws.dir, 'work');
  clockOffset = -20 * DAY_MS;
  old = await simulate(30, 7);
  clockOffset = -2 * DAY_MS;
  recent = await simulate(40, 8);
  clockOffset = 0;
});
after(async () => {
  await sb.close();
  await ws.cleanup();
});

async function report(...args: string[]): Promise<HealthReport> {
  const run = await cli(['report', dir, '--json', ...args], { env });
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout) as HealthReport;
}

describe('cstudio report --app (coverage of live traffic)', () => {
  test('the last 7 days hold the recent simulation only: its training turns are the matched utterances', async () => {
    const { coverage } = await report('--app', TOPIC, '--days', '7');
    assert.ok(coverage);
    assert.equal(coverage.app, TOPIC);
    assert.equal(coverage.days, 7);
    assert.equal(coverage.utterances, turnsOf(recent), 'one utterance per recent turn, none of the old ones');
    assert.equal(coverage.matched, recent.training ?? 0);
    assert.ok(coverage.matched > 5 && coverage.matched < coverage.utterances, JSON.stringify(recent));
    assert.equal(coverage.share, coverage.matched / coverage.utterances);
    assert.ok(Math.abs(Date.parse(coverage.since) - (Date.now() - 7 * DAY_MS)) < 10 * 60_000);

    // Per intent, the same figures as discover list over the same window.
    const listed = await cli(['discover', 'list', '--app', TOPIC, dir, '--from', coverage.since, '--json'], { env });
    assert.equal(listed.code, 0, listed.stderr);
    const expected = new Map<string, { utterances: number; matched: number }>();
    for (const u of JSON.parse(listed.stdout) as Array<{ intent: string; inTraining: boolean }>) {
      const e = expected.get(u.intent) ?? { utterances: 0, matched: 0 };
      e.utterances++;
      if (u.inTraining) e.matched++;
      expected.set(u.intent, e);
    }
    assert.ok(expected.size >= 3);
    assert.deepEqual(
      new Map(coverage.intents.map((i) => [i.intent, { utterances: i.utterances, matched: i.matched }])),
      expected,
    );
    for (const i of coverage.intents) assert.equal(i.share, i.matched / i.utterances);
    assert.deepEqual(
      coverage.intents.map((i) => i.utterances),
      [...coverage.intents.map((i) => i.utterances)].sort((a, b) => b - a),
      'most utterances first',
    );
  });

  test('30 days hold both simulations; the text output shows the figures', async () => {
    const { coverage } = await report('--app', TOPIC, '--days', '30');
    assert.equal(coverage?.utterances, turnsOf(old) + turnsOf(recent));
    assert.equal(coverage?.matched, (old.training ?? 0) + (recent.training ?? 0));

    const human = await cli(['report', dir, '--min-samples', '1', '--app', TOPIC, '--days', '7'], { env });
    assert.equal(human.code, 0, human.stderr);
    const share = (((recent.training ?? 0) / turnsOf(recent)) * 100).toFixed(1);
    assert.match(
      human.stdout,
      new RegExp(
        `Live traffic of COFFEE-DEV, last 7 days \\(since [0-9T:.Z-]+\\): ${recent.training} of ${turnsOf(recent)} utterances \\(${share}%\\) are samples\\n`,
      ),
    );
    assert.match(human.stdout, /^ {2}Intent +Utterances +Samples +Coverage$/m);
    assert.match(human.stdout, /^ {2}ORDER_COFFEE +\d+ +\d+ +\d+\.\d%$/m);

    // The last day has no traffic: nothing to divide by, a share of 0 and the words say so.
    const none = await report('--app', TOPIC, '--days', '1');
    assert.deepEqual(
      [none.coverage?.utterances, none.coverage?.matched, none.coverage?.share, none.coverage?.intents],
      [0, 0, 0, []],
    );
    const empty = await cli(['report', dir, '--min-samples', '1', '--app', TOPIC, '--days', '1'], { env });
    assert.match(empty.stdout, /Live traffic of COFFEE-DEV, last 1 day \(since [^)]+\): no interpreted utterances\./);

    // An application the connection does not know: the error names it.
    const unknown = await cli(['report', dir, '--app', 'NO-SUCH-APP'], { env });
    assert.notEqual(unknown.code, 0);
    assert.match(unknown.stderr, /Topic "NO-SUCH-APP" not found/);
  });

  test('usage: --days without --app, a bad --days', async () => {
    const noApp = await cli(['report', dir, '--days', '7'], { env });
    assert.equal(noApp.code, 2);
    assert.match(noApp.stderr, /--days is the window of --app's traffic coverage; give --app ID too\./);
    const bad = await cli(['report', dir, '--app', TOPIC, '--days', '0'], { env });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--days/);
  });
});
