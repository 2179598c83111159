// The engine's answer (core/nlu/engine) as the runtime's InterpretResult in proto3 JSON
// (../shared/spec/nlu-runtime-notes.md, "Response"; the public stubs app/src/lib/proto/nuance/nlu/v1/
// single-intent-interpretation_pb.d.ts and multi-intent-interpretation_pb.d.ts). Maps are always present, empty
// or not: the public demo client walks `Object.keys(root.entities)` and `e.entities` without a guard
// (app/src/components/nluaas.js). A multi-intent request gets each candidate as a tree of one intent node whose
// children are its entities: the engine finds one intent per utterance, never AND/OR/NOT of several.
import type { EntityMatch, InterpretResult } from '../../core/nlu/engine/types';
import type { ResultType } from './interpretRequest';

type Json = Record<string, unknown>;

function entityValue(e: EntityMatch): Json {
  return e.structValue !== undefined ? { structValue: e.structValue } : { stringValue: e.value ?? e.literal };
}

function singleEntity(e: EntityMatch): Json {
  return {
    textRange: { ...e.textRange },
    formattedTextRange: { ...e.textRange },
    confidence: e.confidence,
    origin: e.origin,
    entities: entityMap(e.entities ?? {}),
    ...entityValue(e),
    literal: e.literal,
    formattedLiteral: e.literal,
    sensitive: false,
  };
}

function entityMap(entities: Record<string, EntityMatch[]>): Json {
  return Object.fromEntries(
    Object.entries(entities).map(([name, matches]) => [name, { entities: matches.map(singleEntity) }]),
  );
}

function entityNode(name: string, e: EntityMatch): Json {
  return {
    entity: {
      name,
      textRange: { ...e.textRange },
      formattedTextRange: { ...e.textRange },
      confidence: e.confidence,
      origin: e.origin,
      children: entityNodes(e.entities ?? {}),
      ...entityValue(e),
      literal: e.literal,
      formattedLiteral: e.literal,
      sensitive: false,
    },
  };
}

function entityNodes(entities: Record<string, EntityMatch[]>): Json[] {
  return Object.entries(entities).flatMap(([name, matches]) => matches.map((m) => entityNode(name, m)));
}

/** The wire result of one interpretation, as the request's result type asks. */
export function interpretResultWire(result: InterpretResult, resultType: ResultType): Json {
  const whole = { startIndex: 0, endIndex: result.literal.length };
  return {
    literal: result.literal,
    formattedLiteral: result.literal,
    sensitive: false,
    interpretations: result.interpretations.map((i) =>
      resultType === 'MULTI_INTENT'
        ? {
            multiIntentInterpretation: {
              root: {
                intent: {
                  name: i.intent,
                  textRange: whole,
                  formattedTextRange: whole,
                  confidence: i.confidence,
                  origin: i.origin,
                  children: entityNodes(i.entities),
                  literal: result.literal,
                  formattedLiteral: result.literal,
                  sensitive: false,
                },
              },
            },
          }
        : {
            singleIntentInterpretation: {
              intent: i.intent,
              confidence: i.confidence,
              origin: i.origin,
              entities: entityMap(i.entities),
              metadata: {},
            },
          },
    ),
  };
}
