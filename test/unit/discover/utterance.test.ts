// Parsing NLUaaS Interpret records into utterances, and their entities into TRSX annotations. The record
// shapes follow the public NLUaaS proto (nuance/nlu/v1/single-intent-interpretation.proto: an entity map of
// name -> {entities: [...]}, each with textRange {startIndex, endIndex}, literal, stringValue | structValue,
// and child `entities`; proto3 JSON omits zero values) and the collector's record schema (platform-api.md
// "Event-log consumer records": topic, key {service, id}, value, partition, offset).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LogRecord } from '../../../src/core/logs/records';
import { UtteranceReader, utteranceOf } from '../../../src/core/discover/utterance';
import { sampleContentOf } from '../../../src/core/discover/annotations';
import { compileDiscoverFilter } from '../../../src/core/discover/filters';
import { TrainingIndex } from '../../../src/core/discover/training';

const clientData = { 'x-nuance-dialog-session-id': 'S1' };
const record = (
  service: string,
  type: string,
  data: Record<string, unknown>,
  offset = 0,
  id = `id-${offset}`,
): LogRecord => ({
  topic: 'COFFEE-DEV',
  key: { service, id },
  partition: 2,
  offset,
  value: {
    specversion: '1.0',
    service,
    source: service,
    type,
    id,
    timestamp: '2026-01-02T03:04:05.000Z',
    appid: 'COFFEE-DEV',
    data,
  },
});
const interpret = (text: string, single: Record<string, unknown>, extra: Record<string, unknown> = {}): LogRecord =>
  record(
    'NLUaaS',
    'Interpret',
    {
      clientData,
      request: { model: { uri: 'urn:nuance-mix:tag:model/coffee-main/mix.nlu?=language=en-US' }, input: { text } },
      response: { result: { literal: text, interpretations: [{ singleIntentInterpretation: single }] } },
      ...extra,
    },
    7,
  );

describe('Interpret records', () => {
  test('text, intent, confidence, locale (from the model URN), session, time and id', () => {
    const u = utteranceOf(
      interpret('a large latte', { intent: 'ORDER_COFFEE', confidence: 0.42, origin: 'STATISTICAL' }),
    );
    assert.ok(u);
    assert.deepEqual(
      { ...u, entities: [...u.entities] },
      {
        id: 'id-7',
        text: 'a large latte',
        intent: 'ORDER_COFFEE',
        confidence: 0.42,
        entities: [],
        locale: 'en-US',
        session: 'S1',
        time: '2026-01-02T03:04:05.000Z',
        audioUrn: undefined,
        topic: 'COFFEE-DEV',
        partition: 2,
        offset: 7,
      },
    );
  });

  test('entities from text ranges: a missing startIndex is 0 (proto3 JSON), children of hierarchical entities, struct values', () => {
    const u = utteranceOf(
      interpret('large latte for Sam', {
        intent: 'ORDER_COFFEE',
        confidence: 0.9,
        entities: {
          DRINK: {
            entities: [
              {
                textRange: { endIndex: 11 },
                literal: 'large latte',
                structValue: { size: 'L' },
                entities: {
                  COFFEE_SIZE: { entities: [{ textRange: { endIndex: 5 }, stringValue: 'L', literal: 'large' }] },
                  COFFEE_TYPE: {
                    entities: [{ textRange: { startIndex: 6, endIndex: 11 }, stringValue: 'latte', literal: 'latte' }],
                  },
                },
              },
            ],
          },
          CUSTOMER_NAME: {
            entities: [{ textRange: { startIndex: 16, endIndex: 19 }, stringValue: 'Sam', literal: 'Sam' }],
          },
          NO_RANGE: { entities: [{ stringValue: 'x' }] },
          OUTSIDE: { entities: [{ textRange: { startIndex: 10, endIndex: 99 } }] },
        },
      }),
    );
    assert.deepEqual(
      u?.entities.map((e) => [e.name, e.start, e.end, e.literal, e.value]),
      [
        ['DRINK', 0, 11, 'large latte', '{"size":"L"}'],
        ['COFFEE_SIZE', 0, 5, 'large', 'L'],
        ['COFFEE_TYPE', 6, 11, 'latte', 'latte'],
        ['CUSTOMER_NAME', 16, 19, 'Sam', 'Sam'],
      ],
    );
  });

  test('data.locale wins over the model URN; records that are not interpretations give nothing', () => {
    assert.equal(
      utteranceOf(interpret('bonjour', { intent: 'GREET', confidence: 1 }, { locale: 'fr-FR' }))?.locale,
      'fr-FR',
    );
    assert.equal(utteranceOf(record('ASRaaS', 'Recognize', { clientData })), undefined);
    assert.equal(
      utteranceOf(
        record('NLUaaS', 'Interpret', { clientData, response: { result: { literal: 'x', interpretations: [] } } }),
      ),
      undefined,
    );
  });

  test("the reader pairs an utterance with its session's call-summary audio, once", () => {
    const reader = new UtteranceReader();
    const urn = 'urn:svc:log:service:audio/asraas/abc';
    assert.equal(
      reader.read(
        record(
          'ASRaaS',
          'asr-callsummary',
          { clientData, audioUrn: urn, callsummary: { recognize: [{ audioUrn: urn }] } },
          1,
        ),
      ),
      undefined,
    );
    assert.equal(reader.read(interpret('hi', { intent: 'A', confidence: 1 }))?.audioUrn, urn);
    assert.equal(reader.read(interpret('hi again', { intent: 'A', confidence: 1 }))?.audioUrn, undefined);
  });
});

describe('annotations from entities', () => {
  const known = (c: string): string | undefined => (c === 'UNKNOWN' ? 'not declared' : undefined);
  const e = (
    name: string,
    start: number,
    end: number,
    text: string,
  ): { name: string; start: number; end: number; literal: string } => ({
    name,
    start,
    end,
    literal: text.slice(start, end),
  });

  test('ranges become annotations, nested ones nest', () => {
    const text = 'a large latte for Sam';
    const { content, dropped } = sampleContentOf(
      text,
      [
        e('COFFEE_SIZE', 2, 7, text),
        e('DRINK', 2, 13, text),
        e('COFFEE_TYPE', 8, 13, text),
        e('CUSTOMER_NAME', 18, 21, text),
      ],
      known,
    );
    assert.deepEqual(content, [
      'a ',
      {
        conceptref: 'DRINK',
        content: [
          { conceptref: 'COFFEE_SIZE', content: ['large'] },
          ' ',
          { conceptref: 'COFFEE_TYPE', content: ['latte'] },
        ],
      },
      ' for ',
      { conceptref: 'CUSTOMER_NAME', content: ['Sam'] },
    ]);
    assert.deepEqual(dropped, []);
  });

  test('unknown concepts and crossing ranges are dropped, with why', () => {
    const text = 'one two three';
    const { content, dropped } = sampleContentOf(
      text,
      [e('A', 0, 7, text), e('B', 4, 13, text), e('UNKNOWN', 8, 13, text)],
      known,
    );
    assert.deepEqual(content, [{ conceptref: 'A', content: ['one two'] }, ' three']);
    assert.deepEqual(
      dropped.map((d) => d.name),
      ['B', 'UNKNOWN'],
    );
  });
});

describe('discover filters and the training index', () => {
  test('normalized match per locale; intent differs; confidence, date and locale bounds', () => {
    const training = TrainingIndex.empty();
    training.add('en-US', 'I would like a Large latte', 'ORDER_COFFEE');
    const u = utteranceOf(interpret('i would like a large latte.', { intent: 'ASK_HOURS', confidence: 0.5 }));
    assert.ok(u);
    const m = training.match(u.text, u.locale);
    assert.deepEqual(m, { inTraining: true, intents: ['ORDER_COFFEE'] });
    assert.equal(training.match(u.text, 'fr-FR').inTraining, false, "another locale's samples do not count");
    assert.equal(compileDiscoverFilter({ intentDiffers: true })(u, m), true);
    assert.equal(compileDiscoverFilter({ notInTraining: true })(u, m), false);
    assert.equal(compileDiscoverFilter({ maxConfidence: 0.49 })(u, m), false);
    assert.equal(compileDiscoverFilter({ minConfidence: 0.5, maxConfidence: 0.5, locale: 'EN-us' })(u, m), true);
    assert.equal(
      compileDiscoverFilter({ from: Date.parse('2026-01-02T03:04:05Z'), to: Date.parse('2026-01-03') })(u, m),
      true,
    );
    assert.equal(compileDiscoverFilter({ from: Date.parse('2026-01-03') })(u, m), false);
  });
});
