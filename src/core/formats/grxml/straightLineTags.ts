// Which script tags run in bounded time and touch nothing but the evaluation's own objects: assignments to
// `out` of literal values (strings, numbers, true/false/null/undefined, object and array literals of those)
// and of `rules.x…`, `meta.x…` and `out.x…` paths, calls with no arguments allowed in those paths
// (`rules.latest()`, `meta.current().text`). Such a tag has no loop, defines no function, getter or global,
// and cannot reach a built-in object to change it (the names that lead there are refused), so the tag
// process runs it without a watchdog thread (which costs more than the tag) and without comparing the
// built-ins afterwards; every other tag keeps both. Nearly every grammar's tags are like this.
// The recognizer is deliberately narrow and only says yes when the text means exactly what it looks like:
// no comments, regular expressions, template strings, escapes outside strings or automatic semicolons.

/** Names that lead from a value to a built-in object or to a function's caller. */
const REFUSED_NAMES = new Set([
  'constructor',
  'prototype',
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'caller',
  'callee',
  'arguments',
  'call',
  'apply',
  'bind',
]);

const MAX_LENGTH = 2000;

type Token = { kind: 'name' | 'string' | 'number' | 'punct'; text: string };

function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i, i + 64));
    if (name) {
      const word = name[0];
      if (word.length === 64 || REFUSED_NAMES.has(word)) return undefined;
      tokens.push({ kind: 'name', text: word });
      i += word.length;
      continue;
    }
    const number = /^-?[0-9]+(?:\.[0-9]+)?(?![A-Za-z0-9_.$\\])/.exec(text.slice(i, i + 32));
    if (number) {
      tokens.push({ kind: 'number', text: number[0] });
      i += number[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      for (; j < text.length && text[j] !== c; j++) {
        if (text[j] === '\n' || text[j] === '\r') return undefined;
        if (text[j] === '\\') j++; // the escaped character belongs to the string, whatever it is
      }
      if (j >= text.length) return undefined;
      tokens.push({ kind: 'string', text: text.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    if ('=;.,:{}[]()'.includes(c)) {
      tokens.push({ kind: 'punct', text: c });
      i++;
      continue;
    }
    return undefined;
  }
  return tokens;
}

class Reader {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}
  peek(text: string): boolean {
    return this.tokens[this.at]?.text === text && this.tokens[this.at]?.kind === 'punct';
  }
  take(text: string): boolean {
    if (!this.peek(text)) return false;
    this.at++;
    return true;
  }
  next(): Token | undefined {
    return this.tokens[this.at++];
  }
  get done(): boolean {
    return this.at >= this.tokens.length;
  }
}

const PATH_ROOTS = ['out', 'rules', 'meta'];

/** After a path's root: `.name` steps, and `()` (no arguments) only when the root is rules or meta. */
function pathSteps(r: Reader, root: string): boolean {
  const calls = root !== 'out';
  while (r.peek('.') || (calls && r.peek('('))) {
    if (r.take('(')) {
      if (!r.take(')')) return false;
      continue;
    }
    r.take('.');
    if (r.next()?.kind !== 'name') return false;
  }
  return true;
}

function value(r: Reader, depth: number): boolean {
  if (depth > 32) return false;
  if (r.take('{')) {
    while (!r.take('}')) {
      const key = r.next();
      if (key === undefined || key.kind === 'punct' || !r.take(':') || !value(r, depth + 1)) return false;
      if (!r.take(',') && !r.peek('}')) return false;
    }
    return true;
  }
  if (r.take('[')) {
    while (!r.take(']')) {
      if (!value(r, depth + 1)) return false;
      if (!r.take(',') && !r.peek(']')) return false;
    }
    return true;
  }
  const t = r.next();
  if (t === undefined) return false;
  if (t.kind === 'string' || t.kind === 'number') return true;
  if (t.kind !== 'name') return false;
  if (['true', 'false', 'null', 'undefined'].includes(t.text)) return true;
  return PATH_ROOTS.includes(t.text) && pathSteps(r, t.text);
}

/** Whether `tag` is only straight-line assignments to `out` (see the module comment). */
export function isStraightLineTag(tag: string): boolean {
  if (tag.length > MAX_LENGTH) return false;
  const tokens = tokenize(tag);
  if (tokens === undefined) return false;
  const r = new Reader(tokens);
  while (!r.done) {
    if (r.take(';')) continue;
    const target = r.next();
    if (target?.kind !== 'name' || target.text !== 'out' || !pathSteps(r, 'out') || !r.take('=') || !value(r, 0))
      return false;
    if (!r.take(';') && !r.done) return false;
  }
  return true;
}
