// Text from the platform or a user's file is escaped into Markdown once (core/markdown.ts). Every place that writes
// such text into Markdown is driven here with the same hostile strings — the build report (a project name, an
// error message), a configuration's integration details (a variable's description) and the GrXML hover (a rule's
// alternatives) — and must write exactly what the owner writes, so a second escaping that drifts fails here.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildReportMarkdown } from '../../../src/core/builds/buildReportText';
import { integrationMarkdown } from '../../../src/core/bots/integrationDetails';
import { LanguageServices } from '../../../src/core/language/languageServices';
import { nodeFileSystem } from '../../../src/core/language/fileSystem';
import { escapeMarkdown, escapeMarkdownLine, markdownCode } from '../../../src/core/markdown';
import type { AppConfig } from '../../../src/core/platform/appTypes';
import type { Job } from '../../../src/core/platform/types';

/** Characters Markdown reads: emphasis, code, links, HTML, tables, strike-through, entities, block starts. */
const HOSTILE = [
  'Coffee | Shop',
  '*bold* and _it_',
  'a `tick`',
  '[link](x)',
  '<b>tag</b>',
  '~~gone~~',
  '&amp; then',
  'back\\slash',
  '# heading',
  '- item',
  '+ item',
  '> quote',
  '= under',
  '1. first',
  '2) second',
  'two\nlines',
];

function failedJob(message: string): Job {
  return {
    id: 'job-1',
    projectId: '7',
    type: 'BUILD_MODELS',
    status: 'FAILED',
    duration: '2s',
    report: {
      nluBuildReports: {
        reports: [{ locale: 'fr-CA', status: 'FAILED', errors: { errors: [{ code: '-1', message }] } }],
      },
    },
  } as unknown as Job;
}

const config = {
  id: '801',
  tag: 'coffee-main',
  deployments: [],
  builds: { dialog: { buildLabel: 'DIALOG_1_1', projectId: '1' } },
} as unknown as AppConfig;

/** The hover of `#r` in a grammar whose rule `r` has one alternative, `words` (XML-escaped). */
function hoverOfRule(words: string): string {
  const xml = words.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const text = `<?xml version="1.0"?>\n<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="main">\n<rule id="main"><ruleref uri="#r"/></rule>\n<rule id="r"><item>${xml}</item></rule>\n</grammar>\n`;
  const services = new LanguageServices(nodeFileSystem);
  const id = '/memory/hostile.grxml';
  services.documents.open(id, 'grxml', 1, text, id);
  return services.hover(id, text.indexOf('#r') + 1)?.markdown ?? '';
}

describe('Markdown escaping: one owner, every writer agrees', () => {
  test('the owner escapes every character with a meaning, and code spans outgrow backtick runs', () => {
    assert.equal(
      escapeMarkdown('*a* | [b] <c> ~d~ &e `f` \\g'),
      '\\*a\\* \\| \\[b\\] \\<c\\> \\~d\\~ \\&e \\`f\\` \\\\g',
    );
    assert.equal(escapeMarkdown('# h'), '\\# h');
    assert.equal(escapeMarkdown('12. x'), '12\\. x');
    assert.equal(escapeMarkdownLine('a\r\nb\nc'), 'a b c');
    assert.equal(markdownCode('a ``b`` c'), '``` a ``b`` c ```');
  });

  for (const text of HOSTILE) {
    test(JSON.stringify(text), () => {
      const line = escapeMarkdownLine(text);
      const report = buildReportMarkdown(failedJob(text), text, '7');
      assert.ok(report.startsWith(`# Build report of "${line}" (project 7)`), report);
      assert.ok(report.includes(`\n- ${line} (code -1)`), report);
      const details = integrationMarkdown({
        botId: '5',
        botName: 'B',
        config,
        live: [],
        credentials: [],
        dialogInterface: {
          locales: ['en-US'],
          channels: [],
          transferNodes: [],
          variables: [{ displayName: 'v', simpleVariableType: 'STRING_TYPE', description: text }],
        },
      });
      assert.ok(details.includes(`| ${line} |`), details);
      const words = text.replace(/\s+/g, ' ');
      assert.ok(hoverOfRule(words).includes(`\n- ${escapeMarkdownLine(words)}`), hoverOfRule(words));
    });
  }
});
