// The CLI's version: the one in the extension's package.json, the file the CLI ships beside (dist/cli.js is one
// folder below it; the transpiled tests several), found by walking up from this module.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const PACKAGE_NAME = 'conversational-studio';

/** The version in the nearest package.json named conversational-studio above `from`, or undefined. */
export function cliVersion(from: string = __dirname): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === PACKAGE_NAME && typeof manifest.version === 'string') return manifest.version;
    } catch { /* no (readable) package.json here: look further up */ }
    if (dirname(dir) === dir) return undefined;
  }
}
