// The outline of a GrXML document: its rules, with their scope, the root marked.

import type { LanguageDocument } from '../documents';
import type { DocumentSymbolInfo } from '../types';
import { grxmlSymbols } from './symbols';

export function grxmlOutline(doc: LanguageDocument): DocumentSymbolInfo[] {
  const result = doc.grxml();
  const root = result.grammar.root;
  return grxmlSymbols(result).rules.map((r) => ({
    name: r.id || '(rule without id)',
    kind: 'rule',
    range: r.range,
    selectionRange: r.idRange.start >= r.range.start && r.idRange.end <= r.range.end ? r.idRange : r.range,
    detail: `${r.rule.scope}${r.id !== '' && r.id === root ? ' · root' : ''}`,
    children: [],
  }));
}
