// The Utterances view's model and review stream (src/features/discover, no VS Code in them) against the sandbox:
// the view fills as records arrive, groups and pages by intent, filters, keeps a bounded number of utterances,
// and a new review continues where the last one stopped (its consumer group's committed offsets).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { silentLogger } from '../../../src/core/logger';
import { TrainingIndex } from '../../../src/core/discover/training';
import { ReviewSession } from '../../../src/features/discover/reviewSession';
import { UtterancesModel } from '../../../src/features/discover/utterancesModel';
import type { ReviewItem } from '../../../src/core/discover/review';
import { clientFor, startLogSandbox, TOPIC, type LogSandbox } from '../logs/support';
import { send } from '../helpers/sandboxHttp';
import type { PlatformClient } from '../../../src/core/platform/client';

let l: LogSandbox;
let client: PlatformClient;

before(async () => {
  l = await startLogSandbox();
  client = clientFor(l);
});
after(async () => {
  await client.close();
  await l.sb.close();
});

/** Runs a seeded simulation to its end; returns its records and turns per kind. */
async function simulate(sessions: number, seed: number): Promise<{ records: number; traffic: Record<string, number> }> {
  type Sim = { id: string; status: string; records: number; traffic: Record<string, number> };
  let sim = (
    (await send(l.sb, 'POST', '/sandbox/v1/simulate', { token: l.mgmtToken, json: { appId: TOPIC, sessions, seed } }))
      .json as { simulation: Sim }
  ).simulation;
  while (sim.status === 'RUNNING') {
    await new Promise((r) => setTimeout(r, 20));
    sim = (
      (await send(l.sb, 'GET', `/sandbox/v1/simulations/${sim.id}`, { token: l.mgmtToken })).json as { simulation: Sim }
    ).simulation;
  }
  assert.equal(sim.status, 'COMPLETED');
  return sim;
}

/** A review that resolves `reached` once it has read `count` records. */
function review(
  model: UtterancesModel,
  training: TrainingIndex,
  from: 'committed' | 'beginning',
  count: number,
): { session: ReviewSession; reached: Promise<void> } {
  let resolve: () => void = () => undefined;
  const reached = new Promise<void>((r) => {
    resolve = r;
  });
  const session = new ReviewSession({
    target: { connectionId: 'sandbox', topic: TOPIC, root: '/nowhere' },
    requester: client.requester,
    model,
    training,
    from,
    logger: silentLogger,
    onRecord: (n) => {
      if (n >= count) resolve();
    },
  });
  // A stream that ends before the count fails the test instead of leaving it waiting.
  const ended = session.ended.then(() => {
    throw new Error(`the review ended after ${session.records} of ${count} records: ${String(session.error)}`);
  });
  return { session, reached: Promise.race([reached, ended]) };
}

describe('Utterances view model and review', () => {
  test('fills as records arrive, groups by intent, filters, and the next review continues where this one stopped', async () => {
    const first = await simulate(30, 99);
    const training = TrainingIndex.empty();
    const model = new UtterancesModel(100_000, 10);
    const one = review(model, training, 'committed', first.records);
    await one.reached;
    await one.session.stop();
    const turns = Object.values(first.traffic).reduce((a, b) => a + b, 0);
    assert.equal(model.size, turns);
    const groups = model.groups();
    assert.ok(groups.length >= 2);
    assert.equal(
      groups.reduce((n, g) => n + g.count, 0),
      turns,
    );
    const page = model.page(groups[0]?.intent ?? '', 3);
    assert.ok(
      page.length <= 3 &&
        page.every((x, i) => i === 0 || (page[i - 1] as ReviewItem).utterance.confidence <= x.utterance.confidence),
      'lowest confidence first',
    );
    // The deployed model interprets simulated turns (sandbox runtime): the filter keeps what it answered at or
    // below the bound (the median, so both sides are non-empty).
    const confidences = groups
      .flatMap((g) => model.page(g.intent, turns).map((x) => x.utterance.confidence))
      .sort((a, b) => a - b);
    const bound = confidences[Math.floor(confidences.length / 2)] ?? 0;
    const low = confidences.filter((c) => c <= bound).length;
    model.setFilter({ maxConfidence: bound });
    assert.equal(
      model.groups().reduce((n, g) => n + g.count, 0),
      low,
      'the utterances the model answered at or below the bound',
    );
    const hidden = model.page(model.groups()[0]?.intent ?? '', 1)[0]?.utterance.id ?? '';
    model.setIgnored(new Set([hidden]));
    assert.equal(
      model.groups().reduce((n, g) => n + g.count, 0),
      low - 1,
    );

    // A second review from the committed position reads only what came after the first.
    const second = await simulate(5, 100);
    const next = new UtterancesModel(100_000, 10);
    const two = review(next, training, 'committed', second.records);
    await two.reached;
    await two.session.stop();
    assert.equal(two.session.records, second.records, 'nothing read twice');
    assert.equal(
      next.size,
      Object.values(second.traffic).reduce((a, b) => a + b, 0),
    );
  });

  test('keeps at most its capacity, oldest dropped first', () => {
    const model = new UtterancesModel(50, 10);
    for (let i = 0; i < 120; i++) {
      model.add({
        utterance: {
          id: `u${i}`,
          text: `t${i}`,
          intent: i % 2 ? 'A' : 'B',
          confidence: i / 120,
          entities: [],
          topic: 'T',
          partition: 0,
          offset: i,
        },
        training: { inTraining: false, intents: [] },
      });
    }
    assert.equal(model.size, 50);
    assert.equal(model.get('u69'), undefined);
    assert.ok(model.get('u70'));
    model.dispose();
  });
});
