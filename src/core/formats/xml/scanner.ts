// A small positioned XML scanner of our own: one linear pass with `indexOf` jumps and an explicit element
// stack (no recursion, so 10,000-deep nesting cannot overflow). It keeps going after errors and reports
// each with a range. Security: no DTD processing, no entity expansion beyond the predefined five and
// numeric references, nothing fetched.

import type { Diagnostic } from '../diagnostic';
import {
  NOT_XML_CHARS,
  TEXT_BRACKET,
  TEXT_DECODE,
  TEXT_WHITESPACE,
  isWhitespaceOnly,
  scanName,
  skipWhitespace,
  textRunFlags,
} from './chars';
import { XML_CODES, type XmlCode } from './codes';
import { parseXmlDeclaration, scanDoctype } from './doctype';
import { decodeXmlValue, type XmlReport } from './entities';
import { StringPool } from './string-pool';
import { RescannedAttributes, scanCloseTag, scanOpenTag } from './tag';
import { ScannedElement, ScannedText, shiftSubtree, type ScannedAttribute } from './nodes';
import type { XmlDeclaration, XmlDoctype, XmlDocument, XmlNode } from './tree';
import { XmlTreeBuilder, type XmlSink } from './treeBuilder';

const DEFAULT_MAX_LENGTH = 64 * 1024 * 1024;

export interface XmlParseOptions {
  /** Deepest element nesting kept in the tree (default 2000); deeper content is reported and dropped. */
  maxDepth?: number;
  /** Largest text length (UTF-16 units) parsed (default 64 MiB); larger input yields only an error. */
  maxLength?: number;
  /** Errors reported before giving up reporting (parsing continues); default 200. */
  maxErrors?: number;
  /**
   * Elements whose content is only elements (per their schema): whitespace-only text directly inside them
   * is not kept as nodes. It is layout, and the tests' lossless `serializeXml` (test/unit/helpers) still
   * reproduces it (it copies what lies between nodes). Saves a node per line in large files.
   */
  elementOnly?: ReadonlySet<string>;
  /**
   * Elements keep no attribute objects: each scans its open tag again from the text when its `attributes` are
   * read (RescannedAttributes). For trees kept long and read little (TRSX: four attributes per sample were a
   * third of a large file's tree). Ignored for sinks that reuse their elements (XmlSink.transient).
   */
  lazyAttributes?: boolean;
}

/** What a scan finds besides the nodes it gives its sink. */
export interface XmlScanResult {
  root?: ScannedElement;
  declaration?: XmlDeclaration;
  doctype?: XmlDoctype;
  errors: Diagnostic[];
}

export function parseXml(text: string, options: XmlParseOptions = {}): XmlDocument {
  const builder = new XmlTreeBuilder();
  const scan = scanXml(text, builder, options);
  const doc: XmlDocument = { text, children: builder.children, errors: scan.errors };
  if (scan.root) doc.root = scan.root;
  if (scan.declaration) doc.declaration = scan.declaration;
  if (scan.doctype) doc.doctype = scan.doctype;
  return doc;
}

/** Scans `text`, giving `sink` every node kept, in document order; parseXml is this with a tree builder. */
export function scanXml(text: string, sink: XmlSink, options: XmlParseOptions = {}): XmlScanResult {
  return new XmlScanner(text, sink, options).run();
}

export interface XmlWindowOptions extends XmlParseOptions {
  /**
   * Markup is read from a window only when it starts at least this far from the window's end (unless it is the
   * last window), so that a tag, comment or CDATA section is whole when read; default 2,048 characters.
   */
  margin?: number;
  /**
   * Pieces are joined until a window is this long before it is scanned; default 16,384 characters. Small on
   * purpose: the window is the one string alive across the scan's many young-generation collections, and what
   * survives them is what makes V8 grow its young generation (a 256K window made the report's peak 15 MB larger).
   */
  windowSize?: number;
  /** The document's length, if known: sizes the scanner's tables as for the whole text. */
  expectedLength?: number;
}

/**
 * Scans a document given as consecutive pieces of its text, the sink seeing exactly what `scanXml` of their
 * concatenation gives it (offsets into the whole text), without the whole text ever being one string: a large
 * file can be read a window at a time. Returns undefined when a single markup token (a tag, comment…) is longer
 * than the margin and met a window's end: the sink then has a partial document, and the caller scans the whole
 * text instead. `maxLength` is not checked here (the caller knows the length before it reads).
 */
export function scanXmlWindows(
  windows: Iterable<string>,
  sink: XmlSink,
  options: XmlWindowOptions = {},
): XmlScanResult | undefined {
  const margin = Math.max(2, options.margin ?? 2048);
  const windowSize = Math.max(2 * margin, options.windowSize ?? 16_384);
  // Lazy attributes scan the whole text again when read: there is no whole text here.
  const scanner = new XmlScanner('', sink, { ...options, lazyAttributes: false }, options.expectedLength);
  const it = windows[Symbol.iterator]();
  let next = it.next();
  let window = '';
  let base = 0;
  for (;;) {
    const done = next.done === true;
    if (!done) {
      window += next.value;
      next = it.next();
    }
    const final = next.done === true;
    if (!final && window.length < windowSize) continue;
    if (base + window.length > (options.maxLength ?? DEFAULT_MAX_LENGTH)) return undefined; // scanXml reports it
    const keep = scanner.feed(window, base, final, margin);
    if (keep < 0) return undefined;
    if (final) return scanner.result();
    // What the next window still needs: the text from the last markup read (a text run not ended yet, or nothing).
    window = window.slice(keep - base);
    base = keep;
  }
}

class XmlScanner {
  private readonly doc: XmlScanResult = { errors: [] };
  /** Open elements, outermost first; those at index maxDepth and deeper are matched but not kept. */
  private readonly stack: ScannedElement[] = [];
  private readonly attributeScratch: ScannedAttribute[] = [];
  private readonly maxDepth: number;
  private readonly maxLength: number;
  private readonly maxErrors: number;
  private readonly elementOnly: ReadonlySet<string> | undefined;
  private depthReported = false;
  private readonly pool: StringPool;
  /** Whether the sink keeps no node (XmlSink.transient), so that finished nodes are reused. */
  private readonly transient: boolean;
  /** The text being scanned: the whole document, or the window of it that starts at `base` (scanXmlWindows). */
  private text: string;
  private base = 0;
  /** Absolute offset up to which characters were checked (windows overlap). */
  private checkedTo = 0;
  /** Absolute offsets: where the next search for markup starts, and where the pending text run starts. */
  private pos = 0;
  private textStart = 0;
  /** Finished elements the sink no longer references, for reuse. */
  private readonly recycled: ScannedElement[] = [];
  /** The one text node a transient sink gets, refilled for each text run. */
  private readonly sharedText = new ScannedText('', '', 0);
  /** What every element reads its attributes from, with `lazyAttributes`. */
  private readonly attributeSource: RescannedAttributes | undefined;
  /** Reports at offsets into `text` (the window); `addError` takes offsets into the whole document. */
  readonly report: XmlReport = (code, message, start, end) =>
    this.addError(code, message, start + this.base, end + this.base);

  constructor(
    text: string,
    private readonly sink: XmlSink,
    options: XmlParseOptions,
    expectedLength = text.length,
  ) {
    this.text = text;
    this.pool = new StringPool(text, expectedLength);
    this.maxDepth = options.maxDepth ?? 2000;
    this.maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
    this.maxErrors = options.maxErrors ?? 200;
    this.elementOnly = options.elementOnly;
    this.transient = sink.transient === true;
    this.attributeSource =
      options.lazyAttributes === true && !this.transient ? new RescannedAttributes(text) : undefined;
  }

  run(): XmlScanResult {
    const { text } = this;
    if (text.length > this.maxLength) {
      this.report(
        'XML019',
        `Document is ${text.length} characters long, over the limit of ${this.maxLength}; split it into smaller files.`,
        0,
        0,
      );
      return this.doc;
    }
    this.feed(text, 0, true, 0);
    return this.doc;
  }

  result(): XmlScanResult {
    return this.doc;
  }

  /** Reports characters XML 1.0 forbids (NOT_XML_CHARS) in the part of the window not checked yet. */
  private checkChars(text: string, base: number): void {
    const from = Math.max(0, this.checkedTo - base);
    this.checkedTo = base + text.length;
    NOT_XML_CHARS.lastIndex = from;
    for (let m = NOT_XML_CHARS.exec(text); m !== null; m = NOT_XML_CHARS.exec(text)) {
      const hex = m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
      this.report(
        'XML024',
        `Character U+${hex} is not allowed in XML 1.0; remove it (the platform cannot store it).`,
        m.index,
        m.index + 1,
      );
      if (this.doc.errors.length >= this.maxErrors) break;
    }
  }

  /**
   * Scans `window`, the document's text from offset `base` on (it starts at or before the offset the previous
   * call returned). Unless `final`, stops before markup starting within `margin` of the window's end. Returns
   * the offset the next window must start at, or -1 when markup ran into the end of a non-final window.
   */
  feed(window: string, base: number, final: boolean, margin: number): number {
    const text = window;
    this.text = text;
    this.base = base;
    this.pool.setText(text);
    this.checkChars(text, base);
    const limit = text.length - margin;
    let pos = this.pos - base;
    let textStart = this.textStart - base;
    for (;;) {
      const lt = text.indexOf('<', pos);
      if (lt === -1) {
        pos = text.length;
        break;
      }
      if (!final && lt > limit) {
        pos = lt;
        break;
      }
      const c = text.charCodeAt(lt + 1);
      const nameEnd = c === 0x2f || c === 0x21 || c === 0x3f ? -1 : scanName(text, lt + 1); // not '/', '!', '?'
      if (nameEnd === lt + 1) {
        // a stray '<' stays part of the text run
        this.report('XML010', "Unescaped '<' in text; write '&lt;'.", lt, lt + 1);
        pos = lt + 1;
        continue;
      }
      // A malformed close tag is skipped up to the next '>': it must be in this window.
      if (!final && c === 0x2f && text.indexOf('>', lt) === -1) return -1;
      this.flushText(textStart, lt);
      textStart = pos = this.markup(lt, nameEnd);
      if (!final && pos > text.length - 2) return -1;
    }
    this.pos = pos + base;
    this.textStart = textStart + base;
    if (final) this.end(textStart);
    return this.textStart;
  }

  /** The end of the document: the last text run, and the elements never closed. */
  private end(textStart: number): void {
    const { text } = this;
    const length = this.base + text.length;
    this.flushText(textStart, text.length);
    this.closeUnclosed(-1, length);
    if (!this.doc.root) this.addError('XML012', 'The document has no root element.', 0, Math.min(length, 1));
  }

  /** Scans and attaches the markup at `lt` (an open tag whose name ends at `nameEnd`, or -1); returns where it ends. */
  private markup(lt: number, nameEnd: number): number {
    const { text } = this;
    const c = text.charCodeAt(lt + 1);
    if (c === 0x2f) return this.closeTag(lt); // '/'
    if (c === 0x21) return this.declaration(lt); // '!'
    if (c === 0x3f) return this.processingInstruction(lt); // '?'
    const el = scanOpenTag(
      text,
      lt,
      nameEnd,
      this.report,
      this.pool,
      this.attributeScratch,
      this.recycled.pop(),
      this.attributeSource,
    );
    const end = el.openEnd;
    if (this.base !== 0) shiftSubtree(el, this.base);
    if (this.stack.length === 0) {
      if (this.doc.root)
        this.report(
          'XML011',
          `Second top-level element <${el.name}>: a document has exactly one root element.`,
          lt,
          end,
        );
      else this.doc.root = el;
    }
    // An open tag cut off by the end of input has no content to hold: it is reported once (XML001), not pushed.
    const cutOff = end >= text.length && text.charCodeAt(end - 1) !== 0x3e;
    if (cutOff && !el.selfClosing) el.children = [];
    const open = !el.selfClosing && !cutOff;
    this.attach(el, true, open);
    if (open) this.stack.push(el);
    else this.recycle(el);
    return end;
  }

  /** `stack[i]`, the innermost open element, is complete (its end is set). */
  /** Ends the open elements deeper than `depth` at `end`, each reported never closed (XML003); the stack is kept. */
  private closeUnclosed(depth: number, end: number): void {
    for (let i = this.stack.length - 1; i > depth; i--) {
      const el = this.stack[i] as ScannedElement;
      el.end = end;
      this.closed(i);
      this.addError(
        'XML003',
        `<${el.name}> is never closed; add </${el.name}>.`,
        el.openTagRange.start,
        el.openTagRange.end,
      );
    }
  }

  private closed(i: number): void {
    if (i >= this.maxDepth) return; // deeper ones were never added
    const el = this.stack[i] as ScannedElement;
    this.sink.close(el);
    this.recycle(el);
  }

  /** `el` is finished and handed over: a transient sink no longer references it (see XmlSink.transient). */
  private recycle(el: ScannedElement): void {
    if (this.transient && el !== this.doc.root) this.recycled.push(el);
  }

  /** `raw` is the text from `start` as written (CDATA markers included). */
  private textNode(value: string, raw: string, local: number): ScannedText {
    const start = local + this.base;
    return this.transient ? this.sharedText.reuse(value, raw, start) : new ScannedText(value, raw, start);
  }

  private attach(node: XmlNode, isElement: boolean, open = false): void {
    const depth = this.stack.length;
    if (depth === 0) {
      this.sink.add(node, undefined, open);
      return;
    }
    if (depth > this.maxDepth || (isElement && depth >= this.maxDepth)) {
      if (isElement && !this.depthReported) {
        this.depthReported = true;
        const { start, end } = node.range;
        this.addError(
          'XML018',
          `Elements nest deeper than ${this.maxDepth} levels; deeper content is ignored.`,
          start,
          end,
        );
      }
      return;
    }
    this.sink.add(node, this.stack[depth - 1] as ScannedElement, open);
  }

  private flushText(start: number, end: number): void {
    if (start >= end) return;
    const { text } = this;
    const parent = this.stack[this.stack.length - 1];
    const flags = textRunFlags(text, start, end);
    const whitespace = (flags & TEXT_WHITESPACE) !== 0;
    if (whitespace && parent && (this.elementOnly?.has(parent.name) || this.sink.skipsWhitespace?.(parent))) return;
    const raw = this.pool.slice(start, end);
    if (!parent) {
      const from = start + this.base === 0 && text.charCodeAt(0) === 0xfeff ? 1 : start; // a byte-order mark left in the text is fine
      if (!isWhitespaceOnly(text, from, end)) this.report('XML011', 'Text outside the root element.', start, end);
    } else if ((flags & TEXT_BRACKET) !== 0) {
      const cdataEnd = raw.indexOf(']]>');
      if (cdataEnd !== -1)
        this.report('XML015', "']]>' is not allowed in text; write ']]&gt;'.", start + cdataEnd, start + cdataEnd + 3);
    }
    const value = (flags & TEXT_DECODE) !== 0 ? decodeXmlValue(raw, start, this.report, false) : raw;
    this.attach(this.textNode(value, raw, start), false);
  }

  private closeTag(lt: number): number {
    const fast = this.closesInnermost(lt);
    if (fast !== -1) {
      const el = this.stack[this.stack.length - 1] as ScannedElement;
      el.closeStart = lt + this.base;
      el.end = fast + this.base;
      this.closed(this.stack.length - 1);
      this.stack.pop();
      return fast;
    }
    const { name, end } = scanCloseTag(this.text, lt, this.report, this.pool);
    const stack = this.stack;
    let k = stack.length - 1;
    while (k >= 0 && (stack[k] as ScannedElement).name !== name) k--;
    if (k < 0) {
      const open = stack[stack.length - 1];
      this.report(
        'XML004',
        open
          ? `</${name}> does not match the open element <${open.name}>.`
          : `</${name}> has no matching open element.`,
        lt,
        end,
      );
      return end;
    }
    if (k < stack.length - 1) {
      const top = stack[stack.length - 1] as ScannedElement;
      this.report(
        'XML002',
        `</${name}> closes <${name}> while <${top.name}> is still open; add </${top.name}> first.`,
        lt,
        end,
      );
      this.closeUnclosed(k, lt + this.base);
    }
    const el = stack[k] as ScannedElement;
    el.closeStart = lt + this.base;
    el.end = end + this.base;
    this.closed(k);
    if (k === stack.length - 1)
      stack.pop(); // the usual case; setting length is a slower runtime call
    else stack.length = k;
    return end;
  }

  /**
   * The end of the close tag at `lt` when it is a well-formed `</name>` for the innermost open element (nearly
   * every close tag), else -1 for scanCloseTag to handle. Compares in place: no name slice, no result object.
   */
  private closesInnermost(lt: number): number {
    const top = this.stack[this.stack.length - 1];
    if (!top) return -1;
    const { text } = this;
    const nameEnd = lt + 2 + top.name.length;
    if (!text.startsWith(top.name, lt + 2)) return -1;
    const p = skipWhitespace(text, nameEnd); // a longer name (`</ab>` for <a>) fails the '>' test below
    return text.charCodeAt(p) === 0x3e ? p + 1 : -1; // '>'
  }

  /** `<!--`, `<![CDATA[`, `<!DOCTYPE` or an unknown `<!` construct. */
  private declaration(lt: number): number {
    const { text } = this;
    const n = text.length;
    if (text.startsWith('<!--', lt)) {
      const close = text.indexOf('-->', lt + 4);
      const end = close === -1 ? n : close + 3;
      const value = text.slice(lt + 4, close === -1 ? n : close);
      if (close === -1) this.report('XML001', "Comment is not terminated by '-->'.", lt, n);
      const dashes = value.indexOf('--');
      if (dashes !== -1 || value.endsWith('-'))
        this.report(
          'XML014',
          "'--' is not allowed inside a comment.",
          lt + 4 + (dashes === -1 ? value.length - 1 : dashes),
          end,
        );
      this.attach({ kind: 'comment', value, range: { start: lt + this.base, end: end + this.base } }, false);
      return end;
    }
    if (text.startsWith('<![CDATA[', lt)) {
      const close = text.indexOf(']]>', lt + 9);
      const end = close === -1 ? n : close + 3;
      if (close === -1) this.report('XML001', "CDATA section is not terminated by ']]>'.", lt, n);
      if (this.stack.length === 0) this.report('XML011', 'CDATA section outside the root element.', lt, end);
      const content = text.slice(lt + 9, close === -1 ? n : close);
      const value = content.indexOf('\r') === -1 ? content : content.replace(/\r\n?/g, '\n');
      this.attach(this.textNode(value, text.slice(lt, end), lt), false);
      return end;
    }
    if (text.startsWith('<!DOCTYPE', lt)) {
      if (this.stack.length > 0 || this.doc.root)
        this.report('XML005', 'DOCTYPE must come before the root element.', lt, lt + 9);
      const doctype = scanDoctype(text, lt, this.report);
      shiftSubtree(doctype, this.base);
      if (!this.doc.doctype) this.doc.doctype = doctype;
      this.attach(doctype, false);
      return doctype.range.end;
    }
    const gt = text.indexOf('>', lt);
    const end = gt === -1 ? n : gt + 1;
    this.report('XML005', "Unknown markup '<!'; expected a comment, CDATA section or DOCTYPE.", lt, end);
    return end;
  }

  private processingInstruction(lt: number): number {
    const { text } = this;
    const nameEnd = scanName(text, lt + 2);
    const target = text.slice(lt + 2, nameEnd);
    const close = text.indexOf('?>', nameEnd);
    const end = close === -1 ? text.length : close + 2;
    if (close === -1) this.report('XML001', "Processing instruction is not terminated by '?>'.", lt, end);
    if (!target) this.report('XML005', 'Processing instruction without a target name.', lt, end);
    const data = text.slice(skipWhitespace(text, nameEnd), close === -1 ? text.length : close);
    if (target.toLowerCase() === 'xml') {
      const at = lt + this.base;
      const atStart = at === 0 || (at === 1 && text.charCodeAt(0) === 0xfeff);
      if (target !== 'xml') this.report('XML021', `Processing-instruction target '${target}' is reserved.`, lt, end);
      else if (!atStart || this.doc.declaration)
        this.report('XML013', 'The XML declaration must be the very first thing in the document.', lt, end);
      else this.doc.declaration = parseXmlDeclaration(data, lt, end, this.report);
    }
    this.attach({ kind: 'pi', target, data, range: { start: lt + this.base, end: end + this.base } }, false);
    return end;
  }

  private addError(code: XmlCode, message: string, start: number, end: number): void {
    const errors = this.doc.errors;
    if (errors.length > this.maxErrors) return;
    const diagnostic: Diagnostic =
      errors.length === this.maxErrors
        ? {
            code: 'XML020',
            severity: XML_CODES.XML020.severity,
            message: `More than ${this.maxErrors} problems; the rest are not reported.`,
            range: { start, end },
          }
        : { code, severity: XML_CODES[code].severity, message, range: { start, end } };
    errors.push(diagnostic);
  }
}
