// Shared by the GrXML tests: where the fixtures and the real-world corpus are (tests run from out/, so both are
// found by walking up to the repo root), and one-liners to load, validate and match a grammar.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../../../../src/core/formats/diagnostic';
import { createFileResolver } from '../../../../src/core/formats/grxml/resolveFile';
import { matchSentence, type MatchResult, type SentenceOptions } from '../../../../src/core/formats/grxml/match';
import { TagEvaluator } from '../../../../src/core/formats/grxml/tagEvaluator';
import { parseGrxml, parseGrxmlBytes, type GrxmlParseResult } from '../../../../src/core/formats/grxml/parse';
import { validateGrxml } from '../../../../src/core/formats/grxml/validate';

export function repoRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${__dirname}`);
    dir = up;
  }
  return dir;
}

export function fixture(...parts: string[]): string {
  return join(repoRoot(), 'test', 'fixtures', 'grxml', ...parts);
}

/** `<repo root>/../shared/corpus/grxml/<folder>`, or undefined when absent (tests skip with a message). */
export function corpusFolder(folder: string): string | undefined {
  const dir = join(repoRoot(), '..', 'shared', 'corpus', 'grxml', folder);
  return existsSync(dir) ? dir : undefined;
}

export function loadFile(path: string): GrxmlParseResult {
  return parseGrxmlBytes(readFileSync(path), { uri: path });
}

export function loadFixture(...parts: string[]): GrxmlParseResult {
  return loadFile(fixture(...parts));
}

export function diagnosticsOf(parsed: GrxmlParseResult): Diagnostic[] {
  const { uri } = parsed.grammar;
  return validateGrxml(parsed, {
    resolveExternal: createFileResolver({ roots: uri === undefined ? [] : [dirname(uri)] }),
  });
}

export function errorsOf(parsed: GrxmlParseResult): Diagnostic[] {
  return diagnosticsOf(parsed).filter((d) => d.severity === 'error');
}

export const HEADER = '<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US"';

/** A voice grammar from rule markup, root "main" unless `attrs` says otherwise. */
export function grammarText(rules: string, attrs = 'root="main"'): string {
  return `${HEADER} ${attrs}>${rules}</grammar>`;
}

/** One tag process for a test file's matches (idle, it does not keep the process alive). */
export const tags = new TagEvaluator();

// The tag scripts' time limit (200 ms by default) is wall-clock time: on a loaded machine a plain script can
// reach it. Tests about other things get a limit no script of theirs reaches; tests of the limit pass their own.
const UNHURRIED = { semanticsTimeoutMs: 20_000 };

/** Matches and evaluates tags (pass `tags: undefined` to skip them). */
export function match(text: string, input: string | string[], options: SentenceOptions = {}): Promise<MatchResult> {
  return matchSentence(parseGrxml(text).grammar, input, { tags, ...UNHURRIED, ...options });
}

export function matchFixture(
  name: string,
  input: string | string[],
  options: SentenceOptions = {},
): Promise<MatchResult> {
  return matchSentence(loadFixture('valid', name).grammar, input, {
    tags,
    ...UNHURRIED,
    resolveExternal: createFileResolver({ roots: [fixture()] }),
    ...options,
  });
}
