// `node scripts/docs-images.mjs`: refreshes the README's images from the UI checks' screenshots. Every image the
// README shows is docs/images/<name>.png, a committed copy of .screenshots/<name>.png taken by a check in test/e2e
// or test/vscode (test/unit/setup checks that). Run the VS Code tier first (node test/vscode/run.mjs).
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const names = [...readme.matchAll(/docs\/images\/([\w-]+\.png)/g)].map((m) => m[1]);
let missing = 0;
for (const name of new Set(names)) {
  const shot = join(root, '.screenshots', name);
  if (!existsSync(shot)) {
    console.log(`missing .screenshots/${name}: run the VS Code tier (node test/vscode/run.mjs) first`);
    missing++;
    continue;
  }
  copyFileSync(shot, join(root, 'docs', 'images', name));
  console.log(`docs/images/${name} ← .screenshots/${name}`);
}
process.exit(missing === 0 ? 0 : 1);
