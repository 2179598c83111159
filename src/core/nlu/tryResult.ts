// What "try an utterance" shows of a runtime answer (CLI `cstudio try` and the Try panel): the n-best with
// confidences and origins, and each candidate's entities flattened in text order, nested (relational) ones with
// their depth, each with its literal, value and `[start, end)` character range in the text.
import type { EntityWire, InterpretResponseWire } from '../platform/nluRuntimeTypes';

export interface TriedEntity {
  readonly name: string;
  readonly literal: string;
  /** `stringValue`, or the JSON of `structValue`. */
  readonly value: string;
  readonly start: number;
  readonly end: number;
  readonly origin: string;
  readonly confidence: number;
  /** 0 for a top-level entity, 1 for its child, … */
  readonly depth: number;
}

export interface TriedCandidate {
  readonly intent: string;
  readonly confidence: number;
  readonly origin: string;
  readonly entities: readonly TriedEntity[];
}

export interface TriedUtterance {
  readonly text: string;
  readonly candidates: readonly TriedCandidate[];
}

function flatten(
  map: Record<string, { entities?: EntityWire[] }> | undefined,
  text: string,
  depth: number,
  out: TriedEntity[],
): void {
  for (const [name, list] of Object.entries(map ?? {})) {
    for (const e of list.entities ?? []) {
      // Proto3 JSON leaves zero values out: a missing startIndex is 0.
      const start = e.textRange?.startIndex ?? 0;
      const end = e.textRange?.endIndex ?? 0;
      const value = e.stringValue ?? (e.structValue !== undefined ? JSON.stringify(e.structValue) : (e.literal ?? ''));
      out.push({
        name,
        literal: e.literal ?? text.slice(start, end),
        value,
        start,
        end,
        origin: e.origin ?? 'UNKNOWN',
        confidence: e.confidence ?? 0,
        depth,
      });
      flatten(e.entities, text, depth + 1, out);
    }
  }
}

export function triedUtterance(text: string, response: InterpretResponseWire): TriedUtterance {
  const literal = response.result?.literal ?? text;
  const candidates = (response.result?.interpretations ?? []).flatMap((i) => {
    const s = i.singleIntentInterpretation;
    if (!s) return [];
    const entities: TriedEntity[] = [];
    flatten(s.entities, literal, 0, entities);
    entities.sort((a, b) => a.start - b.start || a.depth - b.depth);
    return [{ intent: s.intent ?? '', confidence: s.confidence ?? 0, origin: s.origin ?? 'UNKNOWN', entities }];
  });
  return { text: literal, candidates };
}
