// An interpreted utterance as TRSX sample content: each entity's text range becomes an `<annotation
// conceptref>` around that text; a range inside another nests in it (hierarchical entities, e.g. DRINK
// holding COFFEE_SIZE). Ranges that cross each other cannot be written as XML: the later one is dropped, and
// so are entities `check` refuses (entityLiterals.ts: undeclared, or a span that is not one of a list entity's
// literals). A dropped entity leaves its text in the sample, unannotated.
import type { SampleNode } from '../formats/trsx/model';
import type { AnnotationCheck } from './entityLiterals';
import type { InterpretedEntity } from './utterance';

export interface SampleContent {
  readonly content: SampleNode[];
  /** Entities left out, with why. */
  readonly dropped: Array<{ name: string; literal: string; reason: string }>;
}

export function sampleContentOf(
  text: string,
  entities: readonly InterpretedEntity[],
  check: AnnotationCheck,
): SampleContent {
  const dropped: SampleContent['dropped'] = [];
  const usable: InterpretedEntity[] = [];
  for (const e of [...entities].sort((a, b) => a.start - b.start || b.end - a.end)) {
    // The span's own text is what the sample will hold (the reported literal may be normalized).
    const refused = check(e.name, text.slice(e.start, e.end));
    if (refused) {
      dropped.push({ name: e.name, literal: e.literal, reason: refused });
      continue;
    }
    const crossing = usable.find((u) => u.start < e.start && e.start < u.end && u.end < e.end);
    if (crossing) {
      dropped.push({
        name: e.name,
        literal: e.literal,
        reason: `it overlaps ${crossing.name} without being inside it`,
      });
      continue;
    }
    usable.push(e);
  }
  return { content: build(text, 0, text.length, usable), dropped };
}

/** Content of text[start, end) with the entities inside it, outermost first. */
function build(text: string, start: number, end: number, entities: readonly InterpretedEntity[]): SampleNode[] {
  const nodes: SampleNode[] = [];
  let cursor = start;
  let i = 0;
  while (i < entities.length) {
    const e = entities[i] as InterpretedEntity;
    // Children: the entities after it that lie inside it.
    let j = i + 1;
    while (
      j < entities.length &&
      (entities[j] as InterpretedEntity).end <= e.end &&
      (entities[j] as InterpretedEntity).start < e.end
    )
      j++;
    if (e.start > cursor) nodes.push(text.slice(cursor, e.start));
    nodes.push({ conceptref: e.name, content: build(text, e.start, e.end, entities.slice(i + 1, j)) });
    cursor = e.end;
    i = j;
  }
  if (end > cursor) nodes.push(text.slice(cursor, end));
  return nodes;
}
