// Runs the W3C SRGS 1.0 implementation-report tests found in a folder (used by corpus.test.ts).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { matchGrammar } from '../../../../src/core/formats/grxml/match';
import type { Grammar } from '../../../../src/core/formats/grxml/model';
import { createFileResolver } from '../../../../src/core/formats/grxml/resolveFile';
import { validateGrxml } from '../../../../src/core/formats/grxml/validate';
import { loadFile } from './helpers';

// The W3C SRGS 1.0 implementation-report tests: each grammar carries <meta name="in.N"> inputs and "out.N"
// expected parses ("REJECT": no parse). These grammars must be refused outright.
const W3C_REFUSED = new Set([
  'duplicated-rulenames',
  'duplicated-special-rulenames',
  'language-missing',
  'no-language-no-mode',
  'no-namespace',
  'no-version',
  'ruleref-nonexistent-local',
  'undefined-root',
  'uri-ref-undefined-root-referring',
  'ruleref-mismatch-modes',
  'ruleref-mismatch-mediatype',
  'conformance-6',
]);

/** Judges every IR grammar in `dir`; returns the failures (empty when all agree) and how many inputs were run. */
export function judgeIrTests(dir: string): { failures: string[]; grammars: number; inputs: number } {
  const local = createFileResolver({ roots: [dir] });
  // Tests that refer to their siblings by their original http://www.w3.org/... address get the local copy;
  // nothing is fetched.
  const resolver = (uri: string, base: string): Grammar | undefined => {
    const name = /^https?:/i.test(uri) || /^https?:/i.test(base) ? (uri.split('/').pop() ?? '') : undefined;
    return name !== undefined && existsSync(join(dir, name)) ? loadFile(join(dir, name)).grammar : local(uri, base);
  };
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.grxml'))
    .sort();
  const failures: string[] = [];
  let inputs = 0;
  for (const file of files) {
    const parsed = loadFile(join(dir, file));
    const errors = validateGrxml(parsed, { resolveExternal: resolver, allowHttp: true }).filter(
      (d) => d.severity === 'error',
    );
    const refused = W3C_REFUSED.has(file.replace(/\.grxml$/, ''));
    if (refused !== errors.length > 0) {
      failures.push(
        `${file}: expected ${refused ? 'invalid' : 'valid'}, got ${errors.map((d) => `${d.code} ${d.message}`).join(' | ') || 'no errors'}`,
      );
      continue;
    }
    if (refused) continue;
    const metas = new Map(parsed.grammar.metas.map((m) => [m.name ?? '', m.content ?? '']));
    for (const [key, input] of metas) {
      const n = /^in\.(\d+)$/.exec(key)?.[1];
      if (n === undefined) continue;
      const expected = metas.get(`out.${n}`);
      const r = matchGrammar(parsed.grammar, input, { resolveExternal: resolver, allowHttp: true });
      inputs++;
      const shouldAccept = expected !== undefined && expected.trim() !== 'REJECT';
      if (r.accepted !== shouldAccept)
        failures.push(
          `${file} in.${n} "${input}": expected ${expected ?? 'no out'}, got ${r.accepted ? 'a parse' : `REJECT ${r.error ?? ''}`}`,
        );
    }
  }
  return { failures, grammars: files.length, inputs };
}
