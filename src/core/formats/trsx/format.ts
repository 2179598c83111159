// Layout-only formatting of TRSX text, in the file's own style. Only whitespace between the children of structural
// elements (those whose schema content is `none`: project, ontology, intents, samples, …) is rewritten, with the
// file's indentation unit and line ending unless the caller picks an indent. Tags keep their attributes exactly;
// text-bearing elements (metadata entries, regexes) keep their content byte for byte, because whitespace there
// is data. Multi-line samples (mixed content, where exports indent nested annotations and Mix collapses
// whitespace) and wrapped tags have their continuation lines moved with their element, so nothing is left at
// the old columns. Comments are kept, each on its own line. Malformed input is returned unchanged.

import { hasErrors } from '../diagnostic';
import { parseXml } from '../xml/scanner';
import type { XmlElement, XmlNode } from '../xml/tree';
import type { IndentChoice } from '../../indentChoice';
import { detectEol, detectIndentUnit, indentUnit, lineIndentAt, PLATFORM_INDENT, reindentLines } from './layout';
import { childRule } from './schema';

export interface TrsxFormatOptions {
  /** `auto` (the default) keeps the file's unit; a number of spaces or `tab` re-indents with that. */
  indent?: IndentChoice;
  /** The unit for `auto` when the file shows none (everything on one line): 4 spaces, as platform exports. */
  fallback?: 'tab' | number;
}

export function formatTrsx(text: string, options: TrsxFormatOptions = {}): string {
  const tree = parseXml(text);
  if (hasErrors(tree.errors) || tree.root?.name !== 'project') return text;
  const oldUnit = detectIndentUnit(text, tree);
  const choice = options.indent ?? 'auto';
  const fallback = options.fallback === undefined ? PLATFORM_INDENT : indentUnit(options.fallback);
  const unit = choice === 'auto' ? (oldUnit ?? fallback) : indentUnit(choice);
  const eol = detectEol(text);
  const out: string[] = text.charCodeAt(0) === 0xfeff ? ['\ufeff'] : [];
  const verbatim = (n: XmlNode): string => text.slice(n.range.start, n.range.end);
  /** Markup whose continuation lines follow its element to its new indent. */
  const moved = (start: number, end: number, depth: number): string =>
    reindentLines(text.slice(start, end), lineIndentAt(text, start), unit.repeat(depth), oldUnit, unit);

  function structural(el: XmlElement, depth: number): void {
    const significant = el.children.filter((c) => !(c.kind === 'text' && !c.cdata && c.value.trim() === ''));
    // Non-whitespace text in a structural element is invalid TRSX (TRSX012); leave such an element as written.
    if (el.selfClosing || significant.some((c) => c.kind === 'text')) {
      out.push(moved(el.range.start, el.range.end, depth));
      return;
    }
    out.push(moved(el.openTagRange.start, el.openTagRange.end, depth));
    for (const child of significant) {
      out.push(eol, unit.repeat(depth + 1));
      if (child.kind !== 'element') {
        out.push(verbatim(child));
        continue;
      }
      const content = childRule(el.name, child.name)?.content;
      if (content === 'none') structural(child, depth + 1);
      else if (content === 'mixed' || child.selfClosing) out.push(moved(child.range.start, child.range.end, depth + 1));
      else
        out.push(
          moved(child.openTagRange.start, child.openTagRange.end, depth + 1),
          text.slice(child.openTagRange.end, child.range.end),
        );
    }
    if (significant.length > 0) out.push(eol, unit.repeat(depth));
    if (el.closeTagRange) out.push(text.slice(el.closeTagRange.start, el.closeTagRange.end));
  }

  let first = true;
  for (const node of tree.children) {
    if (node.kind === 'text') continue; // only whitespace can be outside the root of a well-formed document
    if (!first) out.push(eol);
    first = false;
    if (node === tree.root) structural(node, 0);
    else out.push(verbatim(node));
  }
  const body = out.join('');
  // A file ending with a line break keeps one; one without keeps ending so unless its layout changes.
  return /\n\s*$/.test(text) || body !== text ? body + eol : body;
}
