// The simulated traffic tells one coherent conversation per session: the dialog's reply to a recognized intent
// is the prompt the caller hears next (issue 13: prompts and intents were one turn out of step).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { path } from '../../../src/core/logs/formatter';
import { consumer, drain, simulate, startLogSandbox, type LogSandbox, type WireRecord } from './support';

let l: LogSandbox;
let sessions: Map<string, WireRecord[]>;

function sessionOf(r: WireRecord): string | undefined {
  const d = r.value.data;
  return (path(d, 'sessionid') ?? path(d, 'clientData', 'x-nuance-dialog-session-id')) as string | undefined;
}

before(async () => {
  l = await startLogSandbox();
  await simulate(l, 12);
  const c = consumer(l, 'consumer-turns');
  await c('POST', '/consumers', { 'auto.offset.reset': 'earliest' });
  await c('POST', '/consumers/subscription', { topics: ['COFFEE-DEV'] });
  sessions = new Map();
  for (const r of await drain(c)) {
    const id = sessionOf(r);
    if (id === undefined) continue;
    sessions.set(id, [...(sessions.get(id) ?? []), r]);
  }
  for (const records of sessions.values()) records.sort((a, b) => a.value.timestamp.localeCompare(b.value.timestamp));
});
after(async () => {
  await l.sb.close();
});

const reply = (r: WireRecord): unknown =>
  path(r.value.data, 'response', 'payload', 'qaAction', 'message', 'visual', 0, 'text');
const spoken = (r: WireRecord): unknown => path(r.value.data, 'request', 'input', 'text', 'text');

describe('simulated dialog turns', () => {
  test('each dialog reply is the prompt synthesized next, and each Execute carries the intent just interpreted', () => {
    assert.ok(sessions.size >= 12, `sessions read: ${sessions.size}`);
    let executes = 0;
    for (const [id, records] of sessions) {
      const kinds = records.map((r) => `${r.value.service}/${r.value.type}`);
      assert.equal(kinds[0], 'DLGaaS/Start', `session ${id} opens with Start`);
      assert.equal(kinds.at(-1), 'DLGaaS/Stop', `session ${id} ends with Stop`);
      let lastIntent: unknown;
      records.forEach((r, i) => {
        if (r.value.service === 'NLUaaS')
          lastIntent = path(
            r.value.data,
            'response',
            'result',
            'interpretations',
            0,
            'singleIntentInterpretation',
            'intent',
          );
        if (r.value.service !== 'DLGaaS' || r.value.type === 'Stop') return;
        const next = records.slice(i + 1).find((n) => n.value.service === 'TTSaaS');
        assert.ok(next, `session ${id}: ${r.value.type} is followed by the prompt it announces`);
        assert.equal(reply(r), spoken(next), `session ${id}: the ${r.value.type} reply is what is said next`);
        if (r.value.type === 'Execute') {
          executes++;
          assert.equal(path(r.value.data, 'request', 'payload', 'userInput', 'interpretation', 'intent'), lastIntent);
        }
      });
      const prompts = records.filter((r) => r.value.service === 'TTSaaS').map(spoken);
      const replies = records.filter((r) => r.value.service === 'DLGaaS' && r.value.type !== 'Stop').map(reply);
      assert.deepEqual(prompts, replies, `session ${id}: one synthesized prompt per dialog reply, in order`);
    }
    assert.ok(executes >= 12);
  });
});
