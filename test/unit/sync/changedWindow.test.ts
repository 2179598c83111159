// Diffs proportional to the change (src/core/sync/semantic/changedWindow.ts): on real TRSX files, edits inside
// <samples> give the same semantic changes from the window as from the whole files; anything else falls back.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { changedSamplesWindow } from '../../../src/core/sync/semantic/changedWindow';
import { diffWalks, type TrsxDiff } from '../../../src/core/sync/semantic/trsxDiff';
import { readTrsxDocument, walkTrsxBytes } from '../../../src/core/sync/trsxFile';
import { mergeSampleWindows } from '../../../src/core/sync/semantic/windowMerge';
import { mergeTrsx, sameTrsx } from '../../../src/core/sync/semantic/trsxMerge';
import type { TrsxDocument } from '../../../src/core/formats/trsx/model';
import { corpusFile } from '../formats/lists/corpus';

/** A corpus TRSX file's text, or undefined when the corpus is absent. */
function corpusText(name: string): string | undefined {
  const file = corpusFile('trsx', name);
  return file === undefined ? undefined : readFileSync(file, 'utf8');
}

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

function diff(before: Uint8Array, after: Uint8Array): TrsxDiff {
  const read = diffWalks(walkTrsxBytes(before, 'before'), walkTrsxBytes(after, 'after'));
  assert.ok(read.ok, read.ok ? '' : read.problem);
  return read.diff;
}

/** What changed, without the model objects: the window and the whole files must agree on this. */
const summary = (d: TrsxDiff): unknown => ({
  counts: d.counts,
  changes: d.changes.map((c) => [c.kind, c.change, c.key, c.detail]),
});

function nthIndex(text: string, what: string, n: number): number {
  let at = -1;
  for (let i = 0; i <= n; i++) at = text.indexOf(what, at + 1);
  assert.ok(at >= 0, `no ${what} #${n}`);
  return at;
}

describe('the changed-samples window', () => {
  for (const name of ['nuance-quickstart-travel-ivr-digital.en-US.trsx', 'nuancedev-Coffee_Maker_DRSS.trsx']) {
    test(`edits inside <samples> of ${name} diff the same through the window`, (t) => {
      const text = corpusText(name);
      if (!text) {
        t.skip(`no corpus file ${name} in ../shared/corpus/trsx`);
        return;
      }
      const base = bytes(text);
      const middle = nthIndex(text, '<sample ', 20);
      const secondClose = nthIndex(text, '</sample>', 25);
      const edits: Array<[string, string]> = [
        [
          'a sample added at the end',
          text.replace('</samples>', '<sample intentref="NO_INTENT">one more sample</sample>\n  </samples>'),
        ],
        [
          'a sample added in the middle',
          `${text.slice(0, middle)}<sample intentref="NO_INTENT">in the middle</sample>\n    ${text.slice(middle)}`,
        ],
        ['a word typed in a sample', `${text.slice(0, secondClose)}x${text.slice(secondClose)}`],
        [
          'a sample removed',
          text.slice(0, middle) + text.slice(text.indexOf('</sample>', middle) + '</sample>'.length),
        ],
        [
          'a count changed',
          text.replace(
            /(<sample [^>]*?)count="(\d+)"/,
            (_m, head: string, n: string) => `${head}count="${Number(n) + 3}"`,
          ),
        ],
      ];
      for (const [what, edited] of edits) {
        assert.notEqual(edited, text, what);
        const after = bytes(edited);
        const window = changedSamplesWindow(base, after);
        assert.ok(window, `${what}: a window`);
        assert.ok(window.before.length < base.length / 4, `${what}: the window is a small part of the file`);
        assert.deepEqual(summary(diff(window.before, window.after)), summary(diff(base, after)), what);
        assert.ok(diff(base, after).changes.length > 0, `${what}: something changed`);
      }
    });
  }

  test('changes outside <samples>, comments, or an encoding searched byte-wise no more fall back to the whole file', (t) => {
    const text = corpusText('nuancedev-Coffee_Maker_DRSS.trsx');
    if (!text) {
      t.skip('no corpus file nuancedev-Coffee_Maker_DRSS.trsx in ../shared/corpus/trsx');
      return;
    }
    const base = bytes(text);
    assert.equal(
      changedSamplesWindow(base, bytes(text.replace('</intents>', '<intent name="NEW_ONE"/></intents>'))),
      undefined,
      'an ontology edit',
    );
    assert.equal(
      changedSamplesWindow(base, bytes(text.replace('</samples>', '<!-- note --></samples>'))),
      undefined,
      'a comment',
    );
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    assert.equal(changedSamplesWindow(utf16, utf16), undefined, 'UTF-16');
  });

  test('a three-way merge of sample edits on both sides splices the windows and means what the item merge means', async (t) => {
    const text = corpusText('nuance-quickstart-travel-ivr-digital.en-US.trsx');
    if (!text) {
      t.skip('no corpus file nuance-quickstart-travel-ivr-digital.en-US.trsx in ../shared/corpus/trsx');
      return;
    }
    const model = (b: Uint8Array): TrsxDocument => {
      const r = readTrsxDocument(b, 'file');
      assert.ok(r.ok);
      return r.document;
    };
    const base = bytes(text);
    const middle = nthIndex(text, '<sample ', 10);
    const local = bytes(text.replace('</samples>', '<sample intentref="NO_INTENT">added here</sample>\n  </samples>'));
    const remote = bytes(
      `${text.slice(0, middle)}<sample intentref="NO_INTENT">added there</sample>\n    ${text.slice(middle)}`,
    );
    const merged = await mergeSampleWindows(
      base,
      async () => local,
      async () => remote,
    );
    assert.equal(merged?.kind, 'merged');
    if (merged?.kind !== 'merged') return;
    const expected = mergeTrsx(model(base), model(local), model(remote));
    assert.deepEqual(expected.conflicts, []);
    assert.ok(
      sameTrsx(model(Buffer.concat(merged.parts)), expected.document),
      'the splice means what the item merge gives',
    );

    // Both sides adding at the end: the windows overlap, the union is merged item by item.
    const remoteAtEnd = bytes(
      text.replace('</samples>', '<sample intentref="NO_INTENT">added at the end remotely</sample>\n  </samples>'),
    );
    const both = await mergeSampleWindows(
      base,
      async () => local,
      async () => remoteAtEnd,
    );
    assert.equal(both?.kind, 'merged');
    if (both?.kind !== 'merged') return;
    const expectedBoth = mergeTrsx(model(base), model(local), model(remoteAtEnd));
    assert.ok(
      sameTrsx(model(Buffer.concat(both.parts)), expectedBoth.document),
      'the union merge means what the item merge gives',
    );
    assert.ok(
      Buffer.concat(both.parts)
        .toString('utf8')
        .startsWith(text.slice(0, text.indexOf('<samples>'))),
      'the layout before the window is kept',
    );

    // The same sample added on both sides is one item: the windows decline, the item merge decides.
    const same = bytes(text.replace('</samples>', '<sample intentref="NO_INTENT">added there</sample>\n  </samples>'));
    assert.equal(
      await mergeSampleWindows(
        base,
        async () => same,
        async () => remote,
      ),
      undefined,
    );
    // One side unchanged in meaning: take the other.
    assert.deepEqual(
      await mergeSampleWindows(
        base,
        async () => base,
        async () => remote,
      ),
      { kind: 'take-remote' },
    );
    assert.deepEqual(
      await mergeSampleWindows(
        base,
        async () => local,
        async () => base,
      ),
      { kind: 'keep-local' },
    );
  });
});
