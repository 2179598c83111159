// Shared by the language-service tests: fixture and corpus locations (tests run from out/, so both are found
// by walking up to the repo root), and a canonical order for comparing diagnostic lists.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../../../src/core/formats/diagnostic';

export function repoRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${__dirname}`);
    dir = up;
  }
  return dir;
}

export function fixturePath(...parts: string[]): string {
  return join(repoRoot(), 'test', 'fixtures', ...parts);
}

export function readFixture(...parts: string[]): string {
  return readFileSync(fixturePath(...parts), 'utf8');
}

/**
 * `<repo root>/../shared/corpus/<folder>`, or undefined when absent (tests skip with a message). CSTUDIO_CORPUS
 * names another corpus root (a worktree nested deeper than a clone).
 */
export function corpusFolder(folder: string): string | undefined {
  const dir = join(process.env.CSTUDIO_CORPUS ?? join(repoRoot(), '..', 'shared', 'corpus'), folder);
  return existsSync(dir) ? dir : undefined;
}

/** Diagnostics in a total order (position, then code and message), so equal sets compare equal. */
export function canonical(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list]
    .map((d) => ({
      code: d.code,
      severity: d.severity,
      message: d.message,
      range: { start: d.range.start, end: d.range.end },
    }))
    .sort(
      (a, b) =>
        a.range.start - b.range.start ||
        a.range.end - b.range.end ||
        a.code.localeCompare(b.code) ||
        a.message.localeCompare(b.message),
    );
}

/** A deterministic pseudo-random generator (tests must be repeatable). */
export function seeded(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % n;
  };
}

/** Offset of the `occurrence`-th (0-based) match of `needle` in `text`; throws when absent. */
export function offsetOf(text: string, needle: string, occurrence = 0): number {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) {
    at = text.indexOf(needle, at + 1);
    if (at === -1) throw new Error(`"${needle}" (#${occurrence}) not found`);
  }
  return at;
}

/** The test workspace the extension-host tier opens too (`test/fixtures/workspace`). */
export function workspacePath(...parts: string[]): string {
  return join(repoRoot(), 'test', 'fixtures', 'workspace', ...parts);
}

/** Applies non-overlapping edits (any order) to `text`. */
export function applyEdits(
  text: string,
  edits: ReadonlyArray<{ range: { start: number; end: number }; newText: string }>,
): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.range.start - a.range.start))
    out = out.slice(0, e.range.start) + e.newText + out.slice(e.range.end);
  return out;
}
