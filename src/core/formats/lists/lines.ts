// Shared reading of the line-based import formats: UTF-8 decoding that locates bad bytes, BOM and line
// ending tolerance, and per-line checks common to .list, .nmlist and .txt. Offsets in every range are
// UTF-16 offsets into `text` (the decoded text without its BOM, as editors show it).
import type { Diagnostic } from '../diagnostic';
import { listDiagnostic } from './codes';

export interface TextLine {
  /** 1-based line number. */
  number: number;
  /** The line without its line ending. */
  text: string;
  /** Offset of the line's first character in the decoded text. */
  start: number;
}

export interface ListText {
  /** Decoded text without the BOM; diagnostic ranges index into it. */
  text: string;
  lines: TextLine[];
  /** The lines that hold text: every format skips a blank line, reported once here (LIST002). */
  filledLines: TextLine[];
  bom: boolean;
  /** True when the first line ending is CRLF (serializers may keep it). */
  crlf: boolean;
  finalNewline: boolean;
  diagnostics: Diagnostic[];
}

/** Invalid sequences reported per file before the rest are summarised in one diagnostic. */
const MAX_UTF8_REPORTS = 10;

/** Decodes bytes (or takes text), strips a BOM, splits lines and reports encoding and per-line problems. */
export function readListText(input: Uint8Array | string, fileLabel = 'The file'): ListText {
  const diagnostics: Diagnostic[] = [];
  let text = typeof input === 'string' ? input : decodeUtf8(input, diagnostics);
  const bom = text.charCodeAt(0) === 0xfeff;
  if (bom) {
    text = text.slice(1);
    for (const d of diagnostics) d.range = { start: Math.max(0, d.range.start - 1), end: Math.max(0, d.range.end - 1) };
  }
  const lines = splitLines(text);
  const finalNewline = text.length === 0 || /[\r\n]$/.test(text);
  if (!finalNewline) {
    diagnostics.push(
      listDiagnostic(
        'LIST003',
        `${fileLabel} does not end with a newline; the platform's documentation requires one (it is added when the file is saved).`,
        { start: text.length, end: text.length },
      ),
    );
  }
  const filledLines: TextLine[] = [];
  for (const line of lines) {
    checkControlCharacters(line, diagnostics);
    if (line.text.trim() !== '') filledLines.push(line);
    else {
      diagnostics.push(
        listDiagnostic('LIST002', `Line ${line.number} is blank and is skipped; remove it.`, {
          start: line.start,
          end: line.start + line.text.length,
        }),
      );
    }
  }
  return { text, lines, filledLines, bom, crlf: /^[^\r\n]*\r\n/.test(text), finalNewline, diagnostics };
}

/** LIST012 over the whole text: the file holds no entry; `message` says what to write. */
export function noEntryDiagnostic(read: ListText, message: string): Diagnostic {
  return listDiagnostic('LIST012', message, { start: 0, end: read.text.length });
}

/** Splits on LF, CRLF or a lone CR (the same breaks as `LineIndex`); a final line ending adds no empty line. */
export function splitLines(text: string): TextLine[] {
  const lines: TextLine[] = [];
  let start = 0;
  let number = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 10 && c !== 13) continue;
    lines.push({ number: number++, text: text.slice(start, i), start });
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    start = i + 1;
  }
  if (start < text.length) lines.push({ number, text: text.slice(start), start });
  return lines;
}

/** Offsets of the trimmed part of `line.text` (for a range that underlines the content, not its spaces). */
export function trimmedRange(line: TextLine): { start: number; end: number } {
  const lead = line.text.length - line.text.trimStart().length;
  const trail = line.text.length - line.text.trimEnd().length;
  return { start: line.start + lead, end: Math.max(line.start + lead, line.start + line.text.length - trail) };
}

// Tab is legal in XML; every other C0 control, DEL and the non-characters U+FFFE/U+FFFF are not.
const XML_ILLEGAL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

function checkControlCharacters(line: TextLine, out: Diagnostic[]): void {
  for (const m of line.text.matchAll(XML_ILLEGAL)) {
    const hex = (m[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    out.push(
      listDiagnostic(
        'LIST011',
        `Line ${line.number} contains the control character U+${hex}, which TRSX (XML) cannot hold; remove it.`,
        { start: line.start + (m.index ?? 0), end: line.start + (m.index ?? 0) + 1 },
      ),
    );
  }
}

/**
 * Decodes UTF-8 the way TextDecoder does (one U+FFFD per maximal invalid subpart, WHATWG), and reports
 * each invalid sequence with its byte offset. Valid input takes the fast native path.
 */
export function decodeUtf8(bytes: Uint8Array, diagnostics: Diagnostic[]): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return decodeWithReports(bytes, diagnostics);
  }
}

function decodeWithReports(bytes: Uint8Array, diagnostics: Diagnostic[]): string {
  const parts: string[] = [];
  const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
  let runStart = 0;
  let utf16 = 0;
  let invalid = 0;
  let i = 0;
  const flushRun = (end: number): void => {
    if (end > runStart) {
      const s = lenient.decode(bytes.subarray(runStart, end));
      parts.push(s);
      utf16 += s.length;
    }
  };
  while (i < bytes.length) {
    const len = validSequenceLength(bytes, i);
    if (len > 0) {
      i += len;
      continue;
    }
    flushRun(i);
    const bad = Math.max(1, maximalSubpart(bytes, i));
    invalid++;
    if (invalid <= MAX_UTF8_REPORTS) {
      const shown = [...bytes.subarray(i, i + bad)]
        .map((b) => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`)
        .join(' ');
      diagnostics.push(
        listDiagnostic(
          'LIST001',
          `Invalid UTF-8: ${shown} at byte ${i}; save the file as UTF-8 (it is shown as U+FFFD).`,
          { start: utf16, end: utf16 + 1 },
        ),
      );
    }
    parts.push('\ufffd');
    utf16 += 1;
    i += bad;
    runStart = i;
  }
  flushRun(bytes.length);
  if (invalid > MAX_UTF8_REPORTS) {
    diagnostics.push(
      listDiagnostic(
        'LIST001',
        `${invalid - MAX_UTF8_REPORTS} more invalid UTF-8 sequences; the file is probably not UTF-8 (Latin-1 or Windows-1252?): re-save it as UTF-8.`,
        { start: 0, end: 0 },
      ),
    );
  }
  return parts.join('');
}

/** Length of the valid UTF-8 sequence at `i`, or 0 when it is invalid there. */
function validSequenceLength(b: Uint8Array, i: number): number {
  const c = b[i] ?? 0;
  if (c < 0x80) return 1;
  const [need, lo, hi] = leadInfo(c);
  if (need === 0) return 0;
  for (let k = 1; k <= need; k++) {
    const x = b[i + k];
    if (x === undefined) return 0;
    const min = k === 1 ? lo : 0x80;
    const max = k === 1 ? hi : 0xbf;
    if (x < min || x > max) return 0;
  }
  return need + 1;
}

/** Bytes of the invalid sequence at `i` that TextDecoder replaces by one U+FFFD (a lead plus its valid continuations). */
function maximalSubpart(b: Uint8Array, i: number): number {
  const [need, lo, hi] = leadInfo(b[i] ?? 0);
  let n = 1;
  for (let k = 1; k <= need; k++) {
    const x = b[i + k];
    const min = k === 1 ? lo : 0x80;
    const max = k === 1 ? hi : 0xbf;
    if (x === undefined || x < min || x > max) break;
    n++;
  }
  return n;
}

/** Continuation bytes needed after a lead byte, and the allowed range of the first one (WHATWG). */
function leadInfo(c: number): [number, number, number] {
  if (c >= 0xc2 && c <= 0xdf) return [1, 0x80, 0xbf];
  if (c === 0xe0) return [2, 0xa0, 0xbf];
  if (c === 0xed) return [2, 0x80, 0x9f];
  if (c >= 0xe1 && c <= 0xef) return [2, 0x80, 0xbf];
  if (c === 0xf0) return [3, 0x90, 0xbf];
  if (c >= 0xf1 && c <= 0xf3) return [3, 0x80, 0xbf];
  if (c === 0xf4) return [3, 0x80, 0x8f];
  return [0, 0, 0];
}

/** Diagnostics in document order (stable: problems at one offset keep the order they were found in). */
export function byPosition(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
}
