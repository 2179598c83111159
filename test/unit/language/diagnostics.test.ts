// Diagnostics as the editor gets them: format rules plus the project's cross-file checks, from the engine
// in-process and through the language server in a child process (edits sent incrementally, results equal to a
// fresh engine's).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { DiagnosticsEngine } from '../../../src/core/language/diagnosticsEngine';
import { nodeFileSystem } from '../../../src/core/language/fileSystem';
import { LineIndex } from '../../../src/core/formats/diagnostic';
import { LspTestClient, type LspRange, type PublishedDiagnostics } from '../helpers/lspClient';
import { offsetOf, workspacePath } from './helpers';
import { EN, FR, ORDER_GRAMMAR, YESNO } from './services';

const UNUSED = workspacePath('coffee-shop', 'en-US', 'grammars', 'unused.grxml');

function engineWith(...paths: string[]): DiagnosticsEngine {
  const engine = new DiagnosticsEngine(nodeFileSystem);
  engine.setRoots([workspacePath()]);
  for (const p of paths) engine.open(p, p.endsWith('.trsx') ? 'trsx' : 'grxml', 1, readFileSync(p, 'utf8'), p);
  return engine;
}

function summary(engine: DiagnosticsEngine, id: string): string[] {
  const text = engine.documents.get(id)?.text ?? '';
  return (engine.diagnostics(id)?.diagnostics ?? []).map(
    (d) => `${d.code} ${text.slice(d.range.start, d.range.end).split('\n')[0]}`,
  );
}

describe('diagnostics engine', () => {
  test('format rules and cross-locale checks of a project file', () => {
    const engine = engineWith(EN);
    assert.deepEqual(summary(engine, EN), [
      'PRJ003 alphanum',
      'PRJ002 DRINK',
      'TRSX032 <sample intentref="ORDER_COFFEE">I want a coffee</sample>',
      'TRSX020 GREET',
    ]);
    const fr = engineWith(FR);
    assert.deepEqual(summary(fr, FR), ['PRJ001 GREET', 'PRJ003 no_format', 'PRJ004 grammars/order_number.grxml']);
    assert.match(
      fr.diagnostics(FR)?.diagnostics.find((d) => d.code === 'PRJ004')?.message ?? '',
      /fr-CA\/grammars\/order_number\.grxml/,
    );
  });

  test('rule-based grammars: errors and a missing root are reported on the concept; unused grammars on the grammar', () => {
    const engine = engineWith(EN, ORDER_GRAMMAR, UNUSED);
    const grammar = engine.documents.get(ORDER_GRAMMAR);
    assert.ok(grammar);
    grammar.setText(2, grammar.text.replace('uri="#digit"', 'uri="#digits"'));
    const prj005 = engine.diagnostics(EN)?.diagnostics.find((d) => d.code === 'PRJ005');
    assert.match(prj005?.message ?? '', /has 1 error; the first, line 5: SRGS019/);
    grammar.setText(3, grammar.text.replace('uri="#digits"', 'uri="#digit"').replace(' root="order_number"', ''));
    assert.ok(engine.diagnostics(EN)?.diagnostics.some((d) => d.code === 'PRJ007'));
    assert.deepEqual(summary(engine, UNUSED), ['PRJ006 grammar']);
    assert.equal(engine.diagnostics(YESNO), undefined, 'a document that is not open has no diagnostics');
  });

  test("an edit in one locale changes the other locale's cross-file diagnostics", () => {
    const engine = engineWith(EN, FR);
    assert.deepEqual(engine.projectSiblings(EN), [FR]);
    const en = engine.documents.get(EN);
    assert.ok(en);
    const at = offsetOf(en.text, '<intent name="CANCEL"/>') + '<intent name="CANCEL"/>'.length;
    engine.change(EN, 2, [{ start: at, end: at, text: '\n      <intent name="GREET"/>' }]);
    assert.ok(!summary(engine, EN).some((d) => d.startsWith('TRSX020')));
    assert.ok(!summary(engine, FR).some((d) => d.startsWith('PRJ001')), 'GREET is now declared in both locales');
  });

  test('an edit inside a sample is validated incrementally', () => {
    const engine = engineWith(EN);
    engine.diagnostics(EN);
    const text = engine.documents.get(EN)?.text ?? '';
    const at = offsetOf(text, 'hello there');
    engine.change(EN, 2, [{ start: at, end: at + 5, text: 'hi' }]);
    const result = engine.diagnostics(EN);
    assert.equal(result?.incremental, true);
    assert.equal(result?.version, 2);
    assert.ok(engine.documents.get(EN)?.text.includes('hi there'));
  });

  test('GrXML: SRGS rules with external references read through the project index', () => {
    const engine = engineWith(YESNO);
    assert.deepEqual(summary(engine, YESNO), []);
    const doc = engine.documents.get(YESNO);
    assert.ok(doc);
    doc.setText(2, doc.text.replace('common.grxml#politeness', 'common.grxml#rudeness'));
    assert.deepEqual(
      summary(engine, YESNO).map((s) => s.split(' ')[0]),
      ['SRGS030'],
    );
  });
});

describe('diagnostics through the language server', () => {
  /** The engine's diagnostics as the protocol carries them: code, message and line/character ranges. */
  function expected(engine: DiagnosticsEngine, id: string): Array<{ code: string; message: string; range: LspRange }> {
    const lines = new LineIndex(engine.documents.get(id)?.text ?? '');
    const pos = (offset: number): { line: number; character: number } => {
      const p = lines.position(offset);
      return { line: p.line - 1, character: p.column - 1 };
    };
    return (engine.diagnostics(id)?.diagnostics ?? []).map((d) => ({
      code: d.code,
      message: d.message,
      range: { start: pos(d.range.start), end: pos(d.range.end) },
    }));
  }
  const received = (p: PublishedDiagnostics): Array<{ code: string; message: string; range: LspRange }> =>
    p.diagnostics.map((d) => ({ code: String(d.code), message: d.message, range: d.range }));

  test('publishes what an engine in this thread finds, for the project sibling too, and follows edits incrementally', async () => {
    const server = await LspTestClient.start(workspacePath());
    try {
      const en = server.open(EN, 'trsx', readFileSync(EN, 'utf8'));
      const fr = server.open(FR, 'trsx', readFileSync(FR, 'utf8'));
      const engine = engineWith(EN, FR);
      assert.deepEqual(received(await server.diagnostics(en)), expected(engine, EN));
      assert.deepEqual(received(await server.diagnostics(fr)), expected(engine, FR));

      const text = readFileSync(EN, 'utf8');
      const at = offsetOf(text, 'hello there');
      const lines = new LineIndex(text);
      const p = lines.position(at);
      server.change(en, 2, [
        {
          range: {
            start: { line: p.line - 1, character: p.column - 1 },
            end: { line: p.line - 1, character: p.column - 1 },
          },
          text: 'oh ',
        },
      ]);
      engine.change(EN, 2, [{ start: at, end: at, text: 'oh ' }]);
      assert.deepEqual(received(await server.diagnostics(en, (x) => x.version === 2)), expected(engine, EN));
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });
});
