// The positioned XML tree produced by `parseXml` (scanner.ts). Every node carries UTF-16 offsets into
// `XmlDocument.text`, so language services can map a model item back to its source and the serializer
// can reproduce the text exactly. Values are unescaped; raw text is kept beside them.
// The scanner's nodes (nodes.ts) compute their `TextRange`s on access from stored offsets, so copy nodes
// by reference, not by spreading (`{ ...node }` would drop the ranges).

import type { Diagnostic, TextRange } from '../diagnostic';

export interface XmlAttribute {
  name: string;
  /** Unescaped and attribute-value-normalized (tabs/newlines become spaces, as XML requires). */
  value: string;
  /** Exactly as written between the quotes. */
  rawValue: string;
  quote: '"' | "'";
  /** From the first character of the name to the closing quote (inclusive). */
  range: TextRange;
  nameRange: TextRange;
  /** The raw value between the quotes (quotes excluded). */
  valueRange: TextRange;
}

export interface XmlElement {
  kind: 'element';
  name: string;
  attributes: XmlAttribute[];
  children: XmlNode[];
  /** From `<` of the open tag to `>` of the close tag (or of the self-closing tag). */
  range: TextRange;
  openTagRange: TextRange;
  /** Absent for self-closing elements and for elements left unclosed by malformed input. */
  closeTagRange?: TextRange;
  selfClosing: boolean;
  parent?: XmlElement;
}

export interface XmlText {
  kind: 'text';
  /** Unescaped, line endings normalized to `\n`. */
  value: string;
  /** Exactly as written (for CDATA: including `<![CDATA[` and `]]>`). */
  raw: string;
  range: TextRange;
  cdata: boolean;
  parent?: XmlElement;
}

export interface XmlComment {
  kind: 'comment';
  /** Text between `<!--` and `-->`. */
  value: string;
  range: TextRange;
  parent?: XmlElement;
}

/** `<?target data?>`; the XML declaration is the instruction with target `xml`. */
export interface XmlProcessingInstruction {
  kind: 'pi';
  target: string;
  /** Everything between the target and `?>`, leading whitespace removed. */
  data: string;
  range: TextRange;
  parent?: XmlElement;
}

/** Recorded as written; never used to expand entities or to fetch anything. */
export interface XmlDoctype {
  kind: 'doctype';
  /** Root element name declared by the DOCTYPE. */
  name: string;
  /** `SYSTEM "..."` / `PUBLIC "..." "..."` as written, if present. */
  externalId?: string;
  /** Text between `[` and `]`, if present. */
  internalSubset?: string;
  /** Names of `<!ENTITY>` declarations found in the internal subset. */
  entityNames: string[];
  range: TextRange;
  parent?: XmlElement;
}

export type XmlNode = XmlElement | XmlText | XmlComment | XmlProcessingInstruction | XmlDoctype;

export interface XmlDeclaration {
  version?: string;
  encoding?: string;
  standalone?: string;
  range: TextRange;
}

export interface XmlDocument {
  text: string;
  /** Top-level nodes in order: declaration PI, comments, doctype, whitespace text, the root element. */
  children: XmlNode[];
  root?: XmlElement;
  declaration?: XmlDeclaration;
  doctype?: XmlDoctype;
  /** Well-formedness problems (codes `XML…`, see xml/codes.ts). */
  errors: Diagnostic[];
}

export function getAttribute(el: XmlElement, name: string): XmlAttribute | undefined {
  for (const a of el.attributes) if (a.name === name) return a;
  return undefined;
}

export function attributeValue(el: XmlElement, name: string): string | undefined {
  for (const a of el.attributes) if (a.name === name) return a.value;
  return undefined;
}

export function childElements(el: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of el.children) if (c.kind === 'element' && (name === undefined || c.name === name)) out.push(c);
  return out;
}

/** Concatenated text of all descendant text nodes (iterative: safe on deep trees). */
export function textContent(el: XmlElement): string {
  let out = '';
  const stack: XmlNode[] = [...el.children].reverse();
  while (stack.length > 0) {
    const n = stack.pop() as XmlNode;
    if (n.kind === 'text') out += n.value;
    else if (n.kind === 'element')
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as XmlNode);
  }
  return out;
}
