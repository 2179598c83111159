// The one normalization behind "already a sample" (discover) and normalized-identical conflicts (report).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { normalize } from '../../../src/core/nlu/sampleText';

describe('sample text normalize', () => {
  test('folds case, collapses whitespace and drops sentence punctuation', () => {
    assert.equal(normalize('  I want a Large\t Coffee, please!'), 'i want a large coffee please');
    assert.equal(normalize('¿Qué tal?'), 'qué tal');
    assert.equal(normalize('"quoted" - dash'), 'quoted dash');
  });
  test('keeps apostrophes and hyphens inside words, so different words stay different', () => {
    assert.equal(normalize('Don’t'), "don't");
    assert.notEqual(normalize("don't"), normalize('dont'));
    assert.equal(normalize('rock-n-roll'), 'rock-n-roll');
  });
  test('an utterance and the same words typed differently compare equal', () => {
    assert.equal(normalize('I would like an espresso.'), normalize('i would like an  espresso'));
  });
});
