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
  doc.intents = [
    { name: 'BOOK', links: [] },
    { name: 'CANCEL', links: [] },
  ];
  doc.samples = [
    { intentref: 'BOOK', content: ['book a table'] },
    { intentref: 'BOOK', content: ['book <two> seats'] },
    { intentref: 'BOOK', content: ['reserve a table'] },
    { intentref: 'CANCEL', content: ['Book <two> seats!'] },
  ];
  return buildTrsx(doc);
}

describe('Model Health page', () => {
  const report = healthReport([{ locale: 'en-US', file: 'en-US/en-US.trsx', text: project() }], { minSamples: 1 });
  const html = healthHtml('vscode-webview://abc', 'vscode-webview://abc/media/health.css', 'Demo <1>', report);

  test('strict CSP, no script, our stylesheet only', () => {
    assert.match(
      html,
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src vscode-webview:\/\/abc">/,
    );
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
    assert.match(
      html,
      /The sample &#34;book &#60;two&#62; seats&#34; is the same once case and punctuation are ignored/,
    );
    assert.match(html, /<h1>Model Health: Demo &#60;1&#62;<\/h1>/);
    assert.doesNotMatch(html, /Live traffic/, 'no coverage section without an application');
  });

  test('live-traffic coverage: a bar per intent scaled to its share, the totals, or why it is missing', () => {
    const coverage = {
      app: 'APP<1>',
      days: 7,
      since: '2026-01-01T00:00:00.000Z',
      utterances: 8,
      matched: 3,
      share: 3 / 8,
      intents: [
        { intent: 'BOOK', utterances: 6, matched: 3, share: 0.5 },
        { intent: 'CANCEL', utterances: 2, matched: 0, share: 0 },
      ],
    };
    const page = healthHtml('vscode-webview://abc', 'css', 'Demo', { ...report, coverage });
    assert.match(
      page,
      /<h2>Live traffic <span class="facts">APP&#60;1&#62;, last 7 days · 3 of 8 utterances \(37\.5%\) are samples<\/span><\/h2>/,
    );
    const shares = [
      ...page.matchAll(/<rect x="\d+" y="\d+" width="(\d+)" height="\d+"><title>(BOOK|CANCEL): (\d+) of (\d+)/g),
    ].map((m) => [m[2], Number(m[1]), Number(m[3]), Number(m[4])]);
    assert.deepEqual(shares, [
      ['BOOK', 180, 3, 6],
      ['CANCEL', 0, 0, 2],
    ]);
    assert.match(page, />50\.0%<\/text>/);
    const none = healthHtml('vscode-webview://abc', 'css', 'Demo', {
      ...report,
      coverage: { ...coverage, utterances: 0, matched: 0, share: 0, intents: [] },
    });
    assert.match(none, /No interpreted utterances\./);
    const failed = healthHtml('vscode-webview://abc', 'css', 'Demo', {
      ...report,
      coverageProblem: 'The coverage of APP could not be read: <gone>',
    });
    assert.match(failed, /<p class="finding warning">The coverage of APP could not be read: &#60;gone&#62;<\/p>/);
  });
});
