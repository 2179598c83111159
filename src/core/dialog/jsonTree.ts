// A positioned JSON reader: every value and key with its offsets in the text (UTF-16, end exclusive), so the
// dialog reader can point at any reference and edits can replace exactly one string token. Strict JSON (RFC 8259).
// Hand-written rather than jsonc-parser: on the 2.5 MB genuine dialog export (same loaded machine) jsonc-parser's
// tree took 180-470 ms and its visitor 130-170 ms, this one 9-50 ms; the goals give opening dialog.json 150 ms in all.

export interface JsonBase {
  start: number;
  end: number;
}

export interface JsonProperty {
  key: string;
  keyStart: number;
  keyEnd: number;
  value: JsonValue;
}

export type JsonValue =
  | (JsonBase & { type: 'object'; properties: JsonProperty[] })
  | (JsonBase & { type: 'array'; items: JsonValue[] })
  | (JsonBase & { type: 'string'; value: string })
  | (JsonBase & { type: 'number'; value: number })
  | (JsonBase & { type: 'boolean'; value: boolean })
  | (JsonBase & { type: 'null' });

export type JsonObject = Extract<JsonValue, { type: 'object' }>;
export type JsonString = Extract<JsonValue, { type: 'string' }>;

export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError';
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** The tree of `text`; throws JsonSyntaxError (with the offset) on text that is not JSON. */
export function parseJsonTree(text: string): JsonValue {
  let i = 0;
  const n = text.length;
  // The next backslash at or after the current string, found once and reused until passed: searching afresh
  // from every string would scan to a far-away backslash again and again.
  let nextSlash = -2;
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`${what} at offset ${i}`, i);
  };
  // Exports are indented (half of a 2.5 MB file is whitespace): a run is skipped by the regex engine, not per char.
  const space = (): void => {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) {
      WHITESPACE.lastIndex = i;
      WHITESPACE.test(text);
      i = WHITESPACE.lastIndex;
    }
  };
  const string = (): string => {
    // i is at the opening quote; the common case (no escape) is one indexOf and one slice.
    const from = i + 1;
    let j = text.indexOf('"', from);
    if (j === -1) return fail('Unterminated string');
    if (nextSlash !== -1 && nextSlash < from) nextSlash = text.indexOf('\\', from);
    if (nextSlash === -1 || nextSlash > j) {
      i = j + 1;
      return text.slice(from, j);
    }
    for (j = from; j < n; j++) {
      const c = text.charCodeAt(j);
      if (c === 92) j++;
      else if (c === 34) break;
    }
    if (j >= n) return fail('Unterminated string');
    const raw = text.slice(i, j + 1);
    i = j + 1;
    try {
      return JSON.parse(raw) as string;
    } catch {
      i = from - 1;
      return fail('Bad escape in string');
    }
  };
  const value = (): JsonValue => {
    space();
    const start = i;
    const c = text.charCodeAt(i);
    if (c === 123) {
      // {
      i++;
      const properties: JsonProperty[] = [];
      space();
      if (text.charCodeAt(i) === 125) {
        i++;
        return { type: 'object', start, end: i, properties };
      }
      for (;;) {
        space();
        if (text.charCodeAt(i) !== 34) fail('Expected a property name');
        const keyStart = i;
        const key = string();
        const keyEnd = i;
        space();
        if (text.charCodeAt(i) !== 58) fail("Expected ':'");
        i++;
        properties.push({ key, keyStart, keyEnd, value: value() });
        space();
        const d = text.charCodeAt(i);
        if (d === 44) {
          i++;
          continue;
        }
        if (d === 125) {
          i++;
          return { type: 'object', start, end: i, properties };
        }
        fail("Expected ',' or '}'");
      }
    }
    if (c === 91) {
      // [
      i++;
      const items: JsonValue[] = [];
      space();
      if (text.charCodeAt(i) === 93) {
        i++;
        return { type: 'array', start, end: i, items };
      }
      for (;;) {
        items.push(value());
        space();
        const d = text.charCodeAt(i);
        if (d === 44) {
          i++;
          continue;
        }
        if (d === 93) {
          i++;
          return { type: 'array', start, end: i, items };
        }
        fail("Expected ',' or ']'");
      }
    }
    if (c === 34) {
      const s = string();
      return { type: 'string', start, end: i, value: s };
    }
    if (text.startsWith('true', i)) {
      i += 4;
      return { type: 'boolean', start, end: i, value: true };
    }
    if (text.startsWith('false', i)) {
      i += 5;
      return { type: 'boolean', start, end: i, value: false };
    }
    if (text.startsWith('null', i)) {
      i += 4;
      return { type: 'null', start, end: i };
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) return fail('Unexpected character');
    i += m[0].length;
    return { type: 'number', start, end: i, value: Number(m[0]) };
  };
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  const root = value();
  space();
  if (i < n) fail('Unexpected text after the JSON value');
  return root;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]+/y;

/** A property's value, or undefined. */
export function prop(obj: JsonValue | undefined, key: string): JsonValue | undefined {
  if (obj?.type !== 'object') return undefined;
  for (const p of obj.properties) if (p.key === key) return p.value;
  return undefined;
}

/** A property's string value ('' when absent or not a string). */
export function str(obj: JsonValue | undefined, key: string): string {
  const v = prop(obj, key);
  return v?.type === 'string' ? v.value : '';
}

export function items(v: JsonValue | undefined): JsonValue[] {
  return v?.type === 'array' ? v.items : [];
}
