// addAsSamples on files a pull may leave: CRLF line ends, no <samples> section yet, a batch naming the same
// utterance twice (one new sample with count 2), a refusal that writes nothing; entities annotated only when
// their text is a literal of the entity in the TRSX (issue 26), on a real file of the corpus too.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addAsSamples, AddSampleError, planSamples } from '../../../src/core/discover/addSamples';
import { corpusFile } from '../formats/lists/corpus';
import { parseTrsx } from '../../../src/core/formats/trsx/parse';
import type { InterpretedUtterance } from '../../../src/core/discover/utterance';
import { tempDir } from '../sync/support';

const TRSX = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="eng-USA" nuance:version="2.6">',
  '  <ontology base="http://localhost:8080/resources/ontology-1.0.xml">',
  '    <intents>',
  '      <intent name="ASK_HOURS"/>',
  '      <intent name="ORDER_COFFEE"/>',
  '    </intents>',
  '    <concepts>',
  '      <concept name="COFFEE_TYPE"/>',
  '      <concept name="COFFEE_SIZE"/>',
  '      <concept name="NAME" freetext="true"/>',
  '    </concepts>',
  '  </ontology>',
  '  <dictionaries>',
  '    <dictionary conceptref="COFFEE_TYPE">',
  '      <entry literal="latte" value="latte"/>',
  '    </dictionary>',
  '  </dictionaries>',
  '</project>',
  '',
].join('\r\n');

const utterance = (
  id: string,
  text: string,
  intent: string,
  entities: InterpretedUtterance['entities'] = [],
): InterpretedUtterance => ({
  id,
  text,
  intent,
  confidence: 0.4,
  entities,
  locale: 'en-US',
  topic: 'T',
  partition: 0,
  offset: 0,
});

describe('addAsSamples', () => {
  test('a file without samples gets a section in its own line ends; a repeated utterance is one sample counted twice', async () => {
    const ws = await tempDir('cstudio-discover-add-');
    try {
      await mkdir(join(ws.dir, 'en-US'));
      const file = join(ws.dir, 'en-US', 'en-US.trsx');
      await writeFile(file, TRSX);
      const latte = utterance('u1', 'a latte & a cookie', 'ORDER_COFFEE', [
        { name: 'COFFEE_TYPE', literal: 'latte', start: 2, end: 7 },
      ]);
      const out = await addAsSamples(
        ws.dir,
        [
          { utterance: latte },
          { utterance: { ...latte, id: 'u2' } },
          { utterance: utterance('u3', 'when do you open', 'ORDER_COFFEE'), intent: 'ASK_HOURS' },
        ],
        ['en-US'],
      );
      assert.deepEqual(
        out.map((o) => [o.id, o.action, o.count, o.intent]),
        [
          ['u1', 'added', 1, 'ORDER_COFFEE'],
          ['u2', 'counted', 2, 'ORDER_COFFEE'],
          ['u3', 'added', 1, 'ASK_HOURS'],
        ],
      );
      const text = await readFile(file, 'utf8');
      assert.ok(!/[^\r]\n/.test(text), 'CRLF kept');
      assert.deepEqual(
        out.map((o) => o.line),
        [20, 20, 21],
        'lines of the samples in the written file',
      );
      assert.deepEqual(out[0]?.annotated, ['COFFEE_TYPE "latte"']);
      assert.match(
        text,
        /\r\n {2}<samples>\r\n {4}<sample intentref="ORDER_COFFEE" count="2">a <annotation conceptref="COFFEE_TYPE">latte<\/annotation> &amp; a cookie<\/sample>\r\n {4}<sample intentref="ASK_HOURS" count="1">when do you open<\/sample>\r\n {2}<\/samples>\r\n<\/project>/,
      );
      assert.equal(parseTrsx(text).document.samples.length, 2);

      await assert.rejects(
        addAsSamples(ws.dir, [{ utterance: utterance('u4', 'hello', 'GREET') }], ['en-US']),
        (err: unknown) => err instanceof AddSampleError && /Intent GREET is not declared/.test(err.message),
      );
      await assert.rejects(
        addAsSamples(
          ws.dir,
          [{ utterance: { ...utterance('u5', 'bonjour', 'ASK_HOURS'), locale: 'fr-FR' } }],
          ['en-US'],
        ),
        /locale fr-FR, which the pulled folder does not have/,
      );
      assert.equal(await readFile(file, 'utf8'), text, 'refusals write nothing');
    } finally {
      await ws.cleanup();
    }
  });

  test('an entity is annotated only when its text is one of its literals or values in the TRSX; others stay unannotated, with why', async () => {
    const ws = await tempDir('cstudio-discover-literals-');
    try {
      await mkdir(join(ws.dir, 'en-US'));
      const file = join(ws.dir, 'en-US', 'en-US.trsx');
      await writeFile(file, TRSX);
      const text = 'a pumpkin spice LATTE for Ann';
      const u = utterance('p1', text, 'ORDER_COFFEE', [
        { name: 'COFFEE_SIZE', literal: 'pumpkin spice', start: 2, end: 15 },
        { name: 'COFFEE_TYPE', literal: 'latte', start: 16, end: 21 },
        { name: 'NAME', literal: 'Ann', start: 26, end: 29 },
      ]);
      const plan = await planSamples(ws.dir, [{ utterance: u }], ['en-US']);
      const [o] = plan.outcomes;
      assert.deepEqual(
        o?.annotated,
        ['COFFEE_TYPE "LATTE"', 'NAME "Ann"'],
        'a dictionary literal (case aside) and a freetext entity',
      );
      assert.deepEqual(o?.dropped, [
        {
          name: 'COFFEE_SIZE',
          literal: 'pumpkin spice',
          reason:
            '"pumpkin spice" is not a literal or value of COFFEE_SIZE in this locale\'s TRSX (its dictionary or its annotated samples)',
        },
      ]);
      assert.equal(await readFile(file, 'utf8'), TRSX, 'planning writes nothing');
      // A change on disk between the plan and the write is refused, not overwritten.
      await writeFile(file, TRSX.replace('ASK_HOURS"/>', 'ASK_HOURS"/> '));
      await assert.rejects(
        plan.write(),
        (err: unknown) =>
          err instanceof AddSampleError &&
          /changed since the samples were planned; nothing was written/.test(err.message),
      );
      await writeFile(file, TRSX);
      await plan.write();
      assert.match(
        await readFile(file, 'utf8'),
        /<sample intentref="ORDER_COFFEE" count="1">a pumpkin spice <annotation conceptref="COFFEE_TYPE">LATTE<\/annotation> for <annotation conceptref="NAME">Ann<\/annotation><\/sample>/,
      );
    } finally {
      await ws.cleanup();
    }
  });

  test('on a real exported TRSX (corpus): dictionary literals and values annotate, a guess outside them does not', async (t) => {
    const source = corpusFile('trsx', 'nuancedev-Coffee_Maker_DRSS.trsx');
    if (!source) {
      t.skip('corpus file trsx/nuancedev-Coffee_Maker_DRSS.trsx not found at <repo>/../shared/corpus');
      return;
    }
    const ws = await tempDir('cstudio-discover-corpus-');
    try {
      await mkdir(join(ws.dir, 'en-US'));
      await copyFile(source, join(ws.dir, 'en-US', 'en-US.trsx'));
      const text = 'a venti pumpkin spice please';
      const u = utterance('c1', text, 'orderCoffee', [
        { name: 'CoffeeSize', literal: 'venti', start: 2, end: 7 },
        { name: 'CoffeeType', literal: 'pumpkin spice', start: 8, end: 21 },
      ]);
      const [o] = await addAsSamples(ws.dir, [{ utterance: u }], ['en-US']);
      assert.deepEqual(o?.annotated, ['CoffeeSize "venti"']);
      assert.deepEqual(
        o?.dropped.map((d) => d.name),
        ['CoffeeType'],
      );
      const written = await readFile(join(ws.dir, 'en-US', 'en-US.trsx'), 'utf8');
      assert.equal(
        written.split('\n')[(o?.line ?? 0) - 1]?.trim(),
        '<sample intentref="orderCoffee" count="1">a <annotation conceptref="CoffeeSize">venti</annotation> pumpkin spice please</sample>',
      );
    } finally {
      await ws.cleanup();
    }
  });
});
