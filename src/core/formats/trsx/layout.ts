// The layout a TRSX file is written in — indentation unit and line ending. The platform writes 4 spaces and LF;
// hand-made files may use tabs, 2 spaces or CRLF, and `format` keeps what the file uses unless asked otherwise
// (the user's choice: core/indentChoice.ts).

import type { XmlDocument } from '../xml/tree';

/** What the platform's exports use; the unit for a file that shows none (all on one line). */
export const PLATFORM_INDENT = '    ';

/** The whitespace of one indentation level for an explicit choice. */
export function indentUnit(choice: 'tab' | number): string {
  return choice === 'tab' ? '\t' : ' '.repeat(choice);
}

/** Line ending of the file: the first one found, LF when there is none. */
export function detectEol(text: string): '\n' | '\r\n' {
  const firstNewline = text.indexOf('\n');
  return firstNewline > 0 && text.charCodeAt(firstNewline - 1) === 0x0d ? '\r\n' : '\n';
}

/**
 * The file's indentation unit: the whitespace before the root's first child element when that child starts its
 * own line (the level-1 indent), if it is all spaces or all tabs. Undefined when the file shows none.
 */
export function detectIndentUnit(text: string, tree: XmlDocument): string | undefined {
  const first = tree.root?.children.find((c) => c.kind === 'element');
  if (!first) return undefined;
  const start = first.range.start;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (lineStart === 0 || lineStart <= (tree.root?.openTagRange.end ?? 0)) return undefined;
  const ws = text.slice(lineStart, start);
  return /^( +|\t+)$/.test(ws) ? ws : undefined;
}

/** Leading spaces and tabs of the line holding `offset`. */
export function lineIndentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let end = lineStart;
  while (end < offset && (text.charCodeAt(end) === 0x20 || text.charCodeAt(end) === 0x09)) end++;
  return text.slice(lineStart, end);
}

/**
 * Moves the continuation lines of a piece of markup (a multi-line sample, a tag whose attributes wrap) with its
 * element. In content, a line indented `oldBase` + k old units + rest becomes `newBase` + k new units + rest
 * (nested annotations keep their nesting); inside a tag the rest is kept as is (attributes aligned under the
 * first stay aligned). Lines less indented than the element keep their indentation. Line breaks inside
 * attribute values (where a newline is data), comments, CDATA and processing instructions are kept.
 * With the same base and unit this is the identity, which makes formatting idempotent.
 */
export function reindentLines(
  chunk: string,
  oldBase: string,
  newBase: string,
  oldUnit: string | undefined,
  newUnit: string,
): string {
  if (!chunk.includes('\n') || (oldBase === newBase && (oldUnit === undefined || oldUnit === newUnit))) return chunk;
  const out: string[] = [];
  let copied = 0;
  for (const { lineStart, inTag } of movableLineStarts(chunk)) {
    let end = lineStart;
    while (end < chunk.length && (chunk.charCodeAt(end) === 0x20 || chunk.charCodeAt(end) === 0x09)) end++;
    const indent = chunk.slice(lineStart, end);
    if (!indent.startsWith(oldBase)) continue;
    const rest = indent.slice(oldBase.length);
    out.push(chunk.slice(copied, lineStart), newBase, inTag ? rest : convertUnits(rest, oldUnit, newUnit));
    copied = end;
  }
  out.push(chunk.slice(copied));
  return out.join('');
}

function convertUnits(relative: string, oldUnit: string | undefined, newUnit: string): string {
  if (oldUnit === undefined || oldUnit === '' || oldUnit === newUnit) return relative;
  let levels = 0;
  while (relative.startsWith(oldUnit, levels * oldUnit.length)) levels++;
  return newUnit.repeat(levels) + relative.slice(levels * oldUnit.length);
}

/** Offsets just after each newline of well-formed markup that lies outside attribute values, comments, CDATA and PIs. */
function movableLineStarts(chunk: string): { lineStart: number; inTag: boolean }[] {
  const starts: { lineStart: number; inTag: boolean }[] = [];
  let inTag = false;
  let quote = '';
  for (let i = 0; i < chunk.length; i++) {
    const c = chunk[i];
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (inTag) {
      if (c === '"' || c === "'") quote = c;
      else if (c === '>') inTag = false;
      else if (c === '\n') starts.push({ lineStart: i + 1, inTag: true });
      continue;
    }
    if (c === '\n') {
      starts.push({ lineStart: i + 1, inTag: false });
      continue;
    }
    if (c !== '<') continue;
    const skipTo = chunk.startsWith('<!--', i)
      ? '-->'
      : chunk.startsWith('<![CDATA[', i)
        ? ']]>'
        : chunk.startsWith('<?', i)
          ? '?>'
          : '';
    if (skipTo) {
      const end = chunk.indexOf(skipTo, i);
      i = end < 0 ? chunk.length : end + skipTo.length - 1;
    } else {
      inTag = true;
    }
  }
  return starts;
}
