// The sandbox's traffic mix: documented rates, seeded replay, and the contract the discover tests rely on
// (planted utterances are never a training sample and score at most PLANTED_MAX_CONFIDENCE).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { normalize } from '../../../src/core/formats/sampleText';
import { prng } from '../../../src/core/prng';
import { coffeeShopContent } from '../../../src/sandbox/seedContent';
import { utterancesOf } from '../../../src/sandbox/logs/sessionScripts';
import {
  PLANTED_MAX_CONFIDENCE,
  TRAFFIC_KINDS,
  TRAFFIC_RATES,
  TrafficMix,
  type TrafficTurn,
} from '../../../src/sandbox/logs/trafficMix';

const pool = utterancesOf(coffeeShopContent(), 'en-US');
const draw = (seed: number, n: number, locale = 'en-US', from = pool): TrafficTurn[] => {
  const mix = new TrafficMix(from, locale);
  const rand = prng(seed);
  return Array.from({ length: n }, () => mix.next(rand));
};

describe('sandbox traffic mix', () => {
  test('the demo pool has several intents and annotated samples, so every kind can be made', () => {
    assert.ok(new Set(pool.map((u) => u.intent)).size >= 3);
    assert.ok(pool.some((u) => u.entities.length > 0));
  });

  test('kinds come at the documented rates', () => {
    const turns = draw(7, 4000);
    for (const kind of TRAFFIC_KINDS) {
      const share = turns.filter((t) => t.kind === kind).length / turns.length;
      assert.ok(Math.abs(share - TRAFFIC_RATES[kind]) < 0.03, `${kind}: ${share} vs ${TRAFFIC_RATES[kind]}`);
    }
  });

  test('planted utterances are not in training and score low; training sentences score high', () => {
    const trained = new Set(pool.map((u) => normalize(u.text)));
    for (const t of draw(11, 2000)) {
      const c = t.utterance.confidence ?? -1;
      if (t.kind === 'training') {
        assert.ok(trained.has(normalize(t.utterance.text)));
        assert.ok(c > PLANTED_MAX_CONFIDENCE, `${t.utterance.text}: ${c}`);
      } else {
        assert.ok(!trained.has(normalize(t.utterance.text)), `${t.kind} "${t.utterance.text}" is a training sentence`);
        assert.ok(c >= 0 && c <= PLANTED_MAX_CONFIDENCE, `${t.kind}: ${c}`);
      }
      // Every entity's literal is in the text, where the Interpret record's text range will point.
      for (const e of t.utterance.entities)
        assert.ok(t.utterance.text.includes(e.literal), `${e.literal} in "${t.utterance.text}"`);
    }
  });

  test('wrong-intent and unseen-entity turns change what they say they change', () => {
    const turns = draw(3, 2000);
    const known = new Set(pool.flatMap((u) => u.entities.map((e) => normalize(e.literal))));
    const wrong = turns.filter((t) => t.kind === 'wrongIntent');
    assert.ok(wrong.length > 0);
    for (const t of wrong) {
      // A paraphrase of a training sentence (fillers around it) under another intent than that sentence's.
      const sources = pool.filter((u) => t.utterance.text.includes(u.text));
      assert.ok(
        sources.length > 0 && sources.some((u) => u.intent !== t.utterance.intent),
        `"${t.utterance.text}" as ${t.utterance.intent}`,
      );
    }
    for (const t of turns.filter((x) => x.kind === 'unseenEntity')) {
      assert.ok(
        t.utterance.entities.some((e) => !known.has(normalize(e.literal))),
        `"${t.utterance.text}" has an unseen literal`,
      );
    }
  });

  test('a fr-CA caller adds French fillers and asks French out-of-domain questions, never English ones (issue 26)', () => {
    const french = utterancesOf(coffeeShopContent(), 'fr-CA');
    const trained = new Set(french.map((u) => normalize(u.text)));
    const english =
      /\b(um|uh|please|thanks|thank you|right now|if you can|for me|hey|okay so|hi there|could you|what|weather|play|tell me)\b/i;
    const turns = draw(5, 1500, 'fr-CA', french);
    const paraphrased = turns.filter((t) => t.kind === 'paraphrase' || t.kind === 'wrongIntent');
    assert.ok(paraphrased.length > 50 && turns.some((t) => t.kind === 'outOfDomain'));
    for (const t of turns.filter((x) => x.kind !== 'asrError' && x.kind !== 'unseenEntity')) {
      assert.doesNotMatch(t.utterance.text, english, `${t.kind}: "${t.utterance.text}"`);
    }
    // The fillers are French words around a French training sentence.
    assert.ok(
      paraphrased.some(
        (t) =>
          /^(euh|alors|bonjour|oui|bon|donc|allô|eh bien|pouvez-vous) /.test(t.utterance.text) ||
          /(s'il vous plaît|merci|tout de suite|si possible|pour moi)$/.test(t.utterance.text),
      ),
    );
    assert.ok(paraphrased.every((t) => !trained.has(normalize(t.utterance.text))));
  });

  test("a language without its own fillers gets no paraphrase made of another language's", () => {
    const turns = draw(9, 500, 'ja-JP');
    assert.ok(
      turns.every((t) => t.kind !== 'paraphrase' && t.kind !== 'outOfDomain' && t.kind !== 'wrongIntent'),
      'no filler-based kinds',
    );
  });

  test('the same seed replays the same utterances; another seed does not', () => {
    const text = (ts: TrafficTurn[]): string[] =>
      ts.map((t) => `${t.kind}:${t.utterance.text}:${t.utterance.intent}:${t.utterance.confidence}`);
    assert.deepEqual(text(draw(42, 200)), text(draw(42, 200)));
    assert.notDeepEqual(text(draw(42, 200)), text(draw(43, 200)));
  });
});
