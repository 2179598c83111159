// Syntax check for concept regexes. Patterns are only compiled, never executed (so a pathological
// pattern cannot hang us). Mix matches regex entities with a server-side engine whose dialect is
// Java/ICU-like, not JavaScript: it accepts possessive quantifiers (`a*+`), atomic groups (`(?>…)`),
// inline flag groups (`(?i)`), `\A` `\Z` `\z` anchors, `\Q…\E` quoting and POSIX classes (`[[:alpha:]]`).
// JavaScript rejects those, so when a pattern fails as-is we rewrite exactly those constructs into
// JavaScript equivalents and only report an error if the rewritten pattern still does not compile.

function compiles(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

function toJavaScriptDialect(pattern: string): string {
  return pattern
    .replace(/\\Q([\s\S]*?)(?:\\E|$)/g, (_m, literal: string) => literal.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'))
    .replace(/\(\?[imsxuU-]+\)/g, '')
    .replace(/\(\?[imsxuU-]+:/g, '(?:')
    .replace(/\(\?>/g, '(?:')
    .replace(/([*+?}])\+/g, '$1')
    .replace(/\\[AZz]/g, (m) => (m === '\\A' ? '^' : '$'))
    .replace(/\[:\^?[a-zA-Z]+:\]/g, 'a-z');
}

/**
 * The pattern as a JavaScript RegExp source (as-is when it compiles, else with Mix's constructs rewritten), or
 * undefined when neither compiles. The NLU engine matches regex entities with it.
 */
export function mixRegexSource(pattern: string): string | undefined {
  if (compiles(pattern) === undefined) return pattern;
  const rewritten = toJavaScriptDialect(pattern);
  return compiles(rewritten) === undefined ? rewritten : undefined;
}

/** Undefined when the pattern is valid in Mix's dialect (as far as can be checked), else the reason. */
export function checkMixRegex(pattern: string): string | undefined {
  const error = compiles(pattern);
  if (error === undefined) return undefined;
  return compiles(toJavaScriptDialect(pattern)) === undefined ? undefined : error;
}
