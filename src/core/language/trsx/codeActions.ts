// TRSX quick fixes: for an intent or concept that samples, annotations, links, relations or dictionaries refer
// to but nobody declares, first the nearest declared names (a typo is likelier than a new name), then declare
// it; remove a duplicate sample (optionally adding its count to the first occurrence).

import type { Diagnostic } from '../../formats/diagnostic';
import { escapeXmlAttribute } from '../../formats/xml/entities';
import type { TrsxSample } from '../../formats/trsx/model';
import { annotatedSampleKey } from '../../formats/trsx/sample-text';
import { sampleCountEdit } from '../../formats/trsx/sampleCount';
import type { LanguageDocument } from '../documents';
import { nearestNames } from '../nearestNames';
import type { CodeActionInfo, TextEdit } from '../types';
import { appendChild, removeElement } from '../xml/insertion';
import { positionIn } from '../xml/treeQuery';
import { trsxSymbolAt, trsxSymbols } from './symbols';

const MISSING_INTENT = new Set(['TRSX020']);
const MISSING_CONCEPT = new Set(['TRSX021', 'TRSX022', 'TRSX023', 'TRSX024']);

export function trsxCodeActions(doc: LanguageDocument, diagnostics: readonly Diagnostic[]): CodeActionInfo[] {
  const out: CodeActionInfo[] = [];
  const declared = new Set<string>();
  for (const d of diagnostics) {
    if (MISSING_INTENT.has(d.code) || MISSING_CONCEPT.has(d.code)) {
      const kind = MISSING_INTENT.has(d.code) ? 'intent' : 'concept';
      for (const action of [...nearestNameActions(doc, d, kind), declareAction(doc, d, kind)]) {
        if (action && !declared.has(action.title)) {
          declared.add(action.title);
          out.push(action);
        }
      }
    } else if (d.code === 'TRSX032') {
      for (const item of duplicateActions(doc, d)) out.push(item);
    }
  }
  return out;
}

/** "Did you mean COFFEE_SIZE?": replaces the unknown reference with a declared name close to it. */
function nearestNameActions(doc: LanguageDocument, d: Diagnostic, kind: 'intent' | 'concept'): CodeActionInfo[] {
  const result = doc.trsx();
  const at = trsxSymbolAt(result, d.range.start);
  if (!at || at.kind !== kind || at.name === '') return [];
  const symbols = trsxSymbols(result);
  const declared = (kind === 'intent' ? symbols.intents : symbols.concepts).map((s) => s.name);
  return nearestNames(at.name, declared).map((name, i) => ({
    title: `Did you mean '${name}'? (replace '${at.name}')`,
    kind: 'quickfix',
    diagnostic: d,
    preferred: i === 0,
    edits: [{ path: doc.id, edits: [{ range: at.range, newText: escapeXmlAttribute(name) }] }],
  }));
}

function declareAction(doc: LanguageDocument, d: Diagnostic, kind: 'intent' | 'concept'): CodeActionInfo | undefined {
  const result = doc.trsx();
  const at = trsxSymbolAt(result, d.range.start);
  if (!at || at.kind !== kind || at.name === '') return undefined;
  const edit = declarationEdit(doc, kind, at.name);
  if (!edit) return undefined;
  const preferred = nearestNameActions(doc, d, kind).length === 0;
  return {
    title: `Declare ${kind} '${at.name}'`,
    kind: 'quickfix',
    edits: [{ path: doc.id, edits: [edit] }],
    diagnostic: d,
    preferred,
  };
}

/** Adds `<intent name=…/>` to <intents> or `<concept name=…/>` to <concepts> (creating the section in <ontology> if needed). */
export function declarationEdit(doc: LanguageDocument, kind: 'intent' | 'concept', name: string): TextEdit | undefined {
  const { index } = doc.trsx();
  const markup = `<${kind} name="${escapeXmlAttribute(name)}"/>`;
  const section = (kind === 'intent' ? index.sections.intents : index.sections.concepts)[0];
  if (section) return appendChild(doc.text, section, markup);
  const ontology = index.sections.ontology[0];
  if (!ontology) return undefined;
  const wrapper = kind === 'intent' ? 'intents' : 'concepts';
  if (kind === 'intent' && index.sections.concepts[0]) {
    // <intents> must come before <concepts>.
    const concepts = index.sections.concepts[0];
    const indent = doc.text.slice(doc.text.lastIndexOf('\n', concepts.range.start - 1) + 1, concepts.range.start);
    return {
      range: { start: concepts.range.start, end: concepts.range.start },
      newText: `<${wrapper}>\n${indent}  ${markup}\n${indent}</${wrapper}>\n${indent}`,
    };
  }
  return appendChild(doc.text, ontology, `<${wrapper}>${markup}</${wrapper}>`);
}

function duplicateActions(doc: LanguageDocument, d: Diagnostic): CodeActionInfo[] {
  const result = doc.trsx();
  const el = positionIn(result.tree, d.range.start).path.find(
    (e) => e.name === 'sample' && e.range.start === d.range.start,
  );
  if (!el) return [];
  const symbols = trsxSymbols(result);
  const samples = result.document.samples;
  const sample = samples.find((s) => symbols.element(s) === el);
  if (!sample) return [];
  const remove = removeElement(doc.text, el);
  const actions: CodeActionInfo[] = [];
  const first = firstIdentical(samples, sample);
  const firstEl = first ? symbols.element(first) : undefined;
  if (first && firstEl) {
    const total = (first.count ?? 1) + (sample.count ?? 1);
    actions.push({
      title: `Remove duplicate sample and raise the first one's count to ${total}`,
      kind: 'quickfix',
      diagnostic: d,
      preferred: true,
      edits: [{ path: doc.id, edits: [sampleCountEdit(firstEl, total), remove] }],
    });
  }
  actions.push({
    title: 'Remove duplicate sample',
    kind: 'quickfix',
    diagnostic: d,
    edits: [{ path: doc.id, edits: [remove] }],
  });
  return actions;
}

function firstIdentical(samples: readonly TrsxSample[], sample: TrsxSample): TrsxSample | undefined {
  const key = annotatedSampleKey(sample.content).toLowerCase();
  for (const s of samples) {
    if (s === sample) return undefined;
    if (s.intentref === sample.intentref && annotatedSampleKey(s.content).toLowerCase() === key) return s;
  }
  return undefined;
}
