// The Model Evaluation page in plain Node: strict CSP (only our stylesheet and one script under its nonce), text
// escaped, every confused cell linked to its list of utterances, each linking to its file line and to the samples
// that pulled it; the threshold slider carries the precision/recall curve.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluationReport } from '../../../src/core/nlu/evaluation/evaluationReport';
import type { Prediction } from '../../../src/core/nlu/evaluation/prediction';
import { cellId, evaluationHtml } from '../../../src/features/nluTests/evaluationHtml';

function p(line: number, text: string, expected: string, predicted: string, confidence: number): Prediction {
  return { set: 'set.csv', line, text, expected, predicted, confidence, expectedEntities: [], entities: [] };
}

const ASSETS = { cspSource: 'vscode-resource:', stylesheet: 'style.css', script: 'page.js', nonce: 'abc123' };

describe('Model Evaluation page', () => {
  test('strict CSP, escaped text, cells linking to utterances and their lines', () => {
    const report = evaluationReport(
      'local <engine>',
      [{ name: 'set.csv', file: 'set.csv', format: 'csv', utterances: 3 }],
      [
        p(2, 'book a <b>table</b>', 'book', 'book', 0.9),
        p(3, 'cancel "it"', 'book', 'cancel', 0.6),
        p(4, 'stop', 'cancel', 'cancel', 0.8),
      ],
    );
    const html = evaluationHtml(report, { 'set.csv': '/w/tests/nlu/set.csv' }, ASSETS);
    assert.match(html, /content="default-src 'none'; style-src vscode-resource:; script-src 'nonce-abc123'"/);
    assert.match(html, /<script nonce="abc123" src="page\.js"><\/script>/);
    assert.equal((html.match(/<script/g) ?? []).length, 1, 'no inline script');
    assert.ok(!html.includes('<b>table</b>') && html.includes('local &#60;engine&#62;'), 'text is escaped');
    const i = report.confusion_matrix.labels.indexOf('book');
    const j = report.confusion_matrix.labels.indexOf('cancel');
    assert.match(html, new RegExp(`<a href="#${cellId(i, j)}" title="book → cancel: 1">1</a>`));
    const section = html.slice(html.indexOf(`<section id="${cellId(i, j)}"`));
    const open = decodeURIComponent(/href="command:cstudio\.nluTests\.openLine\?([^"]+)"/.exec(section)?.[1] ?? '');
    assert.deepEqual(JSON.parse(open), [{ file: '/w/tests/nlu/set.csv', line: 3 }]);
    const pulling = decodeURIComponent(
      /href="command:cstudio\.nluTests\.showPulling\?([^"]+)"/.exec(section)?.[1] ?? '',
    );
    assert.deepEqual(JSON.parse(pulling), [{ text: 'cancel "it"', intent: 'cancel' }]);
    const curve = JSON.parse(/data-curve="([^"]+)"/.exec(html)?.[1]?.replace(/&#34;/g, '"') ?? '[]') as number[][];
    assert.equal(curve.length, 101);
    assert.deepEqual(curve[0], [0, 3, 2 / 3, 2 / 3]);
    assert.match(html, /<button class="sort" data-column="3" data-numeric="true">f1-score<\/button>/);
  });
});
