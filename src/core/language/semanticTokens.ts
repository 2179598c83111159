// Semantic highlighting: what the TextMate grammars (syntaxes/) cannot know, from the symbol tables navigation and
// rename already build. TRSX: intent and concept names, declared and referenced (predefined `nuance_` entities
// marked as the platform's). GrXML: rule ids, local and external rule references, and the grammar file of an
// external reference. The kinds match the outline's (intent: event, concept: class, rule: function).
import type { TextRange } from '../formats/diagnostic';
import { isPredefinedConcept } from '../formats/trsx/predefined';
import type { LanguageDocument } from './documents';
import { grxmlSymbols } from './grxml/symbols';
import { trsxSymbols } from './trsx/symbols';

/** The legend's order is the wire's: a token's type and modifiers are sent as indexes into these lists. */
export const SEMANTIC_TOKEN_TYPES = ['event', 'class', 'function', 'namespace'] as const;
export const SEMANTIC_TOKEN_MODIFIERS = ['declaration', 'defaultLibrary'] as const;

export type SemanticTokenType = (typeof SEMANTIC_TOKEN_TYPES)[number];
export type SemanticTokenModifier = (typeof SEMANTIC_TOKEN_MODIFIERS)[number];

export interface SemanticToken {
  range: TextRange;
  type: SemanticTokenType;
  modifiers: SemanticTokenModifier[];
}

function concept(range: TextRange, name: string, declaration: boolean): SemanticToken {
  const modifiers: SemanticTokenModifier[] = declaration ? ['declaration'] : [];
  if (isPredefinedConcept(name)) modifiers.push('defaultLibrary');
  return { range, type: 'class', modifiers };
}

function trsxTokens(doc: LanguageDocument): SemanticToken[] {
  const table = trsxSymbols(doc.trsx());
  return [
    ...table.intents.map((i): SemanticToken => ({ range: i.nameRange, type: 'event', modifiers: ['declaration'] })),
    ...table.concepts.map((c) => concept(c.nameRange, c.name, true)),
    ...table.intentReferences().map((r): SemanticToken => ({ range: r.range, type: 'event', modifiers: [] })),
    ...table.conceptReferences().map((r) => concept(r.range, r.name, false)),
  ];
}

function grxmlTokens(doc: LanguageDocument): SemanticToken[] {
  const table = grxmlSymbols(doc.grxml());
  const tokens = table.rules.map(
    (r): SemanticToken => ({ range: r.idRange, type: 'function', modifiers: ['declaration'] }),
  );
  for (const ref of table.references) {
    if (ref.fileRange) tokens.push({ range: ref.fileRange, type: 'namespace', modifiers: [] });
    if (ref.rule !== undefined) tokens.push({ range: ref.nameRange, type: 'function', modifiers: [] });
  }
  return tokens;
}

/**
 * The document's tokens in text order, empty ones and those whose name is missing dropped (a declaration without
 * its attribute points at the whole tag). Only tokens overlapping `within` when it is given.
 */
export function semanticTokens(doc: LanguageDocument, within?: TextRange): SemanticToken[] {
  if (doc.languageId === 'dialog') return []; // JSON: the editor's own highlighting
  const all = doc.languageId === 'trsx' ? trsxTokens(doc) : grxmlTokens(doc);
  return all
    .filter((t) => t.range.end > t.range.start && !doc.text.slice(t.range.start, t.range.end).includes('<'))
    .filter((t) => !within || (t.range.end > within.start && t.range.start < within.end))
    .sort((a, b) => a.range.start - b.range.start);
}
