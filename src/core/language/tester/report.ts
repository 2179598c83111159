// Plain-text reports of grammar tests, shown in read-only documents: one sentence (verdict, parse tree,
// semantic result, notes) and a batch run (one PASS/FAIL line per case, details under failures).

import { basename } from 'node:path';
import { describeStop, semanticsText } from '../../formats/grxml/matchReport';
import { formatParseTree } from '../../formats/grxml/parseTree';
import type { LineIndex } from '../../formats/diagnostic';
import type { GrammarTestRun, SentenceOutcome } from './runTests';

function indent(text: string, by = '  '): string {
  return text
    .split('\n')
    .map((l) => by + l)
    .join('\n');
}

export interface SentenceReportInfo {
  input: string;
  rule?: string;
  mode?: string;
  /** Maps offsets of the grammar to line numbers, for its errors. */
  lines?: LineIndex;
}

export function renderSentenceReport(outcome: SentenceOutcome, info: SentenceReportInfo): string {
  const out = [
    `Grammar: ${basename(outcome.path)}${info.rule ? `   rule: ${info.rule}` : '   rule: (root)'}${info.mode ? `   mode: ${info.mode}` : ''}`,
  ];
  out.push(`Input:   ${JSON.stringify(info.input)}`, '');
  if (outcome.kind === 'unreadable') return [...out, `NOT RUN: ${outcome.message}`, ''].join('\n');
  if (outcome.kind === 'invalid') {
    out.push(`NOT RUN: the grammar has ${outcome.errors.length} error(s); fix them first:`);
    for (const e of outcome.errors) {
      const at = info.lines?.position(e.range.start);
      out.push(`  ${at ? `${at.line}:${at.column} ` : ''}${e.code} ${e.message}`);
    }
    return [...out, ''].join('\n');
  }
  const r = outcome.result;
  if (r.error !== undefined) return [...out, `NOT RUN: ${r.error}.`, ''].join('\n');
  if (!r.accepted) {
    out.push('REJECTED', '', `Heard as: ${r.words.map((w) => JSON.stringify(w)).join(' ') || '(nothing)'}`);
    if (r.stopped) out.push(describeStop(r.stopped, r.words.length));
  } else {
    const parses = r.alternatives ?? 1;
    out.push(`ACCEPTED${parses > 1 ? ` (${parses} parses; showing the best)` : ''}`);
    if (r.tree) out.push('', 'Parse tree:', indent(formatParseTree(r.tree)));
    out.push('', 'Semantic result:', indent(semanticsText(r)));
  }
  if (r.notes.length > 0) {
    out.push('', 'Notes:');
    for (const n of r.notes) out.push(`  - ${n}`);
  }
  return [...out, ''].join('\n');
}

export function renderTestRun(run: GrammarTestRun, testFileName: string): string {
  const passed = run.results.filter((r) => r.passed).length;
  const failed = run.results.length - passed;
  const out = [
    `Grammar tests: ${testFileName} — ${passed} passed, ${failed} failed${run.problems.length > 0 ? `, ${run.problems.length} unreadable line(s)` : ''} (${run.durationMs.toFixed(0)} ms)`,
    '',
  ];
  for (const r of run.results) {
    const c = r.testCase;
    const expected = c.semantics ? ` => ${JSON.stringify(c.semantics.value)}` : '';
    out.push(
      `${r.passed ? 'PASS' : 'FAIL'}  line ${c.line + 1}  ${c.expect} ${JSON.stringify(c.input)}${expected}  [${basename(r.grammarPath)}${c.rule ? `#${c.rule}` : ''}]`,
    );
    if (!r.passed) out.push(`      ${r.message}`);
  }
  for (const p of run.problems) out.push(`LINE  ${p.line + 1}  ${p.message}`);
  return `${out.join('\n')}\n`;
}
