// The CLI's version and home: the extension's package.json (its version) and its folder, the file the CLI ships beside (dist/cli.js is one
// folder below it; the transpiled tests several), found by walking up from this module.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const PACKAGE_NAME = 'conversational-studio';

/** The version in the nearest package.json named conversational-studio above `from`, or undefined. */
export function cliVersion(from: string = __dirname): string | undefined {
  return ownPackage(from)?.version;
}

/** The folder of that package.json (the clone or the installed extension), or undefined. */
export function packageRoot(from: string = __dirname): string | undefined {
  return ownPackage(from)?.dir;
}

function ownPackage(from: string): { dir: string; version: string } | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: unknown;
        version?: unknown;
      };
      if (manifest.name === PACKAGE_NAME && typeof manifest.version === 'string')
        return { dir, version: manifest.version };
    } catch {
      /* no (readable) package.json here: look further up */
    }
    if (dirname(dir) === dir) return undefined;
  }
}
