// Whether a path lies inside a folder: the one rule for confining files to a project, a package or a grammar's
// tree. Lexical (no symbolic link is followed; callers that must see through links pass real paths) and built on
// path.relative, so it honours what a prefix test gets wrong: `/a/bc` is not inside `/a/b`, `..` escapes after
// resolving, a name that only starts with dots (`..x`) stays inside, and on Windows drive letters and case do not
// matter and another drive is never inside.
import * as nodePath from 'node:path';

/** The path functions of one platform: node:path (default), or path.win32 / path.posix in tests. */
export type PathFlavour = Pick<typeof nodePath, 'relative' | 'isAbsolute' | 'sep'>;

/**
 * `path` relative to `folder` (with the platform's separators) when it lies inside it, '' for the folder itself,
 * undefined when it lies outside.
 */
export function relativeInside(folder: string, path: string, flavour: PathFlavour = nodePath): string | undefined {
  const rel = flavour.relative(folder, path);
  if (rel === '..' || rel.startsWith(`..${flavour.sep}`) || flavour.isAbsolute(rel)) return undefined;
  return rel;
}

/** Whether `path` lies inside `folder`; the folder itself counts only with `orSelf`. */
export function isInside(
  folder: string,
  path: string,
  options: { orSelf?: boolean; flavour?: PathFlavour } = {},
): boolean {
  const rel = relativeInside(folder, path, options.flavour);
  return rel !== undefined && (rel !== '' || options.orSelf === true);
}
