// GrXML quick fixes and refactorings: point the `root` attribute at a rule that exists; rewrite `repeat`
// values into SRGS syntax (`*` → `0-`, `0..1` → `0-1`, `3-1` → `1-3`, `1-1` → removed…).

import type { Diagnostic, TextRange } from '../../formats/diagnostic';
import { getAttribute, type XmlAttribute, type XmlElement } from '../../formats/xml/tree';
import type { LanguageDocument } from '../documents';
import type { CodeActionInfo, TextEdit } from '../types';
import { openTagAt, touches } from '../xml/treeQuery';
import { isCanonicalRepeat, normalizeRepeat } from './repeat';
import { grxmlSymbols } from './symbols';

const MAX_ROOT_CHOICES = 5;

export function grxmlCodeActions(
  doc: LanguageDocument,
  range: TextRange,
  diagnostics: readonly Diagnostic[],
): CodeActionInfo[] {
  const out: CodeActionInfo[] = [];
  for (const d of diagnostics) {
    if (d.code === 'SRGS007' || d.code === 'SRGS008') for (const item of rootActions(doc, d)) out.push(item);
    else if (d.code === 'SRGS014' || d.code === 'SRGS015') {
      const action = repeatAction(doc, d.range.start, d);
      if (action) out.push(action);
    }
  }
  if (!out.some((a) => a.title.startsWith('Normalize repeat'))) {
    const action = repeatAction(doc, range.start);
    if (action) out.push(action);
  }
  return out;
}

function rootActions(doc: LanguageDocument, d: Diagnostic): CodeActionInfo[] {
  const result = doc.grxml();
  const root = result.tree.root;
  const attr = root ? getAttribute(root, 'root') : undefined;
  if (!attr) return [];
  const rules = grxmlSymbols(result).rules.filter((r) => r.id !== '');
  const ordered = [...rules].sort((a, b) => Number(b.rule.scope === 'public') - Number(a.rule.scope === 'public'));
  return ordered.slice(0, MAX_ROOT_CHOICES).map((r, i) => ({
    title: `Set root to '${r.id}'`,
    kind: 'quickfix' as const,
    diagnostic: d,
    preferred: i === 0,
    edits: [{ path: doc.id, edits: [{ range: attr.valueRange, newText: r.id }] }],
  }));
}

function repeatAction(doc: LanguageDocument, offset: number, d?: Diagnostic): CodeActionInfo | undefined {
  const tag = openTagAt(doc.grxml().tree, offset);
  const attr = tag ? getAttribute(tag.element, 'repeat') : undefined;
  if (!tag || !attr || (!d && !touches(attr.range, offset))) return undefined;
  if (isCanonicalRepeat(attr.value)) return undefined;
  const normalized = normalizeRepeat(attr.value);
  if (!normalized) return undefined;
  const edit =
    normalized.value === undefined
      ? removeAttribute(doc.text, tag.element, attr)
      : { range: attr.valueRange, newText: normalized.value };
  const title =
    normalized.value === undefined
      ? `Normalize repeat: remove repeat="${attr.value}" (${normalized.meaning} is the default)`
      : `Normalize repeat: "${attr.value}" → "${normalized.value}" (${normalized.meaning})`;
  const action: CodeActionInfo = {
    title,
    kind: d ? 'quickfix' : 'refactor.rewrite',
    edits: [{ path: doc.id, edits: [edit] }],
  };
  if (d) {
    action.diagnostic = d;
    action.preferred = true;
  }
  return action;
}

function removeAttribute(text: string, _el: XmlElement, attr: XmlAttribute): TextEdit {
  let start = attr.range.start;
  while (start > 0 && /[ \t\r\n]/.test(text[start - 1] ?? '')) start--;
  return { range: { start, end: attr.range.end }, newText: '' };
}
