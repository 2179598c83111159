// The sandbox's NLU runtime over HTTP: `POST /nlu/v1/runtime/interpret` with a runtime client's token, one request
// at a time (the latency a user of `cstudio try` or the Try panel waits), against the seeded Coffee Shop model.
// Goal (issue 28): interpretation p50 ≤ 10 ms through the sandbox's HTTP API. The floor, measured in the same
// rounds (alternating), is the same sandbox answering an authenticated GET of one project over the same
// connection: what any request costs there, so the ratio shows what interpreting adds. The sandbox runs in a
// child process (bench/lib/sandboxChild.ts), so the client's work does not share its event loop.
import { Agent, request } from 'undici';
import { alternate, judge, median, reportGoals } from './lib/goals';
import { runWithSandboxChild, type SandboxChild } from './lib/sandboxChild';

const URN = 'urn:nuance-mix:tag:model/coffee-main/mix.nlu?=language=eng-USA';
/** Sentences near and far from the training samples, so the cost covers matches, entities and misses. */
const TEXTS = [
  'I would like a large latte',
  'can I get a small cappuccino for Sam',
  'where is my order AB1234',
  'cancel order CD5678',
  'my usual is a cappuccino',
  'when do you open tomorrow',
  'um a medium americano to go please',
  'what is the weather like tomorrow',
  'track my order LM2345 thanks',
  'an espresso ready at noon please',
  'are you open on Sundays',
  'play some jazz music',
];
const ROUNDS = 12;
const PER_ROUND = 150;
const WARMUP = 200;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function latencies(count: number, call: (i: number) => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await call(i);
    out.push(performance.now() - t0);
  }
  return out;
}

async function bench({ info, token }: SandboxChild): Promise<void> {
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  try {
    const runtime = info.runtimeClients.find((c) => c.contextTags.includes('coffee-main'));
    if (!runtime) throw new Error('the sandbox has no runtime client reaching coffee-main');
    const basic = Buffer.from(
      `${encodeURIComponent(runtime.clientId)}:${encodeURIComponent(runtime.clientSecret)}`,
    ).toString('base64');
    const tokenRes = await request(`${info.authUrl}/oauth2/token`, {
      method: 'POST',
      dispatcher: agent,
      body: 'grant_type=client_credentials&scope=nlu',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    const nluToken = ((await tokenRes.body.json()) as { access_token: string }).access_token;
    const svcToken = await token(agent, 'svc-api');

    const interpret = async (i: number): Promise<void> => {
      const res = await request(`${info.nluUrl}/runtime/interpret`, {
        method: 'POST',
        dispatcher: agent,
        headers: { authorization: `Bearer ${nluToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: { type: 'SEMANTIC_MODEL', uri: URN },
          input: { text: TEXTS[i % TEXTS.length] },
          parameters: { maxInterpretations: 5 },
        }),
      });
      if (res.statusCode !== 200) throw new Error(`interpret answered ${res.statusCode}: ${await res.body.text()}`);
      await res.body.json();
    };
    const floor = async (): Promise<void> => {
      const res = await request(`${info.baseUrl}/v4/projects/1001`, {
        dispatcher: agent,
        headers: { authorization: `Bearer ${svcToken}` },
      });
      if (res.statusCode !== 200) throw new Error(`the floor request answered ${res.statusCode}`);
      await res.body.json();
    };

    // The first interpretation loads (or trains) the seeded model; warm both sides before measuring.
    await latencies(WARMUP, interpret);
    await latencies(WARMUP, () => floor());
    const ours: number[] = [];
    const base: number[] = [];
    const pair = await alternate(
      ROUNDS,
      async () => {
        const l = await latencies(PER_ROUND, interpret);
        ours.push(...l);
        return median(l);
      },
      async () => {
        const l = await latencies(PER_ROUND, () => floor());
        base.push(...l);
        return median(l);
      },
    );
    ours.sort((a, b) => a - b);
    base.sort((a, b) => a - b);
    console.log(
      `interpret over HTTP: p50 ${percentile(ours, 50).toFixed(2)} ms, p90 ${percentile(ours, 90).toFixed(2)} ms, p99 ${percentile(ours, 99).toFixed(2)} ms (${ours.length} requests)`,
    );
    console.log(
      `floor (GET a project): p50 ${percentile(base, 50).toFixed(2)} ms; interpret / floor per round, median ${median(pair.ratios).toFixed(2)}×`,
    );
    judge("interpretation p50 through the sandbox's HTTP API", percentile(ours, 50), 10, { unit: ' ms' });
  } finally {
    await agent.close();
  }
  reportGoals();
}

runWithSandboxChild(__filename, { jobDurationMs: 100 }, bench);
