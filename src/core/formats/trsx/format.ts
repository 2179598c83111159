// Layout-only formatting of TRSX text. Only whitespace between the children of structural elements
// (those whose schema content is `none`: project, ontology, intents, samples, …) is rewritten. Tags are
// copied verbatim (attribute values keep their exact escaping), and everything inside text-bearing
// elements — sample and annotation mixed content, metadata entries, regexes — is copied byte for byte,
// because whitespace there is data. Comments are kept, each on its own line.
// Malformed input is returned unchanged: re-indenting a recovered tree could move content.

import { hasErrors } from '../diagnostic';
import { parseXml } from '../xml/scanner';
import type { XmlElement, XmlNode } from '../xml/tree';
import { childRule } from './schema';

export interface TrsxFormatOptions {
  /** Spaces per nesting level (default 2). */
  indent?: number;
}

export function formatTrsx(text: string, options: TrsxFormatOptions = {}): string {
  const tree = parseXml(text);
  if (hasErrors(tree.errors) || tree.root?.name !== 'project') return text;
  const unit = ' '.repeat(Math.max(0, options.indent ?? 2));
  const firstNewline = text.indexOf('\n');
  const eol = firstNewline > 0 && text.charCodeAt(firstNewline - 1) === 0x0d ? '\r\n' : '\n';
  const out: string[] = text.charCodeAt(0) === 0xfeff ? ['\ufeff'] : [];
  const verbatim = (n: XmlNode): string => text.slice(n.range.start, n.range.end);

  function structural(el: XmlElement, depth: number): void {
    const significant = el.children.filter((c) => !(c.kind === 'text' && !c.cdata && c.value.trim() === ''));
    // Non-whitespace text in a structural element is invalid TRSX (TRSX012); leave such an element as written.
    if (el.selfClosing || significant.some((c) => c.kind === 'text')) { out.push(verbatim(el)); return; }
    out.push(text.slice(el.openTagRange.start, el.openTagRange.end));
    for (const child of significant) {
      out.push(eol, unit.repeat(depth + 1));
      const rule = child.kind === 'element' ? childRule(el.name, child.name) : undefined;
      if (child.kind === 'element' && rule?.content === 'none') structural(child, depth + 1);
      else out.push(verbatim(child));
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
  out.push(eol);
  return out.join('');
}
