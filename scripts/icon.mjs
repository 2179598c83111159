// Regenerates media/icon.png (the 128×128 marketplace icon) from media/cstudio.svg, the activity-bar glyph:
// the glyph's strokes in white on a rounded blue tile. Needs `rsvg-convert` (Debian: librsvg2-bin). The PNG is
// committed, so packaging never needs this tool; run it again only when the glyph changes.
//   node scripts/icon.mjs
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const glyph = readFileSync(join(root, 'media', 'cstudio.svg'), 'utf8');
const inner = glyph
  .replace(/^[\s\S]*?<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<!--[\s\S]*?-->/g, '');
const viewBox = /viewBox="([^"]+)"/.exec(glyph)?.[1] ?? '0 0 24 24';

// The 24-unit glyph scaled to 96 px and centred on a 128 px tile; the stroke width keeps its proportion.
const tile = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1F6FB2"/>
      <stop offset="1" stop-color="#0B3D66"/>
    </linearGradient>
  </defs>
  <rect x="0" y="0" width="128" height="128" rx="24" fill="url(#bg)"/>
  <svg x="16" y="14" width="96" height="96" viewBox="${viewBox}" fill="none" stroke="#FFFFFF" stroke-width="1.6"
       stroke-linecap="round" stroke-linejoin="round">${inner}</svg>
</svg>`;

const out = join(root, 'media', 'icon.png');
const r = spawnSync('rsvg-convert', ['--width', '128', '--height', '128', '--format', 'png', '--output', out], {
  input: tile,
});
if (r.error || r.status !== 0) {
  console.error(
    `rsvg-convert failed (${r.error?.message ?? r.stderr}); install it: sudo apt-get install -y librsvg2-bin`,
  );
  process.exit(1);
}
console.log(`wrote ${out}`);
