// Diagnostics as the editor gets them: format rules plus the project's cross-file checks, from the engine
// in-process and through the real worker thread (edits mirrored into it, results equal to a fresh engine's).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DiagnosticsEngine } from '../../../src/core/language/diagnosticsEngine';
import { nodeFileSystem } from '../../../src/core/language/fileSystem';
import type { OpenDocument } from '../../../src/core/language/worker/protocol';
import { DiagnosticsWorkerClient } from '../../../src/core/language/worker/workerClient';
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
  return (engine.diagnostics(id)?.diagnostics ?? []).map((d) => `${d.code} ${text.slice(d.range.start, d.range.end).split('\n')[0]}`);
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
    assert.match(fr.diagnostics(FR)?.diagnostics.find((d) => d.code === 'PRJ004')?.message ?? '', /fr-CA\/grammars\/order_number\.grxml/);
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

  test('an edit in one locale changes the other locale\'s cross-file diagnostics', () => {
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
    assert.deepEqual(summary(engine, YESNO).map((s) => s.split(' ')[0]), ['SRGS030']);
  });
});

describe('diagnostics worker', () => {
  const script = join(__dirname, '..', '..', '..', 'src', 'core', 'language', 'worker', 'diagnosticsWorker.js');

  test('mirrors documents and edits, and answers like an engine in this thread', async () => {
    const docs = new Map<string, OpenDocument>();
    const client = new DiagnosticsWorkerClient({ scriptPath: script, snapshot: (id) => [...docs.values()].filter((d) => id === undefined || d.id === id) });
    try {
      client.setRoots([workspacePath()]);
      for (const path of [EN, FR]) {
        const doc: OpenDocument = { id: path, languageId: 'trsx', version: 1, text: readFileSync(path, 'utf8'), path };
        docs.set(path, doc);
        client.open(doc);
      }
      const first = await client.validate([EN]);
      assert.deepEqual(first.map((r) => r.id), [EN, FR], 'the project sibling comes along');
      const expected = engineWith(EN, FR);
      assert.deepEqual(first[0]?.diagnostics, expected.diagnostics(EN)?.diagnostics);
      const text = docs.get(EN)?.text ?? '';
      const at = offsetOf(text, 'hello there');
      client.change(EN, 2, [{ start: at, end: at, text: 'oh ' }]);
      const [second] = await client.validate([EN]);
      assert.equal(second?.version, 2);
      assert.equal(second?.incremental, true);
      expected.change(EN, 2, [{ start: at, end: at, text: 'oh ' }]);
      assert.deepEqual(second?.diagnostics, expected.diagnostics(EN)?.diagnostics);
    } finally {
      client.dispose();
    }
    await assert.rejects(client.validate([EN]), /stopped/);
  });

  test('a change the worker cannot apply makes it re-open the document from the caller\'s copy', async () => {
    const doc: OpenDocument = { id: EN, languageId: 'trsx', version: 5, text: readFileSync(EN, 'utf8'), path: EN };
    const client = new DiagnosticsWorkerClient({ scriptPath: script, snapshot: () => [doc] });
    try {
      client.open({ ...doc, text: 'short' });
      client.change(EN, 5, [{ start: 100, end: 200, text: '' }]);
      // The change is refused (outside the text); the client re-opens the snapshot, so validation soon sees its text.
      const deadline = Date.now() + 10_000;
      let result = (await client.validate([EN]))[0];
      while (!result?.diagnostics.some((d) => d.code === 'TRSX032') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        result = (await client.validate([EN]))[0];
      }
      assert.equal(result?.version, 5);
      assert.ok(result?.diagnostics.some((d) => d.code === 'TRSX032'), 'the snapshot\'s text was re-opened');
    } finally {
      client.dispose();
    }
  });
});
