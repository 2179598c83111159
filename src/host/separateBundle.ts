// Modules bundled apart from the extension (the platform client with undici, the sandbox server) are
// required from dist/ the first time they are needed: activation stays small and fast, and a window that
// never uses them never loads them. Only types cross this line at compile time.

/** Requires the bundle at `bundlePath` once and returns its exports, typed as the module it was built from. */
export function separateBundle<T>(bundlePath: string): () => T {
  let loaded: T | undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a separate bundle, resolved at run time
  return () => (loaded ??= require(bundlePath) as T);
}
