// Which interpreted entities may become annotations of a new sample: the one owner of that rule (issue 26). A
// model's guess is not a fact about the project: "pumpkin spice" interpreted as COFFEE_SIZE must not teach the
// model that it is a size. A list entity is annotated only when the span's text is one of its literals or values in
// this locale's TRSX (its dictionary, or a sample already annotated with it), compared as sample text is
// (core/formats/sampleText.ts). Entities without a list in the TRSX to check against (freetext, regex and grammar
// entities, dynamic lists, hierarchical ones holding others, predefined ones) keep the interpretation's span.
import { sampleText, type SampleNode, type TrsxDocument } from '../formats/trsx/model';
import { isPredefinedConcept } from '../formats/trsx/predefined';
import { normalize } from '../formats/sampleText';

/** Why the span `text` cannot be annotated with `concept`, or undefined when it can. */
export type AnnotationCheck = (concept: string, text: string) => string | undefined;

export const NOT_DECLARED = "the entity is not declared in this locale's TRSX";

export function annotationCheck(doc: TrsxDocument): AnnotationCheck {
  const concepts = new Map(doc.concepts.map((c) => [c.name, c]));
  const literals = new Map<string, Set<string>>();
  const add = (concept: string, text: string | undefined): void => {
    if (text === undefined || text.trim() === '') return;
    let set = literals.get(concept);
    if (!set) literals.set(concept, (set = new Set()));
    set.add(normalize(text));
  };
  for (const d of doc.dictionaries)
    for (const e of d.entries) {
      add(d.conceptref, e.literal);
      add(d.conceptref, e.value);
    }
  const visit = (nodes: readonly SampleNode[]): void => {
    for (const n of nodes)
      if (typeof n !== 'string') {
        add(n.conceptref, sampleText(n.content));
        visit(n.content);
      }
  };
  for (const s of doc.samples) visit(s.content);
  return (name, text) => {
    const concept = concepts.get(name);
    if (!concept) return isPredefinedConcept(name) ? undefined : NOT_DECLARED;
    const unlisted =
      concept.freetext ||
      concept.dynamic ||
      concept.regex !== undefined ||
      concept.ruleGrammarFileName !== undefined ||
      concept.relations.some((r) => r.type === 'hasA');
    if (unlisted) return undefined;
    if (literals.get(name)?.has(normalize(text))) return undefined;
    return `"${text}" is not a literal or value of ${name} in this locale's TRSX (its dictionary or its annotated samples)`;
  };
}
