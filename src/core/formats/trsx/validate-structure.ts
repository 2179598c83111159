// Structure rules: root element, section order, allowed children and attributes, required attributes,
// booleans and enumerations, text where none is allowed. The rules are per element (its attributes) and per
// child as the children go by (ElementChecker), so the tree walk here and the streaming reader
// (stream-reader.ts) run the very same checks in the same order.

import type { XmlElement, XmlText } from '../xml/tree';
import type { TrsxReport } from './codes';
import { isLanguageTag } from '../../package/languageTag';
import { TRSX_NAMESPACE, nuancePrefix } from './read';
import { elementNameRange } from './source-index';
import { checkAttributes } from './validate-attributes';
import { PROJECT_RULE_KEY, SINGLE_SECTIONS, TRSX_RULES, childRule, type ElementRule } from './schema';

export { elementNameRange } from './source-index';

export const PROJECT_RULE = TRSX_RULES[PROJECT_RULE_KEY] as ElementRule;

/**
 * The checks of the document's root element: TRSX001 when it is not a <project>, else its namespace, locale,
 * version and attributes. Returns the namespace prefix when the structure below it is to be checked.
 */
export function checkRoot(root: XmlElement, report: TrsxReport): string | undefined {
  if (root.name !== 'project') {
    report(
      'TRSX001',
      elementNameRange(root),
      `The root element is <${root.name}>; a TRSX file's root element is <project>.`,
    );
    return undefined;
  }
  const prefix = nuancePrefix(root);
  checkProject(root, prefix, report);
  checkAttributes(root, PROJECT_RULE, prefix, report);
  return prefix;
}

/**
 * The rules about one element's children, fed one child at a time in document order: text where none is
 * allowed (reported once), children not allowed, out of order or repeated. Reusable: `reset` starts an element.
 */
export class ElementChecker {
  private el: XmlElement | undefined;
  private rule: ElementRule = PROJECT_RULE;
  private isRoot = false;
  private order = -1;
  private textReported = false;
  private seen: Set<string> | undefined;

  reset(el: XmlElement, rule: ElementRule, isRoot: boolean): void {
    this.el = el;
    this.rule = rule;
    this.isRoot = isRoot;
    this.order = -1;
    this.textReported = false;
    this.seen = rule.single || rule.ordered ? new Set<string>() : undefined;
  }

  text(node: XmlText, report: TrsxReport): void {
    if (this.rule.content === 'none' && !this.textReported && !isBlank(node.value)) {
      this.textReported = true;
      report(
        'TRSX012',
        node.range,
        `Text is not allowed directly inside <${this.el?.name ?? ''}>; remove it or move it into a child element.`,
      );
    }
  }

  /** Checks `child` in its place; returns its rule, or undefined when it is not allowed (nothing inside it is checked). */
  child(child: XmlElement, report: TrsxReport): ElementRule | undefined {
    const { rule } = this;
    const name = this.el?.name ?? '';
    const nested = childRule(name, child.name);
    if (!nested) {
      const allowed =
        rule.children.length > 0
          ? `allowed: ${rule.children.map((c) => `<${c}>`).join(', ')}`
          : 'no child elements are allowed';
      report(
        'TRSX003',
        elementNameRange(child),
        `<${child.name}> is not allowed inside <${name}> (${allowed}); its content is ignored.`,
      );
      return undefined;
    }
    if (rule.ordered) {
      const at = rule.children.indexOf(child.name);
      if (at < this.order) {
        report(
          'TRSX002',
          elementNameRange(child),
          `<${child.name}> must come before <${rule.children[this.order]}> (order: ${rule.children.join(', ')}).`,
        );
      }
      this.order = Math.max(this.order, at);
    }
    const seen = this.seen;
    if (seen) {
      if (seen.has(child.name)) {
        if (this.isRoot && SINGLE_SECTIONS.has(child.name))
          report('TRSX013', elementNameRange(child), `<${child.name}> appears more than once; merge the sections.`);
        else if (rule.single?.includes(child.name))
          report('TRSX015', elementNameRange(child), `<${name}> has more than one <${child.name}>; merge them.`);
      }
      seen.add(child.name);
    }
    return nested;
  }
}

export function validateStructure(root: XmlElement | undefined, report: TrsxReport): void {
  if (!root) return; // no root: the scanner already reported XML012
  const prefix = checkRoot(root, report);
  if (prefix === undefined) return;
  walkChildren(root, PROJECT_RULE, prefix, report, root);
}

/**
 * The structure rules for `top` (checked against `topRule`) and everything below it. `root` is the document's
 * <project> (section rules apply to its children). The language services re-check edited samples with it.
 */
export function validateElementTree(
  top: XmlElement,
  topRule: ElementRule,
  prefix: string,
  report: TrsxReport,
  root?: XmlElement,
): void {
  checkAttributes(top, topRule, prefix, report);
  walkChildren(top, topRule, prefix, report, root);
}

/** Checks everything below `top`, whose own attributes are checked already. */
function walkChildren(
  top: XmlElement,
  topRule: ElementRule,
  prefix: string,
  report: TrsxReport,
  root: XmlElement | undefined,
): void {
  // Parallel stacks rather than tuples: this loop visits every element of files with 100k samples.
  const elements: XmlElement[] = [top];
  const rules: ElementRule[] = [topRule];
  const checker = new ElementChecker();
  let first = true;
  while (elements.length > 0) {
    const el = elements.pop() as XmlElement;
    const rule = rules.pop() as ElementRule;
    if (!first) checkAttributes(el, rule, prefix, report);
    first = false;
    checker.reset(el, rule, el === root);
    for (const child of el.children) {
      if (child.kind === 'text') checker.text(child, report);
      else if (child.kind === 'element') {
        const nested = checker.child(child, report);
        if (nested) {
          elements.push(child);
          rules.push(nested);
        }
      }
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
  if (used && !bound)
    report(
      'TRSX011',
      used.nameRange,
      `'${used.name}' uses the '${prefix}' prefix, which is not declared; add xmlns:${prefix}="${TRSX_NAMESPACE}" to <project>.`,
    );
  for (const a of root.attributes) {
    if (a.name === 'xml:lang' && a.value !== '' && !isLanguageTag(a.value)) {
      report(
        'TRSX009',
        a.valueRange,
        `xml:lang="${a.value}" is not a locale; write it as eng-USA (Mix) or en-US (BCP-47).`,
      );
    }
    if (a.name === `${prefix}:version` && !/^[0-9]+\.[0-9]+$/.test(a.value)) {
      report('TRSX010', a.valueRange, `${a.name}="${a.value}" is not a TRSX version such as 2.6.`);
    }
  }
}
