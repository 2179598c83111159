// A resolver for external rule references that reads grammar files from the local disk, relative to the
// referencing grammar. It never fetches anything: http(s) and every other scheme are refused with a message.
// Optionally confined to a folder, so a workspace grammar cannot make the tool read files outside it.

import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve as resolvePath } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hasScheme, isHttpUri, type GrammarResolver } from './externalRefs';
import type { Grammar } from './model';
import { parseGrxmlBytes } from './parse';

export interface FileResolverOptions {
  /** Refuse files outside this folder. */
  root?: string;
  /** Largest grammar file read (default 16 MiB). */
  maxBytes?: number;
}

export function createFileResolver(options: FileResolverOptions = {}): GrammarResolver {
  const cache = new Map<string, Grammar>();
  const maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
  return (uri: string, base: string): Grammar | undefined => {
    const path = filePath(uri, base);
    if (options.root !== undefined) {
      const rel = relative(resolvePath(options.root), path);
      if (rel.startsWith('..') || isAbsolute(rel)) throw new Error(`external grammar ${uri} is outside ${options.root}; it was not read`);
    }
    const cached = cache.get(path);
    if (cached) return cached;
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new Error(`cannot read external grammar ${path}${code ? ` (${code})` : ''}; check the ruleref uri`);
    }
    if (bytes.byteLength > maxBytes) throw new Error(`external grammar ${path} is larger than ${maxBytes} bytes; it was not read`);
    const grammar = parseGrxmlBytes(bytes, { uri: path }).grammar;
    cache.set(path, grammar);
    return grammar;
  };
}

function filePath(uri: string, base: string): string {
  const baseUrl = base === '' ? pathToFileURL(`${process.cwd()}/`) : hasScheme(base) ? new URL(base) : pathToFileURL(base);
  let target: URL;
  try {
    target = new URL(uri, baseUrl);
  } catch {
    throw new Error(`external grammar reference ${uri} is not a valid URI`);
  }
  if (isHttpUri(target.href)) throw new Error(`external http grammar not fetched: ${target.href} (grammars are only read from local files)`);
  if (target.protocol !== 'file:') throw new Error(`external grammar ${target.href} not read: only local files are supported`);
  return fileURLToPath(target);
}
