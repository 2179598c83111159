// The grammar test file format (`*.grxml-test`): one case per line, directives that apply to the lines after
// them, `#` comments.
//
//   grammar: yesno.grxml                 the grammar to test (relative to this file); default: the .grxml with
//                                        the same base name next to the test file
//   rule: answer                         start from this public rule (default: the grammar's root)
//   mode: dtmf                           input mode (default: the grammar's)
//   accept: yes please => {"answer":"yes"}   must be accepted, with this semantic result (JSON)
//   accept: yeah                         must be accepted (any semantic result)
//   reject: maybe                        must be rejected
//
// Parsing never throws: lines it cannot read come back as problems with their position.

import type { TextRange } from '../../formats/diagnostic';
import type { GrammarMode } from '../../formats/grxml/model';

export interface GrammarTestCase {
  /** 0-based line number. */
  line: number;
  /** The whole line (offsets into the file's text). */
  range: TextRange;
  expect: 'accept' | 'reject';
  input: string;
  /** Present when the line gives an expected semantic result. */
  semantics?: { value: unknown };
  /** The grammar (as written in the last `grammar:` directive), rule and mode in effect on this line. */
  grammar?: string;
  rule?: string;
  mode?: GrammarMode;
}

export interface GrammarTestProblem {
  line: number;
  range: TextRange;
  message: string;
}

export interface GrammarTestFile {
  cases: GrammarTestCase[];
  problems: GrammarTestProblem[];
}

const LINE = /^(accept|reject)\s*:\s?(.*)$/;
const DIRECTIVE = /^(grammar|rule|mode)\s*:\s*(.*?)\s*$/;

export function parseGrammarTestFile(text: string): GrammarTestFile {
  const cases: GrammarTestCase[] = [];
  const problems: GrammarTestProblem[] = [];
  let grammar: string | undefined;
  let rule: string | undefined;
  let mode: GrammarMode | undefined;
  let offset = 0;
  const lines = text.split('\n');
  lines.forEach((raw, line) => {
    const range = { start: offset, end: offset + raw.replace(/\r$/, '').length };
    offset += raw.length + 1;
    const content = raw.replace(/\r$/, '').trim();
    if (content === '' || content.startsWith('#')) return;
    const directive = DIRECTIVE.exec(content);
    if (directive) {
      const value = directive[2] ?? '';
      if (directive[1] === 'grammar') grammar = value === '' ? undefined : value;
      else if (directive[1] === 'rule') rule = value === '' ? undefined : value;
      else if (value === '' || value === 'voice' || value === 'dtmf') mode = value === '' ? undefined : value;
      else problems.push({ line, range, message: `mode must be voice or dtmf, not "${value}".` });
      return;
    }
    const m = LINE.exec(content);
    if (!m) {
      problems.push({
        line,
        range,
        message:
          'Expected "accept: <sentence> [=> <json>]", "reject: <sentence>", a directive (grammar:, rule:, mode:) or a # comment.',
      });
      return;
    }
    const expect = m[1] as 'accept' | 'reject';
    const body = m[2] ?? '';
    const arrow = body.indexOf('=>');
    const input = (arrow === -1 ? body : body.slice(0, arrow)).trim();
    const testCase: GrammarTestCase = { line, range, expect, input };
    if (grammar !== undefined) testCase.grammar = grammar;
    if (rule !== undefined) testCase.rule = rule;
    if (mode !== undefined) testCase.mode = mode;
    if (arrow !== -1) {
      if (expect === 'reject') {
        problems.push({ line, range, message: 'A rejected sentence has no semantic result; remove "=> …".' });
        return;
      }
      const json = body.slice(arrow + 2).trim();
      try {
        testCase.semantics = { value: JSON.parse(json) as unknown };
      } catch (e) {
        problems.push({
          line,
          range,
          message: `The expected result after "=>" is not JSON (${e instanceof Error ? e.message : String(e)}); write strings in double quotes.`,
        });
        return;
      }
    }
    cases.push(testCase);
  });
  return { cases, problems };
}
