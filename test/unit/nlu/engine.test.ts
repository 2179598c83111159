// The NLU engine on a hand-written project (test/fixtures/nlu/coffee.trsx + pin.grxml): training input from TRSX,
// every kind of entity, relational nesting, wordsets, NO_INTENT, calibrated n-best, nearest samples, determinism and
// the serialized model.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { trainingInputFromTrsx } from '../../../src/core/nlu/engine/fromTrsx';
import { loadNluModel, serializeNluModel } from '../../../src/core/nlu/engine/serialize';
import { trainNluModel } from '../../../src/core/nlu/engine/train';
import type { EntityMatch, InterpretResult, NluModel, TrainingInput } from '../../../src/core/nlu/engine/types';
import { NO_INTENT } from '../../../src/core/nlu/engine/types';

function fixture(name: string): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return readFileSync(join(dir, 'test', 'fixtures', 'nlu', name), 'utf8');
}

const trsx = fixture('coffee.trsx');
const input = trainingInputFromTrsx(trsx, 'en-US', {
  file: 'coffee.trsx',
  grammars: { 'grammars/pin.grxml': fixture('pin.grxml') },
});
let trained: Promise<NluModel> | undefined;
const model = (): Promise<NluModel> => (trained ??= trainNluModel(input));

function only(result: InterpretResult, entity: string): EntityMatch {
  const top = result.interpretations[0];
  const matches = top?.entities[entity];
  assert.ok(matches && matches.length === 1, `one ${entity} in ${JSON.stringify(top?.entities)}`);
  return matches[0] as EntityMatch;
}

describe('NLU engine: training input from TRSX', () => {
  test('excluded samples are left out, count becomes weight, lines are recorded', () => {
    assert.equal(input.locale, 'en-US');
    assert.ok(
      !input.samples.some((s) => s.intent === 'ORDER_COFFEE' && s.text === 'where is my order'),
      'excluded ORDER_COFFEE sample left out',
    );
    assert.ok(
      !input.samples.some((s) => s.intent === 'CANCEL' && s.text === 'hello there'),
      'excluded CANCEL sample left out',
    );
    assert.equal(input.samples.length, 24);
    const first = input.samples[0];
    assert.equal(first?.text, 'I want a large latte');
    assert.equal(first?.weight, 3);
    const line = trsx.split('\n').findIndex((l) => l.includes('I want a <annotation')) + 1;
    assert.deepEqual(first?.source, {
      file: 'coffee.trsx',
      line,
      offset: trsx.indexOf('<sample intentref="ORDER_COFFEE" count="3"'),
    });
  });

  test('annotations are character spans of the sample text, nested for relational entities', () => {
    const a = input.samples[0]?.annotations;
    assert.deepEqual(a, [
      {
        entity: 'DRINK',
        start: 9,
        end: 20,
        literal: 'large latte',
        children: [
          { entity: 'COFFEE_SIZE', start: 9, end: 14, literal: 'large', children: [] },
          { entity: 'COFFEE_TYPE', start: 15, end: 20, literal: 'latte', children: [] },
        ],
      },
    ]);
  });

  test('entities get the matcher of their kind', () => {
    const kinds = Object.fromEntries(input.entities.map((e) => [e.name, e.kind]));
    assert.deepEqual(kinds, {
      DRINK: 'other',
      COFFEE_SIZE: 'list',
      COFFEE_TYPE: 'list',
      CITY: 'list',
      PICKUP_CITY: 'other',
      BARISTA: 'list',
      ORDER_ID: 'regex',
      PIN: 'grammar',
      NOTE: 'freetext',
    });
    const drink = input.entities.find((e) => e.name === 'DRINK');
    assert.deepEqual(drink?.hasA, ['COFFEE_SIZE', 'COFFEE_TYPE']);
    assert.equal(input.entities.find((e) => e.name === 'PICKUP_CITY')?.isA, 'CITY');
    const type = input.entities.find((e) => e.name === 'COFFEE_TYPE');
    // An annotated literal missing from the dictionary ("cappuccinos") still names the entity.
    assert.ok(type?.kind === 'list' && type.entries.some((e) => e.literal === 'cappuccinos'));
    const pin = input.entities.find((e) => e.name === 'PIN');
    assert.ok(pin?.kind === 'grammar' && pin.grammar?.includes('<grammar'));
  });
});

describe('NLU engine: interpretation', () => {
  test('the intent of an in-domain text leads the n-best, with calibrated confidences in order', async () => {
    const m = await model();
    const r = m.interpret('could I have a large cappuccino please');
    assert.equal(r.literal, 'could I have a large cappuccino please');
    assert.equal(r.interpretations[0]?.intent, 'ORDER_COFFEE');
    assert.equal(r.interpretations[0]?.origin, 'STATISTICAL');
    assert.equal(r.interpretations.length, 5);
    let sum = 0;
    for (let i = 0; i < r.interpretations.length; i++) {
      const c = r.interpretations[i]?.confidence as number;
      assert.ok(c >= 0 && c <= 1, `confidence ${c} in [0, 1]`);
      if (i > 0) assert.ok(c <= (r.interpretations[i - 1]?.confidence as number), 'best first');
      sum += c;
    }
    assert.ok(sum <= 1.0005, `n-best confidences sum to at most 1 (${sum})`);
    assert.equal(m.interpret('hi there', { maxInterpretations: 2 }).interpretations.length, 2);
    assert.equal(m.interpret('cancel that order').interpretations[0]?.intent, 'CANCEL');
    assert.equal(m.interpret('good morning to you').interpretations[0]?.intent, 'GREET');
  });

  test('out-of-domain text answers NO_INTENT', async () => {
    const m = await model();
    for (const text of ['xylophone quantum zebra', '', '???']) {
      const r = m.interpret(text);
      assert.equal(r.interpretations[0]?.intent, NO_INTENT, `"${text}"`);
      assert.ok((r.interpretations[0]?.confidence as number) > 0.5);
    }
  });

  test('a relational entity holds its children nested, with list values and character ranges', async () => {
    const m = await model();
    const text = 'I want an extra large flat white';
    const drink = only(m.interpret(text), 'DRINK');
    assert.deepEqual(drink.textRange, { startIndex: 10, endIndex: 32 });
    assert.equal(drink.literal, 'extra large flat white');
    assert.deepEqual(
      drink.entities?.COFFEE_SIZE?.map((e) => [e.literal, e.value, e.textRange.startIndex]),
      [['extra large', 'XL', 10]],
    );
    assert.deepEqual(
      drink.entities?.COFFEE_TYPE?.map((e) => [e.literal, e.value]),
      [['flat white', 'flat_white']],
    );
    // Not reported again at the top level: the intent links DRINK, not its children.
    assert.equal(m.interpret(text).interpretations[0]?.entities.COFFEE_SIZE, undefined);
  });

  test('an isA entity takes its parent list values', async () => {
    const m = await model();
    const city = only(m.interpret('a latte to pick up in New York'), 'PICKUP_CITY');
    assert.deepEqual([city.literal, city.value, city.origin], ['New York', 'NYC', 'STATISTICAL']);
  });

  test('a regex entity answers its match', async () => {
    const m = await model();
    const r = m.interpret('what is the status of order XY-9876');
    assert.equal(r.interpretations[0]?.intent, 'CHECK_ORDER');
    const id = only(r, 'ORDER_ID');
    assert.deepEqual([id.literal, id.value, id.textRange], ['XY-9876', 'XY-9876', { startIndex: 28, endIndex: 35 }]);
  });

  test('a rule-based entity matches through the GrXML matcher, origin GRAMMAR', async () => {
    const m = await model();
    const r = m.interpret('check my order status with pin five six seven eight');
    assert.equal(r.interpretations[0]?.intent, 'CHECK_ORDER');
    const pin = only(r, 'PIN');
    assert.deepEqual([pin.literal, pin.value, pin.origin], ['five six seven eight', 'five six seven eight', 'GRAMMAR']);
    // Three digits are not a PIN.
    assert.equal(
      m.interpret('check my order status with pin five six seven').interpretations[0]?.entities.PIN,
      undefined,
    );
  });

  test('a dynamic list entity matches the wordset given with the request, and nothing without it', async () => {
    const m = await model();
    const text = 'get me a coffee made by Jonas Berg';
    assert.equal(m.interpret(text).interpretations[0]?.entities.BARISTA, undefined);
    const r = m.interpret(text, {
      wordsets: {
        BARISTA: [
          { canonical: 'jonas_b', literal: 'jonas berg' },
          { canonical: 'ana', literal: 'Ana' },
        ],
      },
    });
    const b = only(r, 'BARISTA');
    assert.deepEqual([b.literal, b.value], ['Jonas Berg', 'jonas_b']);
  });

  test('a freetext entity takes the words after the context its annotations had', async () => {
    const m = await model();
    const r = m.interpret('leave a note saying oat milk only');
    assert.equal(r.interpretations[0]?.intent, 'LEAVE_NOTE');
    assert.equal(only(r, 'NOTE').literal, 'oat milk only');
  });

  test('a predefined number entity', async () => {
    const m = await model();
    const r = m.interpret('order 3 lattes');
    const n = only(r, 'nuance_CARDINAL_NUMBER');
    assert.deepEqual([n.literal, n.structValue], ['3', { value: 3 }]);
  });

  test("nearest samples: the intent's closest training samples, with their TRSX line", async () => {
    const m = await model();
    const near = m.nearestSamples("where's my order?", 'CHECK_ORDER', 2);
    assert.equal(near.length, 2);
    assert.equal(near[0]?.text, 'where is my order');
    assert.equal(near[0]?.intent, 'CHECK_ORDER');
    assert.ok((near[0]?.similarity as number) > (near[1]?.similarity as number));
    const line = trsx.split('\n').findIndex((l) => l.includes('<sample intentref="CHECK_ORDER">where is my order')) + 1;
    assert.equal(near[0]?.source?.line, line);
    assert.deepEqual(m.nearestSamples('anything', 'NOT_AN_INTENT', 3), []);
  });
});

describe('NLU engine: weights, determinism, serialized model', () => {
  test('count weights pull the model toward the weighted sample', async () => {
    const make = (count: number): TrainingInput => ({
      locale: 'en-US',
      entities: [],
      intents: [
        { name: 'A', entities: [] },
        { name: 'B', entities: [] },
      ],
      samples: [
        { text: 'alpha bravo', intent: 'A', weight: 1, annotations: [] },
        { text: 'charlie delta', intent: 'A', weight: count, annotations: [] },
        { text: 'alpha echo', intent: 'B', weight: 1, annotations: [] },
        { text: 'charlie golf', intent: 'B', weight: 1, annotations: [] },
      ],
    });
    const conf = (m: NluModel): number =>
      m.interpret('charlie').interpretations.find((i) => i.intent === 'A')?.confidence as number;
    const light = await trainNluModel(make(1));
    const heavy = await trainNluModel(make(5));
    assert.ok(conf(heavy) > conf(light), `count 5 (${conf(heavy)}) > count 1 (${conf(light)})`);
    assert.equal(heavy.info.totalWeight, 8);
  });

  test('the same input gives the same bytes; a loaded model answers the same', async () => {
    const m = await model();
    const bytes = serializeNluModel(m);
    const again = serializeNluModel(
      await trainNluModel(
        trainingInputFromTrsx(trsx, 'en-US', {
          file: 'coffee.trsx',
          grammars: { 'grammars/pin.grxml': fixture('pin.grxml') },
        }),
      ),
    );
    assert.ok(Buffer.from(bytes).equals(Buffer.from(again)), 'training twice gives identical bytes');
    const loaded = loadNluModel(bytes);
    assert.deepEqual(loaded.info, m.info);
    for (const text of [
      'I want an extra large flat white',
      'status of order XY-9876 pin one two three four',
      'xylophone',
      'hello',
    ]) {
      assert.deepEqual(loaded.interpret(text), m.interpret(text), text);
    }
    assert.deepEqual(
      loaded.nearestSamples('track it', 'CHECK_ORDER', 3),
      m.nearestSamples('track it', 'CHECK_ORDER', 3),
    );
    assert.ok(
      Buffer.from(serializeNluModel(loaded)).equals(Buffer.from(bytes)),
      'a loaded model serializes to the same bytes',
    );
  });

  test('a damaged or foreign artifact is refused with a reason', async () => {
    const bytes = serializeNluModel(await model());
    assert.throws(() => loadNluModel(new TextEncoder().encode('PK\u0003\u0004 not a model')), /not an NLU model/);
    assert.throws(() => loadNluModel(bytes.subarray(0, bytes.length - 8)), /truncated/);
    const other = Uint8Array.from(bytes);
    other[5] = 99;
    assert.throws(() => loadNluModel(other), /format 99/);
  });

  test('training stops when its signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(trainNluModel(input, { signal: controller.signal }), (e: Error) => e.name === 'AbortError');
    const late = new AbortController();
    const training = trainNluModel(input, { signal: late.signal });
    late.abort();
    await assert.rejects(training, (e: Error) => e.name === 'AbortError');
  });
});
