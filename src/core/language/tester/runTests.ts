// Running grammar tests: one sentence (the "Test Grammar" command) or a whole `*.grxml-test` file (batch mode and
// the Test Explorer). Grammars are read through the project index (unsaved editor text counts) and validated
// first: an invalid grammar is reported, not run. Matching and semantic tags are the matcher's (matchSentence:
// tags run in the environment's tag process, under time and memory limits).

import { basename, dirname, join, resolve } from 'node:path';
import type { Diagnostic } from '../../formats/diagnostic';
import { matchSentence, type MatchResult } from '../../formats/grxml/match';
import type { TagEvaluator } from '../../formats/grxml/tagEvaluator';
import type { GrammarMode } from '../../formats/grxml/model';
import type { GrxmlParseResult } from '../../formats/grxml/parse';
import { describeStop } from '../../formats/grxml/matchReport';
import { projectGrammarResolver } from '../grxml/resolver';
import type { GrammarChecks } from '../project/projectDiagnostics';
import type { LanguageContext } from '../types';
import { parseGrammarTestFile, type GrammarTestCase, type GrammarTestProblem } from './testFile';

export interface TesterEnvironment {
  ctx: LanguageContext;
  grammars: GrammarChecks;
  /** Folders grammar files may be read from (external rule references). */
  roots: readonly string[];
  /** Runs semantic tags (one tag process for every test of the session). */
  tags: TagEvaluator;
}

/**
 * Time limit for a sentence's semantic tags. Longer than the matcher's default (200 ms): a test run must not fail
 * because the machine is busy, and a runaway tag (an endless loop, a huge allocation) is still reported within
 * a second (the tag process is killed a little after this limit).
 */
export const TESTER_SEMANTICS_TIMEOUT_MS = 500;

export interface SentenceOptions {
  rule?: string;
  mode?: GrammarMode;
  signal?: AbortSignal;
}

export type SentenceOutcome =
  | { kind: 'matched'; path: string; result: MatchResult }
  | { kind: 'invalid'; path: string; errors: Diagnostic[] }
  | { kind: 'unreadable'; path: string; message: string };

function load(env: TesterEnvironment, path: string): { parsed: GrxmlParseResult; errors: Diagnostic[] } | undefined {
  const parsed = env.ctx.projects.grxml(path);
  return parsed ? { parsed, errors: env.grammars.errorsOf(parsed) } : undefined;
}

/** Matches one sentence (or DTMF keys) against the grammar at `path`. */
export async function testSentence(
  env: TesterEnvironment,
  path: string,
  input: string,
  options: SentenceOptions = {},
): Promise<SentenceOutcome> {
  const loaded = load(env, path);
  if (!loaded)
    return { kind: 'unreadable', path, message: `Cannot read the grammar ${path}; check that the file exists.` };
  if (loaded.errors.length > 0) return { kind: 'invalid', path, errors: loaded.errors };
  const result = await matchSentence(loaded.parsed.grammar, input, {
    rule: options.rule,
    mode: options.mode,
    signal: options.signal,
    semanticsTimeoutMs: TESTER_SEMANTICS_TIMEOUT_MS,
    resolveExternal: projectGrammarResolver(env.ctx.projects, env.roots),
    tags: env.tags,
  });
  return { kind: 'matched', path, result };
}

/** The public rules a sentence can start from, when the grammar has no root rule (the tester asks which one). */
export function startRuleChoices(env: TesterEnvironment, path: string): string[] | undefined {
  const grammar = env.ctx.projects.grxml(path)?.grammar;
  if (!grammar || grammar.root !== undefined) return undefined;
  return grammar.rules.filter((r) => r.scope === 'public').map((r) => r.id);
}

/** The grammar a test file tests by default: the .grxml (or .srgs) with the same base name beside it. */
export function defaultGrammarFor(testPath: string, exists: (path: string) => boolean): string {
  const stem = basename(testPath).replace(/\.grxml-test$/i, '');
  const candidates = [`${stem}.grxml`, `${stem}.srgs`].map((name) => join(dirname(testPath), name));
  return candidates.find(exists) ?? (candidates[0] as string);
}

export interface GrammarTestResult {
  testCase: GrammarTestCase;
  passed: boolean;
  /** One line: what was expected and what happened. */
  message: string;
  grammarPath: string;
  match?: MatchResult;
  durationMs: number;
}

export interface GrammarTestRun {
  results: GrammarTestResult[];
  problems: GrammarTestProblem[];
  durationMs: number;
}

/** Stable JSON (object keys sorted), so expected and actual results compare by value. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

export function judge(testCase: GrammarTestCase, outcome: SentenceOutcome): { passed: boolean; message: string } {
  if (outcome.kind === 'unreadable') return { passed: false, message: outcome.message };
  if (outcome.kind === 'invalid') {
    const first = outcome.errors[0];
    return {
      passed: false,
      message: `The grammar has ${outcome.errors.length} error(s)${first ? `, first: ${first.code} ${first.message}` : ''}; fix it before testing.`,
    };
  }
  const r = outcome.result;
  if (r.error !== undefined) return { passed: false, message: `Could not run: ${r.error}.` };
  if (testCase.expect === 'reject')
    return r.accepted
      ? {
          passed: false,
          message: `Expected rejected, but it was accepted${r.semantics === undefined ? '' : ` with ${canonicalJson(r.semantics)}`}.`,
        }
      : { passed: true, message: 'Rejected, as expected.' };
  if (!r.accepted) {
    const where = r.stopped ? ` ${describeStop(r.stopped, r.words.length)}` : '';
    return {
      passed: false,
      message: `Expected accepted, but it was rejected (heard as ${r.words.map((w) => JSON.stringify(w)).join(' ') || 'nothing'}).${where}`,
    };
  }
  if (r.semanticError !== undefined)
    return { passed: false, message: `Accepted, but its semantic tags failed: ${r.semanticError}` };
  if (testCase.semantics) {
    const expected = canonicalJson(testCase.semantics.value);
    const actual = canonicalJson(r.semantics ?? null);
    if (expected !== actual)
      return { passed: false, message: `Accepted, but the semantic result is ${actual}; expected ${expected}.` };
  }
  return {
    passed: true,
    message: `Accepted${r.semantics === undefined ? '' : ` with ${canonicalJson(r.semantics)}`}, as expected.`,
  };
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Only these cases (by line); all when absent. */
  lines?: ReadonlySet<number>;
  /** Called as each case finishes (the Test Explorer reports them one by one). */
  onResult?: (result: GrammarTestResult) => void;
}

export async function runGrammarTestFile(
  env: TesterEnvironment,
  testPath: string,
  text: string,
  options: RunOptions = {},
): Promise<GrammarTestRun> {
  const started = performance.now();
  const file = parseGrammarTestFile(text);
  const results: GrammarTestResult[] = [];
  const fallback = defaultGrammarFor(testPath, (p) => env.ctx.projects.exists(p));
  for (const testCase of file.cases) {
    if (options.lines && !options.lines.has(testCase.line)) continue;
    if (options.signal?.aborted) break;
    const t0 = performance.now();
    const grammarPath = testCase.grammar === undefined ? fallback : resolve(dirname(testPath), testCase.grammar);
    const outcome = await testSentence(env, grammarPath, testCase.input, {
      rule: testCase.rule,
      mode: testCase.mode,
      signal: options.signal,
    });
    const verdict = judge(testCase, outcome);
    const result: GrammarTestResult = { testCase, ...verdict, grammarPath, durationMs: performance.now() - t0 };
    if (outcome.kind === 'matched') result.match = outcome.result;
    results.push(result);
    options.onResult?.(result);
  }
  return { results, problems: file.problems, durationMs: performance.now() - started };
}
