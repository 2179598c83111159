// Where an external rule reference may lead, and a resolver that reads grammar files from the local disk. The
// one owner of the confinement rule (the CLI, the editor's resolver and navigation all use it): a reference
// resolves only to a local file inside the allowed folders (the grammar's folder tree, or the workspace),
// checked on the path as written and again on the real path, so neither `..`, an absolute path, a file: URI
// nor a symbolic link leads outside. Anything else is an error (a diagnostic for the caller), never a read.
// Nothing is ever fetched: http(s) and every other scheme are refused with a message.

import { readFileSync, realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isInside } from '../../fs/pathInside';
import { hasScheme, isHttpUri, type GrammarResolver } from './externalRefs';
import type { Grammar } from './model';
import { parseGrxmlBytes } from './parse';

/** The local file a reference's `uri` (without its fragment) names, relative to `base`; throws for non-files. */
export function grammarFilePath(uri: string, base: string): string {
  const baseUrl =
    base === '' ? pathToFileURL(`${process.cwd()}/`) : hasScheme(base) ? new URL(base) : pathToFileURL(base);
  let target: URL;
  try {
    target = new URL(uri, baseUrl);
  } catch {
    throw new Error(`external grammar reference ${uri} is not a valid URI`);
  }
  if (isHttpUri(target.href))
    throw new Error(`external http grammar not fetched: ${target.href} (grammars are only read from local files)`);
  if (target.protocol !== 'file:')
    throw new Error(`external grammar ${target.href} not read: only local files are supported`);
  return fileURLToPath(target);
}

/**
 * The file `uri` names relative to `base`, when it lies inside one of `roots` (empty: the folder of `base`);
 * throws a message naming the reference and the allowed folders otherwise.
 */
export function confinedGrammarPath(uri: string, base: string, roots: readonly string[]): string {
  const path = grammarFilePath(uri, base);
  const allowed = roots.length > 0 ? roots : [base === '' || hasScheme(base) ? process.cwd() : dirname(base)];
  const outside = (): Error =>
    new Error(
      `external grammar ${uri} is outside ${allowed.length === 1 ? `the folder ${allowed[0]}` : 'the workspace folders'}; it was not read ` +
        '(grammars may only refer to grammars inside their folder tree)',
    );
  if (!allowed.some((r) => isInside(r, path, { orSelf: true }))) throw outside();
  const real = realPath(path);
  if (real !== undefined && !allowed.some((r) => isInside(realPath(r) ?? r, real, { orSelf: true }))) throw outside();
  return path;
}

/** The path with symbolic links resolved; undefined when it does not exist (then nothing is read anyway). */
function realPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

export interface FileResolverOptions {
  /** Folders grammar files may be read from (e.g. the grammar's own folder); see confinedGrammarPath. */
  roots: readonly string[];
  /** Largest grammar file read (default 16 MiB). */
  maxBytes?: number;
}

export function createFileResolver(options: FileResolverOptions): GrammarResolver {
  const cache = new Map<string, Grammar>();
  const maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
  return (uri: string, base: string): Grammar | undefined => {
    const path = confinedGrammarPath(uri, base, options.roots);
    const cached = cache.get(path);
    if (cached) return cached;
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new Error(`cannot read external grammar ${path}${code ? ` (${code})` : ''}; check the ruleref uri`);
    }
    if (bytes.byteLength > maxBytes)
      throw new Error(`external grammar ${path} is larger than ${maxBytes} bytes; it was not read`);
    const grammar = parseGrxmlBytes(bytes, { uri: path }).grammar;
    cache.set(path, grammar);
    return grammar;
  };
}
