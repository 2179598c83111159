// The Model Health page (src/features/health/healthHtml.ts) in plain Node: a strict CSP with no script, one
// SVG bar per intent scaled to the largest, findings as command links that carry their location, and every
// text from the project escaped.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTrsx } from '../../../src/core/formats/trsx/build';
import { emptyTrsxDocument } from '../../../src/core/formats/trsx/model';
import { healthReport } from '../../../src/core/health/report';
import { OPEN_FINDING_COMMAND, healthHtml } from '../../../src/features/health/healthHtml';

function project(): string {
  const doc = emptyTrsxDocument('eng-USA');
  doc.intents = [{ name: 'BOOK', links: [] }, { name: 'CANCEL', links: [] }];
  doc.samples = [
    { intentref: 'BOOK', content: ['book a table'] }, { intentref: 'BOOK', content: ['book <two> seats'] },
    { intentref: 'BOOK', content: ['reserve a table'] }, { intentref: 'CANCEL', content: ['Book <two> seats!'] },
  ];
  return buildTrsx(doc);
}

describe('Model Health page', () => {
  const report = healthReport([{ locale: 'en-US', file: 'en-US/en-US.trsx', text: project() }], { minSamples: 1 });
  const html = healthHtml('vscode-webview://abc', 'vscode-webview://abc/media/health.css', 'Demo <1>', report);

  test('strict CSP, no script, our stylesheet only', () => {
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src vscode-webview:\/\/abc">/);
    assert.doesNotMatch(html, /<script|\son\w+=|javascript:/i);
    assert.match(html, /<link rel="stylesheet" href="vscode-webview:\/\/abc\/media\/health\.css">/);
  });

  test('a bar per intent, scaled to the most sampled', () => {
    const bars = [...html.matchAll(/<rect x="\d+" y="\d+" width="(\d+)"/g)].map((m) => Number(m[1]));
    assert.deepEqual(bars, [360, 120]);
    assert.match(html, /<title>BOOK: 3 samples \(count 3\)<\/title>/);
    assert.match(html, /en-US <span class="facts">4 samples in 2 intents · imbalance 3\.0×<\/span>/);
  });

  test('findings link to their source line through the open-finding command; project text is escaped', () => {
    assert.equal(report.findings.length, 1);
    const link = /<a href="command:([^?]+)\?([^"]+)">([^<]+)<\/a>/.exec(html);
    assert.equal(link?.[1], OPEN_FINDING_COMMAND);
    assert.deepEqual(JSON.parse(decodeURIComponent(link?.[2] ?? '')), [report.findings[0]?.location]);
    assert.match(link?.[3] ?? '', /^en-US\/en-US\.trsx:\d+$/);
    assert.match(html, /The sample &#34;book &#60;two&#62; seats&#34; is the same once case and punctuation are ignored/);
    assert.match(html, /<h1>Model Health: Demo &#60;1&#62;<\/h1>/);
  });
});
