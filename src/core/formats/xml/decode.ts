// Bytes → text for XML files: byte-order mark first, then the XML declaration's `encoding`, then UTF-8.
// Bad bytes never throw: they are decoded as U+FFFD and reported with the position of the first one.

import { isAscii } from 'node:buffer';
import type { Diagnostic } from '../diagnostic';
import { XML_CODES } from './codes';

export interface DecodedXml {
  text: string;
  /** Canonical name of the encoding used: utf-8, utf-16le, utf-16be, latin1, us-ascii or windows-1252. */
  encoding: string;
  diagnostics: Diagnostic[];
}

const LABELS: Readonly<Record<string, string>> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'utf-16': 'utf-16',
  utf16: 'utf-16',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
  'iso-8859-1': 'latin1',
  iso8859_1: 'latin1',
  'iso_8859-1': 'latin1',
  latin1: 'latin1',
  'latin-1': 'latin1',
  l1: 'latin1',
  'us-ascii': 'us-ascii',
  ascii: 'us-ascii',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
};

export function decodeXmlBytes(bytes: Uint8Array): DecodedXml {
  const { encoding, bodyStart, diagnostics } = xmlEncodingOf(bytes);
  const body = bytes.subarray(bodyStart);
  switch (encoding) {
    case 'latin1':
      return {
        text: Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1'),
        encoding,
        diagnostics,
      };
    case 'windows-1252':
      return { text: decodeWindows1252(body), encoding, diagnostics };
    case 'utf-16le':
    case 'utf-16be':
      return { text: decodeUtf16(body, encoding, diagnostics), encoding, diagnostics };
    default:
      return { text: decodeUtf8(body, encoding === 'us-ascii', diagnostics), encoding, diagnostics };
  }
}

/** Bytes at the start of a file that decide its encoding (byte-order mark and XML declaration). */
export const ENCODING_HEAD_BYTES = 1024;

/**
 * Where the text starts in a file whose first bytes are `head` (ENCODING_HEAD_BYTES, or the whole file) when
 * decodeXmlBytes would decode it as UTF-8 (UTF-8 or US-ASCII, declared or not), else undefined. If the bytes
 * from there on are valid UTF-8 (isUtf8), the text is exactly their UTF-8 decoding, so it can be decoded a
 * piece at a time (see textWindows.ts).
 */
export function utf8BodyStart(head: Uint8Array): number | undefined {
  const { encoding, bodyStart } = xmlEncodingOf(head);
  return encoding === 'utf-8' || encoding === 'us-ascii' ? bodyStart : undefined;
}

/** The encoding decodeXmlBytes uses, where the text starts (after a byte-order mark) and the warnings about it. */
function xmlEncodingOf(bytes: Uint8Array): { encoding: string; bodyStart: number; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const warn = (message: string): void => {
    diagnostics.push({ code: 'XML023', severity: XML_CODES.XML023.severity, message, range: { start: 0, end: 0 } });
  };
  const bom = detectBom(bytes);
  const declared = declaredEncoding(bytes, bom);
  const label = declared === undefined ? undefined : LABELS[declared.toLowerCase()];
  if (declared !== undefined && label === undefined)
    warn(`Unsupported encoding '${declared}'; decoded as UTF-8. Save the file as UTF-8.`);
  let encoding = bom?.encoding ?? (label === 'utf-16' ? sniffUtf16(bytes) : label) ?? 'utf-8';
  if (
    bom &&
    label &&
    label !== 'utf-16' &&
    label !== bom.encoding &&
    !(label === 'utf-8' && bom.encoding === 'utf-8')
  ) {
    warn(
      `The byte-order mark says ${bom.encoding} but the declaration says '${declared}'; decoded as ${bom.encoding}.`,
    );
  }
  if (!bom && label === undefined && looksUtf16(bytes)) encoding = sniffUtf16(bytes);
  return { encoding, bodyStart: bom?.length ?? 0, diagnostics };
}

/** 0x80-0x9F of windows-1252 (Node's TextDecoder decodes that label as plain latin1). 0 marks unassigned bytes. */
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0, 0,
  0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];

function decodeWindows1252(body: Uint8Array): string {
  const latin1 = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1');
  return latin1.replace(/[\u0080-\u009f]/g, (c) =>
    String.fromCharCode(CP1252_HIGH[c.charCodeAt(0) - 0x80] || c.charCodeAt(0)),
  );
}

function detectBom(b: Uint8Array): { encoding: string; length: number } | undefined {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (b[0] === 0xff && b[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (b[0] === 0xfe && b[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

/** `<?` as UTF-16 without a BOM. */
function looksUtf16(b: Uint8Array): boolean {
  return (
    (b[0] === 0x3c && b[1] === 0 && b[2] === 0x3f && b[3] === 0) ||
    (b[0] === 0 && b[1] === 0x3c && b[2] === 0 && b[3] === 0x3f)
  );
}

function sniffUtf16(b: Uint8Array): string {
  return b[0] === 0 && b[1] !== 0 ? 'utf-16be' : 'utf-16le';
}

/** The `encoding` pseudo-attribute of the XML declaration, read from the first bytes as ASCII. */
function declaredEncoding(
  bytes: Uint8Array,
  bom: { encoding: string; length: number } | undefined,
): string | undefined {
  const wide = bom?.encoding.startsWith('utf-16') || (!bom && looksUtf16(bytes));
  let head = '';
  const start = bom?.length ?? 0;
  const step = wide ? 2 : 1;
  const bigEndian = wide && (bom ? bom.encoding === 'utf-16be' : bytes[0] === 0);
  if (!wide) {
    // one slice rather than a string grown a character at a time (this runs for every file read)
    const limit = Math.min(bytes.length, start + 256);
    let end = start;
    while (end < limit && bytes[end] !== 0x3e) end++; // '>' ends the declaration
    if (end < limit) end++;
    head = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1');
  } else {
    for (let i = start; i + step - 1 < bytes.length && head.length < 256; i += step) {
      const code = (bigEndian ? bytes[i + 1] : bytes[i]) as number;
      head += String.fromCharCode(code);
      if (code === 0x3e) break; // '>' ends the declaration
    }
  }
  if (!head.startsWith('<?xml')) return undefined;
  return /encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
}

function decodeUtf8(body: Uint8Array, asciiOnly: boolean, diagnostics: Diagnostic[]): string {
  // ASCII is the same text in UTF-8 and latin1, and Node keeps a large latin1 string outside the JS heap (an
  // external string): a multi-MB file then costs the young generation nothing, where a heap string surviving
  // one scavenge would count towards growing it by tens of MB (see bench/sync).
  if (isAscii(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    const { first, count } = findInvalidUtf8(body);
    text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(body);
    const offset = new TextDecoder('utf-8', { ignoreBOM: true }).decode(body.subarray(0, first)).length;
    diagnostics.push({
      code: 'XML022',
      severity: XML_CODES.XML022.severity,
      range: { start: offset, end: offset + 1 },
      message: `Invalid UTF-8 at byte ${first}${count > 1 ? ` (${count} invalid sequences in all)` : ''}; shown as U+FFFD. Re-save the file as UTF-8 or declare its real encoding.`,
    });
    return text;
  }
  if (asciiOnly) {
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) > 0x7f) {
        diagnostics.push({
          code: 'XML022',
          severity: XML_CODES.XML022.severity,
          range: { start: i, end: i + 1 },
          message: 'Non-ASCII character in a document declared US-ASCII; declare encoding="UTF-8".',
        });
        break;
      }
    }
  }
  return text;
}

/** Index of the first byte of the first invalid UTF-8 sequence, and how many there are. */
function findInvalidUtf8(b: Uint8Array): { first: number; count: number } {
  let first = -1;
  let count = 0;
  const n = b.length;
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => k < n && (b[k] as number) >= lo && (b[k] as number) <= hi;
  for (let i = 0; i < n; ) {
    const c = b[i] as number;
    let len = 0;
    if (c < 0x80) len = 1;
    else if (c >= 0xc2 && c <= 0xdf) len = cont(i + 1) ? 2 : 0;
    else if (c >= 0xe0 && c <= 0xef) {
      const lo = c === 0xe0 ? 0xa0 : 0x80;
      const hi = c === 0xed ? 0x9f : 0xbf;
      len = cont(i + 1, lo, hi) && cont(i + 2) ? 3 : 0;
    } else if (c >= 0xf0 && c <= 0xf4) {
      const lo = c === 0xf0 ? 0x90 : 0x80;
      const hi = c === 0xf4 ? 0x8f : 0xbf;
      len = cont(i + 1, lo, hi) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    }
    if (len === 0) {
      if (first === -1) first = i;
      count++;
      i++;
    } else i += len;
  }
  return { first: first === -1 ? 0 : first, count };
}

function decodeUtf16(body: Uint8Array, encoding: 'utf-16le' | 'utf-16be', diagnostics: Diagnostic[]): string {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    // Fall through: decode leniently and point at the first replacement character.
  }
  const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(body);
  let bad = text.indexOf('\ufffd');
  if (bad === -1) bad = Math.max(0, text.length - 1);
  {
    diagnostics.push({
      code: 'XML022',
      severity: XML_CODES.XML022.severity,
      range: { start: bad, end: bad + 1 },
      message: `Invalid ${encoding.toUpperCase()} data at character ${bad} (odd byte count or unpaired surrogate); shown as U+FFFD.`,
    });
  }
  return text;
}
