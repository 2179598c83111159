// Structure rules: root element, section order, allowed children and attributes, required attributes,
// booleans and enumerations, text where none is allowed. Walks the positioned tree iteratively.

import type { TextRange } from '../diagnostic';
import type { XmlElement } from '../xml/tree';
import type { TrsxReport } from './codes';
import { TRSX_NAMESPACE, nuancePrefix } from './read';
import { checkAttributes } from './validate-attributes';
import { PROJECT_RULE_KEY, SINGLE_SECTIONS, TRSX_RULES, childRule, type ElementRule } from './schema';

/** `eng-USA` (Mix) or a BCP-47 language[-script][-region] tag such as `en-US`, `zh-Hant-TW`. */
const MIX_LOCALE = /^[A-Za-z]{3}-[A-Za-z]{3}$/;
const BCP47 = /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?$/;

/** The element's name in its open tag: where element-level diagnostics point. */
export function elementNameRange(el: XmlElement): TextRange {
  const start = el.openTagRange.start + 1;
  return { start, end: start + el.name.length };
}

export function validateStructure(root: XmlElement | undefined, report: TrsxReport): void {
  if (!root) return; // no root: the scanner already reported XML012
  if (root.name !== 'project') {
    report('TRSX001', elementNameRange(root), `The root element is <${root.name}>; a TRSX file's root element is <project>.`);
    return;
  }
  const prefix = nuancePrefix(root);
  checkProject(root, prefix, report);
  validateElementTree(root, TRSX_RULES[PROJECT_RULE_KEY] as ElementRule, prefix, report, root);
}

/**
 * The structure rules for `top` (checked against `topRule`) and everything below it. `root` is the document's
 * <project> (section rules apply to its children). The language services re-check edited samples with it.
 */
export function validateElementTree(top: XmlElement, topRule: ElementRule, prefix: string, report: TrsxReport, root?: XmlElement): void {
  // Parallel stacks rather than tuples: this loop visits every element of files with 100k samples.
  const elements: XmlElement[] = [top];
  const rules: ElementRule[] = [topRule];
  while (elements.length > 0) {
    const el = elements.pop() as XmlElement;
    const rule = rules.pop() as ElementRule;
    checkAttributes(el, rule, prefix, report);
    let order = -1;
    let textReported = false;
    const seen = rule.single || rule.ordered ? new Set<string>() : undefined;
    for (const child of el.children) {
      if (child.kind === 'text') {
        if (rule.content === 'none' && !textReported && !isBlank(child.value)) {
          textReported = true;
          report('TRSX012', child.range, `Text is not allowed directly inside <${el.name}>; remove it or move it into a child element.`);
        }
        continue;
      }
      if (child.kind !== 'element') continue;
      const nested = childRule(el.name, child.name);
      if (!nested) {
        const allowed = rule.children.length > 0 ? `allowed: ${rule.children.map((c) => `<${c}>`).join(', ')}` : 'no child elements are allowed';
        report('TRSX003', elementNameRange(child), `<${child.name}> is not allowed inside <${el.name}> (${allowed}); its content is ignored.`);
        continue;
      }
      if (rule.ordered) {
        const at = rule.children.indexOf(child.name);
        if (at < order) {
          report('TRSX002', elementNameRange(child), `<${child.name}> must come before <${rule.children[order]}> (order: ${rule.children.join(', ')}).`);
        }
        order = Math.max(order, at);
      }
      if (seen) {
        if (seen.has(child.name)) {
          if (el === root && SINGLE_SECTIONS.has(child.name)) report('TRSX013', elementNameRange(child), `<${child.name}> appears more than once; merge the sections.`);
          else if (rule.single?.includes(child.name)) report('TRSX015', elementNameRange(child), `<${el.name}> has more than one <${child.name}>; merge them.`);
        }
        seen.add(child.name);
      }
      elements.push(child);
      rules.push(nested);
    }
  }
}

function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

function checkProject(root: XmlElement, prefix: string, report: TrsxReport): void {
  for (const a of root.attributes) {
    if (a.name.startsWith('xmlns:') && a.name.slice(6) === prefix && a.value !== TRSX_NAMESPACE) {
      report('TRSX011', a.valueRange, `The '${prefix}' prefix must be bound to ${TRSX_NAMESPACE}.`);
    }
  }
  const bound = root.attributes.some((a) => a.name === `xmlns:${prefix}`);
  const used = root.attributes.find((a) => a.name.startsWith(`${prefix}:`));
  if (used && !bound) report('TRSX011', used.nameRange, `'${used.name}' uses the '${prefix}' prefix, which is not declared; add xmlns:${prefix}="${TRSX_NAMESPACE}" to <project>.`);
  for (const a of root.attributes) {
    if (a.name === 'xml:lang' && a.value !== '' && !MIX_LOCALE.test(a.value) && !BCP47.test(a.value)) {
      report('TRSX009', a.valueRange, `xml:lang="${a.value}" is not a locale; write it as eng-USA (Mix) or en-US (BCP-47).`);
    }
    if (a.name === `${prefix}:version` && !/^[0-9]+\.[0-9]+$/.test(a.value)) {
      report('TRSX010', a.valueRange, `${a.name}="${a.value}" is not a TRSX version such as 2.6.`);
    }
  }
}
