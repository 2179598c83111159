// An engine's (or a runtime's) answer for a test utterance as a Prediction: the top interpretation's intent and
// confidence, and its top-level entities with their literal and value (a struct flattened, entityValues.ts).
import type { EntityMatch, InterpretResult } from '../engine/types';
import { NO_INTENT } from '../engine/types';
import { flattenStruct } from './entityValues';
import type { PredictedEntity, Prediction } from './prediction';
import type { TestUtterance } from './testSet';

export function interpretedPrediction(set: string, u: TestUtterance, result: InterpretResult): Prediction {
  const top = result.interpretations[0];
  return {
    set,
    line: u.line,
    text: u.text,
    expected: u.intent,
    predicted: top?.intent ?? NO_INTENT,
    confidence: top?.confidence ?? 0,
    expectedEntities: u.entities,
    entities: top ? predictedEntities(top.entities) : [],
  };
}

function predictedEntities(entities: Record<string, EntityMatch[]>): PredictedEntity[] {
  const out: PredictedEntity[] = [];
  for (const name of Object.keys(entities).sort()) {
    for (const m of entities[name] ?? []) {
      const value = m.value ?? (m.structValue ? flattenStruct(m.structValue) : undefined);
      out.push({ entity: name, literal: m.literal, ...(value !== undefined ? { value } : {}) });
    }
  }
  return out;
}
