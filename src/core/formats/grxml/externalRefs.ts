// Looking up the grammar and rule behind an external rule reference (`uri="other.grxml#rule"`), shared by
// validation and the matcher. Reading is the resolver callback's job (resolveFile.ts reads local files); this
// module decides what may be asked for: http(s) grammars are never fetched unless the caller allows it.

import type { Grammar, Rule } from './model';

/** Returns the grammar at `uri` (as written in the reference, without its fragment) relative to `base`. */
export type GrammarResolver = (uri: string, base: string) => Grammar | undefined;

export interface ExternalOptions {
  resolveExternal?: GrammarResolver;
  /** Let http(s) references reach the resolver. Off by default: nothing is fetched over the network. */
  allowHttp?: boolean;
}

export type ExternalGrammar = { grammar: Grammar } | { error: string };
export type ExternalRule = { grammar: Grammar; rule: Rule } | { error: string };

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const WINDOWS_PATH = /^[A-Za-z]:[\\/]/;

export function hasScheme(uri: string): boolean {
  return SCHEME.test(uri) && !WINDOWS_PATH.test(uri);
}

export function isHttpUri(uri: string): boolean {
  return /^https?:/i.test(uri);
}

/**
 * The base external references of `grammar` resolve against: xml:base (SRGS 1.0 §4.9, itself relative to the
 * file), else a `<meta name="base" content="…">` (the header form some grammars use), else the file. Where the
 * result may lead is still confined by the resolver (resolveFile.ts).
 */
export function grammarBase(grammar: Grammar): string {
  const { uri } = grammar;
  const base = grammar.base ?? grammar.metas.find((m) => m.name === 'base' && m.content !== undefined)?.content;
  if (base === undefined) return uri ?? '';
  if (uri === undefined || hasScheme(base)) return base;
  if (hasScheme(uri)) {
    try {
      return new URL(base, uri).href;
    } catch {
      return base;
    }
  }
  return base.startsWith('/') || WINDOWS_PATH.test(base) ? base : joinRelative(uri, base);
}

function joinRelative(file: string, relative: string): string {
  const slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return slash === -1 ? relative : file.slice(0, slash + 1) + relative;
}

/** The absolute form of `uri` when `base` is a URL (so `x.grxml` under an http base is recognised as http). */
export function absoluteUri(uri: string, base: string): string {
  if (hasScheme(uri) || !hasScheme(base)) return uri;
  try {
    return new URL(uri, base).href;
  } catch {
    return uri;
  }
}

/** Caches lookups for one validation or match run, so every reference to a file reads it once. */
export class ExternalGrammars {
  private readonly cache = new Map<string, ExternalGrammar>();

  constructor(private readonly options: ExternalOptions) {}

  grammar(uri: string, from: Grammar): ExternalGrammar {
    const base = grammarBase(from);
    const absolute = absoluteUri(uri, base);
    const key = `${base}\u0000${uri}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const found = this.lookup(uri, base, absolute);
    this.cache.set(key, found);
    return found;
  }

  rule(uri: string, ruleId: string | undefined, from: Grammar): ExternalRule {
    const found = this.grammar(uri, from);
    if ('error' in found) return found;
    const { grammar } = found;
    const id = ruleId ?? grammar.root;
    if (id === undefined)
      return { error: `the grammar ${uri} has no root rule, so a reference without #rule cannot use it` };
    const rule = grammar.rulesById.get(id);
    if (!rule)
      return {
        error:
          ruleId === undefined
            ? `the root rule "${id}" of ${uri} is not defined there`
            : `rule "${id}" is not defined in ${uri}`,
      };
    if (ruleId !== undefined && rule.scope !== 'public') {
      return { error: `rule "${id}" of ${uri} is private; only public rules can be referenced from another grammar` };
    }
    return { grammar, rule };
  }

  private lookup(uri: string, base: string, absolute: string): ExternalGrammar {
    if (isHttpUri(absolute) && !this.options.allowHttp) {
      return { error: `external http grammar not fetched: ${absolute} (network access for grammars is off)` };
    }
    const resolve = this.options.resolveExternal;
    if (!resolve) return { error: `external grammar ${uri} not read: no resolver was given` };
    try {
      const grammar = resolve(uri, base);
      return grammar
        ? { grammar }
        : { error: `external grammar ${uri} not found${base ? ` (relative to ${base})` : ''}` };
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    }
  }
}
