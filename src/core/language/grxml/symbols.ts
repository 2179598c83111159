// The rules of a GrXML document and the references to them: `<rule id>`, `<ruleref uri="#id">`,
// `<ruleref uri="other.grxml#id">` and the grammar's `root` attribute, with the ranges of the names inside the
// attribute values (what rename rewrites). Built from the parse result on first use and kept for it.

import type { TextRange } from '../../formats/diagnostic';
import type { Rule } from '../../formats/grxml/model';
import type { GrxmlParseResult } from '../../formats/grxml/parse';
import { localName } from '../../formats/grxml/xmlNames';
import { getAttribute, type XmlElement, type XmlNode } from '../../formats/xml/tree';
import { touches } from '../xml/treeQuery';

export interface RuleDeclaration {
  id: string;
  rule: Rule;
  idRange: TextRange;
  range: TextRange;
}

export interface RuleReference {
  /** `root` is the grammar's root attribute; `ruleref` a rule reference. */
  kind: 'ruleref' | 'root';
  /** The referenced rule id (undefined: an external reference to another grammar's root rule). */
  rule?: string;
  /** The grammar file part of an external reference, as written. */
  file?: string;
  /** The rule name inside the attribute value (empty at the end of `file` when there is no `#rule`). */
  nameRange: TextRange;
  /** The file part inside the attribute value. */
  fileRange?: TextRange;
  /** The whole attribute value. */
  valueRange: TextRange;
  element: XmlElement;
}

export class GrxmlSymbols {
  readonly rules: RuleDeclaration[] = [];
  readonly references: RuleReference[] = [];

  constructor(readonly result: GrxmlParseResult) {
    const { grammar, tree } = result;
    for (const rule of grammar.rules) this.rules.push({ id: rule.id, rule, idRange: rule.idRange, range: rule.range });
    const root = tree.root;
    if (!root || localName(root.name) !== 'grammar') return;
    const rootAttr = getAttribute(root, 'root');
    if (rootAttr) {
      const trimmed = trimmedRange(rootAttr.rawValue, rootAttr.valueRange.start);
      this.references.push({
        kind: 'root',
        rule: rootAttr.value.trim(),
        nameRange: trimmed,
        valueRange: rootAttr.valueRange,
        element: root,
      });
    }
    const stack: XmlNode[] = [...root.children].reverse();
    while (stack.length > 0) {
      const n = stack.pop() as XmlNode;
      if (n.kind !== 'element') continue;
      if (localName(n.name) === 'ruleref') this.addRuleRef(n);
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as XmlNode);
    }
  }

  rule(id: string): RuleDeclaration | undefined {
    return this.rules.find((r) => r.id === id);
  }

  /** References to a rule of this grammar (local rulerefs and the root attribute). */
  localReferences(id: string): RuleReference[] {
    return this.references.filter((r) => r.file === undefined && r.rule === id);
  }

  private addRuleRef(el: XmlElement): void {
    const uri = getAttribute(el, 'uri');
    if (!uri) return;
    const raw = uri.rawValue;
    const base = uri.valueRange.start;
    const value = trimmedRange(raw, base);
    const text = raw.slice(value.start - base, value.end - base);
    const hash = text.indexOf('#');
    if (hash === 0) {
      this.references.push({
        kind: 'ruleref',
        rule: text.slice(1),
        nameRange: { start: value.start + 1, end: value.end },
        valueRange: uri.valueRange,
        element: el,
      });
    } else if (hash > 0) {
      this.references.push({
        kind: 'ruleref',
        rule: text.slice(hash + 1),
        file: text.slice(0, hash),
        nameRange: { start: value.start + hash + 1, end: value.end },
        fileRange: { start: value.start, end: value.start + hash },
        valueRange: uri.valueRange,
        element: el,
      });
    } else if (text.length > 0) {
      this.references.push({
        kind: 'ruleref',
        file: text,
        nameRange: { start: value.end, end: value.end },
        fileRange: value,
        valueRange: uri.valueRange,
        element: el,
      });
    }
  }
}

/** The range of `raw` (starting at `base`) without surrounding whitespace. */
function trimmedRange(raw: string, base: number): TextRange {
  const start = raw.length - raw.trimStart().length;
  const end = raw.trimEnd().length;
  return end < start ? { start: base, end: base } : { start: base + start, end: base + end };
}

const tables = new WeakMap<GrxmlParseResult, GrxmlSymbols>();

export function grxmlSymbols(result: GrxmlParseResult): GrxmlSymbols {
  let table = tables.get(result);
  if (!table) {
    table = new GrxmlSymbols(result);
    tables.set(result, table);
  }
  return table;
}

export type GrxmlSymbolAt =
  | { kind: 'rule'; id: string; range: TextRange; declaration: true }
  | { kind: 'ruleref'; reference: RuleReference; onFile: boolean };

export function grxmlSymbolAt(result: GrxmlParseResult, offset: number): GrxmlSymbolAt | undefined {
  const table = grxmlSymbols(result);
  for (const r of table.rules)
    if (r.id !== '' && touches(r.idRange, offset) && r.idRange.start !== r.range.start)
      return { kind: 'rule', id: r.id, range: r.idRange, declaration: true };
  for (const ref of table.references) {
    if (!touches(ref.valueRange, offset)) continue;
    const onFile = ref.fileRange !== undefined && (ref.rule === undefined || offset < ref.fileRange.end);
    return { kind: 'ruleref', reference: ref, onFile };
  }
  return undefined;
}
