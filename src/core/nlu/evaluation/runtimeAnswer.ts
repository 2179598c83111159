// A runtime's Interpret answer (proto3 JSON, core/platform/nluRuntimeTypes.ts) in the engine's InterpretResult shape,
// so an evaluation through the runtime API and one in process are scored by the same code. Proto3 JSON leaves
// zero values out: a missing confidence or index is 0, a missing intent is NO_INTENT.
import type { EntityWire, InterpretResponseWire } from '../../platform/nluRuntimeTypes';
import { NO_INTENT, type EntityMatch, type InterpretResult, type JsonValue, type NluOrigin } from '../engine/types';

export function runtimeAnswer(text: string, response: InterpretResponseWire): InterpretResult {
  const literal = response.result?.literal ?? text;
  const interpretations = (response.result?.interpretations ?? []).flatMap((i) => {
    const s = i.singleIntentInterpretation;
    if (!s) return [];
    return [
      {
        intent: s.intent || NO_INTENT,
        confidence: s.confidence ?? 0,
        origin: originOf(s.origin),
        entities: entitiesOf(s.entities, literal),
      },
    ];
  });
  return { literal, interpretations };
}

function originOf(origin: string | undefined): NluOrigin {
  return origin === 'GRAMMAR' ? 'GRAMMAR' : 'STATISTICAL';
}

function entitiesOf(
  map: Record<string, { entities?: EntityWire[] }> | undefined,
  text: string,
): Record<string, EntityMatch[]> {
  const out: Record<string, EntityMatch[]> = {};
  for (const [name, list] of Object.entries(map ?? {})) {
    out[name] = (list.entities ?? []).map((e) => {
      const startIndex = e.textRange?.startIndex ?? 0;
      const endIndex = e.textRange?.endIndex ?? 0;
      return {
        textRange: { startIndex, endIndex },
        literal: e.literal ?? text.slice(startIndex, endIndex),
        ...(e.stringValue !== undefined ? { value: e.stringValue } : {}),
        ...(e.structValue !== undefined ? { structValue: e.structValue as { [key: string]: JsonValue } } : {}),
        origin: originOf(e.origin),
        confidence: e.confidence ?? 0,
        ...(e.entities ? { entities: entitiesOf(e.entities, text) } : {}),
      };
    });
  }
  return out;
}
