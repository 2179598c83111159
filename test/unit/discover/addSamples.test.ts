// addAsSamples on files a pull may leave: CRLF line ends, no <samples> section yet, a batch naming the same
// utterance twice (one new sample with count 2), a refusal that writes nothing.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addAsSamples, AddSampleError } from '../../../src/core/discover/addSamples';
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
  '    </concepts>',
  '  </ontology>',
  '</project>',
  '',
].join('\r\n');

const utterance = (id: string, text: string, intent: string, entities: InterpretedUtterance['entities'] = []): InterpretedUtterance =>
  ({ id, text, intent, confidence: 0.4, entities, locale: 'en-US', topic: 'T', partition: 0, offset: 0 });

describe('addAsSamples', () => {
  test('a file without samples gets a section in its own line ends; a repeated utterance is one sample counted twice', async () => {
    const ws = await tempDir('cstudio-discover-add-');
    try {
      await mkdir(join(ws.dir, 'en-US'));
      const file = join(ws.dir, 'en-US', 'en-US.trsx');
      await writeFile(file, TRSX);
      const latte = utterance('u1', 'a latte & a cookie', 'ORDER_COFFEE', [{ name: 'COFFEE_TYPE', literal: 'latte', start: 2, end: 7 }]);
      const out = await addAsSamples(ws.dir, [{ utterance: latte }, { utterance: { ...latte, id: 'u2' } }, { utterance: utterance('u3', 'when do you open', 'ORDER_COFFEE'), intent: 'ASK_HOURS' }], ['en-US']);
      assert.deepEqual(out.map((o) => [o.id, o.action, o.count, o.intent]), [['u1', 'added', 1, 'ORDER_COFFEE'], ['u2', 'counted', 2, 'ORDER_COFFEE'], ['u3', 'added', 1, 'ASK_HOURS']]);
      const text = await readFile(file, 'utf8');
      assert.ok(!/[^\r]\n/.test(text), 'CRLF kept');
      assert.match(text, /\r\n {2}<samples>\r\n {4}<sample intentref="ORDER_COFFEE" count="2">a <annotation conceptref="COFFEE_TYPE">latte<\/annotation> &amp; a cookie<\/sample>\r\n {4}<sample intentref="ASK_HOURS" count="1">when do you open<\/sample>\r\n {2}<\/samples>\r\n<\/project>/);
      assert.equal(parseTrsx(text).document.samples.length, 2);

      await assert.rejects(addAsSamples(ws.dir, [{ utterance: utterance('u4', 'hello', 'GREET') }], ['en-US']), (err: unknown) => err instanceof AddSampleError && /Intent GREET is not declared/.test(err.message));
      await assert.rejects(addAsSamples(ws.dir, [{ utterance: { ...utterance('u5', 'bonjour', 'ASK_HOURS'), locale: 'fr-FR' } }], ['en-US']), /locale fr-FR, which the pulled folder does not have/);
      assert.equal(await readFile(file, 'utf8'), text, 'refusals write nothing');
    } finally {
      await ws.cleanup();
    }
  });
});
