// The outline of a TRSX document: intents, concepts, dictionaries, and the samples grouped by intent. Large
// files list their samples only up to a limit (the outline and breadcrumbs must stay responsive); the groups
// and their counts are always there.

import type { TextRange } from '../../formats/diagnostic';
import type { TrsxSample } from '../../formats/trsx/model';
import { normalizedSampleText } from '../../formats/trsx/sample-text';
import type { XmlElement } from '../../formats/xml/tree';
import type { LanguageDocument } from '../documents';
import type { DocumentSymbolInfo } from '../types';
import { tagNameRange } from '../xml/treeQuery';
import { trsxSymbols } from './symbols';

/** Samples listed one by one in the outline, at most. */
export const MAX_SAMPLE_SYMBOLS = 2000;
const MAX_LABEL = 60;

function spanning(elements: readonly XmlElement[]): TextRange | undefined {
  const first = elements[0];
  const last = elements[elements.length - 1];
  return first && last ? { start: first.range.start, end: last.range.end } : undefined;
}

/** A symbol with no children yet, selected at `selectionRange`. */
function symbol(
  name: string,
  kind: DocumentSymbolInfo['kind'],
  detail: string,
  range: TextRange,
  selectionRange: TextRange,
): DocumentSymbolInfo {
  return { name, kind, range, selectionRange, children: [], detail };
}

/** The symbol of a declaration (intent, concept, dictionary): its element, selected at its name. */
function declaration(
  declared: { range: TextRange; nameRange: TextRange },
  name: string,
  kind: DocumentSymbolInfo['kind'],
  detail: string,
): DocumentSymbolInfo {
  return symbol(name, kind, detail, declared.range, declared.nameRange);
}

function label(sample: TrsxSample): string {
  const text = normalizedSampleText(sample.content);
  if (text === '') return '(empty sample)';
  return text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text;
}

export function trsxOutline(doc: LanguageDocument): DocumentSymbolInfo[] {
  const result = doc.trsx();
  const symbols = trsxSymbols(result);
  const { sections } = result.index;
  const out: DocumentSymbolInfo[] = [];
  const section = (
    name: string,
    elements: readonly XmlElement[],
    children: DocumentSymbolInfo[],
    detail?: string,
  ): void => {
    const range = spanning(elements);
    const first = elements[0];
    if (!range || !first) return;
    const item: DocumentSymbolInfo = { name, kind: 'section', range, selectionRange: tagNameRange(first), children };
    if (detail !== undefined) item.detail = detail;
    out.push(item);
  };
  const counts = symbols.sampleCounts();
  section(
    'Intents',
    sections.intents,
    symbols.intents.map((i) =>
      declaration(i, i.name || '(unnamed intent)', 'intent', `${counts.get(i.name)?.samples ?? 0} samples`),
    ),
  );
  section(
    'Concepts',
    sections.concepts,
    symbols.concepts.map((c) =>
      declaration(
        c,
        c.name || '(unnamed concept)',
        'concept',
        c.concept.ruleGrammarFileName !== undefined
          ? `rule-based · ${c.concept.ruleGrammarFileName}`
          : (c.concept.dataType ?? 'not_set'),
      ),
    ),
  );
  section(
    'Dictionaries',
    sections.dictionaries,
    symbols.dictionaries.map((d) =>
      declaration(d, d.conceptref || '(no conceptref)', 'dictionary', `${d.dictionary.entries.length} literals`),
    ),
  );

  const samples = result.document.samples;
  const listed = samples.length <= MAX_SAMPLE_SYMBOLS;
  const groups = new Map<string, DocumentSymbolInfo>();
  for (const sample of samples) {
    const el = symbols.element(sample);
    if (!el) continue;
    let group = groups.get(sample.intentref);
    if (!group) {
      group = symbol(sample.intentref || '(no intentref)', 'intent', '', el.range, tagNameRange(el));
      groups.set(sample.intentref, group);
    }
    group.range = { start: group.range.start, end: el.range.end };
    if (listed)
      group.children.push(
        symbol(
          label(sample),
          'sample',
          sample.count !== undefined ? `×${sample.count}` : '',
          el.range,
          tagNameRange(el),
        ),
      );
  }
  for (const [intent, group] of groups) group.detail = `${counts.get(intent)?.samples ?? 0} samples`;
  section(
    'Samples',
    sections.samples,
    [...groups.values()],
    listed ? undefined : `${samples.length} samples (listed by intent only above ${MAX_SAMPLE_SYMBOLS})`,
  );
  return out;
}
