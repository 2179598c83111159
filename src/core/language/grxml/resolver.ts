// External rule references (`<ruleref uri="other.grxml#rule"/>`) as the editor sees them: the referenced grammar
// is read through the project index, so an open document's unsaved text counts, and only local files inside
// the allowed folders are read. Nothing is ever fetched (http and other schemes are refused with a message).

import { isAbsolute, relative, resolve as resolvePath } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hasScheme, isHttpUri, type GrammarResolver } from '../../formats/grxml/externalRefs';
import type { Grammar } from '../../formats/grxml/model';
import type { ProjectIndex } from '../project/projectIndex';

/** The local file a reference's `uri` (without its fragment) names, relative to `base`; throws for non-files. */
export function grammarFilePath(uri: string, base: string): string {
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

export function isInside(folder: string, path: string): boolean {
  const rel = relative(resolvePath(folder), path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * A resolver over the project index. `allowedRoots` confines reads (the workspace folders); empty means the
 * referencing grammar's own folder tree only.
 */
export function projectGrammarResolver(projects: ProjectIndex, allowedRoots: readonly string[]): GrammarResolver {
  return (uri: string, base: string): Grammar | undefined => {
    const path = grammarFilePath(uri, base);
    const roots = allowedRoots.length > 0 ? allowedRoots : [resolvePath(base, '..')];
    if (!roots.some((r) => isInside(r, path))) throw new Error(`external grammar ${uri} is outside the workspace; it was not read`);
    const result = projects.grxml(path);
    if (!result) throw new Error(`cannot read external grammar ${path}; check the ruleref uri`);
    return result.grammar;
  };
}
