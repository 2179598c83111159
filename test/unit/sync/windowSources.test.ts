// The changed-samples window found without reading the files whole (src/core/sync/semantic/windowSources.ts) must be
// the very window changedSamplesWindow finds on the whole files: on real TRSX files, and on a real file's samples
// repeated to several MiB, where the parts between the head, the change and the tail are cut and the chunks of the
// prefix/suffix comparison cross buffer edges.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changedSamplesWindow } from '../../../src/core/sync/semantic/changedWindow';
import { bytesSource, changedSamplesWindowOf, openFileSource } from '../../../src/core/sync/semantic/windowSources';
import { analyzeChanges } from '../../../src/core/sync/planContext';
import { FolderFiles, MapFiles } from '../../../src/core/sync/packageFiles';
import type { FileChange } from '../../../src/core/sync/compare';
import { corpusFile } from '../formats/lists/corpus';

/** A corpus TRSX file's text, or undefined when the corpus is absent. */
function corpusText(name: string): string | undefined {
  const file = corpusFile('trsx', name);
  return file === undefined ? undefined : readFileSync(file, 'utf8');
}

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

function nthIndex(text: string, what: string, n: number): number {
  let at = -1;
  for (let i = 0; i <= n; i++) at = text.indexOf(what, at + 1);
  assert.ok(at >= 0, `no ${what} #${n}`);
  return at;
}

/** The corpus file with its samples repeated until the file is at least `size` bytes. */
function enlarged(text: string, size: number): string {
  const open = text.indexOf('>', text.indexOf('<samples')) + 1;
  const close = text.lastIndexOf('</samples>');
  const samples = text.slice(open, close);
  const copies = Math.ceil(size / samples.length);
  return (
    text.slice(0, open) +
    Array.from({ length: copies }, (_, i) => samples.replaceAll('</sample>', ` ${i}</sample>`)).join('') +
    text.slice(close)
  );
}

function edits(text: string): Array<[string, string]> {
  const count = text.split('<sample ').length - 1;
  const sampleAt = (n: number): number => nthIndex(text, '<sample ', n);
  const closeAt = (n: number): number => nthIndex(text, '</sample>', n);
  return [
    [
      'a sample added at the end',
      text.replace('</samples>', '<sample intentref="NO_INTENT">one more sample</sample>\n  </samples>'),
    ],
    [
      'a sample added in the middle',
      `${text.slice(0, sampleAt(Math.floor(count / 2)))}<sample intentref="NO_INTENT">in the middle</sample>\n    ${text.slice(sampleAt(Math.floor(count / 2)))}`,
    ],
    ['a word typed in the first sample', `${text.slice(0, closeAt(0))}x${text.slice(closeAt(0))}`],
    ['a word typed in the third sample', `${text.slice(0, closeAt(2))}x${text.slice(closeAt(2))}`],
    [
      'a sample removed',
      text.slice(0, sampleAt(Math.floor(count / 3))) +
        text.slice(text.indexOf('</sample>', sampleAt(Math.floor(count / 3))) + '</sample>'.length),
    ],
    [
      'two samples far apart edited',
      `${text.slice(0, closeAt(1))}y${text.slice(closeAt(1), closeAt(count - 2))}z${text.slice(closeAt(count - 2))}`,
    ],
    ['an ontology edit', text.replace('</intents>', '<intent name="NEW_ONE"/></intents>')],
    [
      'a comment far before the change',
      `${text.slice(0, sampleAt(1))}<!-- note -->${text.slice(sampleAt(1)).replace('</samples>', '<sample intentref="NO_INTENT">end</sample></samples>')}`,
    ],
    [
      'a processing instruction after the change',
      `${text.slice(0, closeAt(0))}x${text.slice(closeAt(0), sampleAt(count - 1))}<?pi x?>${text.slice(sampleAt(count - 1))}`,
    ],
  ];
}

async function agree(base: Uint8Array, after: Uint8Array, what: string): Promise<void> {
  const whole = changedSamplesWindow(base, after);
  const found = await changedSamplesWindowOf(bytesSource(base), bytesSource(after));
  if (whole) {
    assert.equal(found.kind, 'window', `${what}: a window`);
    if (found.kind === 'window') assert.deepEqual(found.window, whole, what);
  } else {
    // No window on the whole files: the reader must say so too (it never invents one).
    assert.notEqual(found.kind, 'window', `${what}: no window`);
  }
}

describe('the changed-samples window of files not read whole', () => {
  for (const name of ['nuance-quickstart-travel-ivr-digital.en-US.trsx', 'nuancedev-Coffee_Maker_DRSS.trsx']) {
    test(`${name}: the same window as on the whole file, small and enlarged to 3 MiB`, async (t) => {
      const text = corpusText(name);
      if (!text) {
        t.skip(`no corpus file ${name} in ../shared/corpus/trsx`);
        return;
      }
      for (const version of [text, enlarged(text, 3 * 1024 * 1024)]) {
        const base = bytes(version);
        assert.deepEqual(await changedSamplesWindowOf(bytesSource(base), bytesSource(base)), { kind: 'same' });
        for (const [what, edited] of edits(version)) await agree(base, bytes(edited), `${what} (${base.length} bytes)`);
      }
    });
  }

  test('a large file and its edited copy on disk: the window, and only a small part of the file held', async (t) => {
    const text = corpusText('nuance-quickstart-travel-ivr-digital.en-US.trsx');
    if (!text) {
      t.skip('no corpus file nuance-quickstart-travel-ivr-digital.en-US.trsx in ../shared/corpus/trsx');
      return;
    }
    const dir = await mkdtemp(join(tmpdir(), 'cstudio-window-'));
    try {
      const base = enlarged(text, 4 * 1024 * 1024);
      const edited = base.replace('</samples>', '<sample intentref="NO_INTENT">one more sample</sample>\n  </samples>');
      await writeFile(join(dir, 'base.trsx'), base);
      await writeFile(join(dir, 'edited.trsx'), edited);
      const before = await openFileSource(join(dir, 'base.trsx'));
      const after = await openFileSource(join(dir, 'edited.trsx'));
      try {
        const found = await changedSamplesWindowOf(before, after);
        assert.equal(found.kind, 'window');
        if (found.kind !== 'window') return;
        assert.deepEqual(found.window, changedSamplesWindow(bytes(base), bytes(edited)));
        assert.ok(found.window.before.length < 64 * 1024, 'the window is a few samples');
        assert.deepEqual(await changedSamplesWindowOf(before, before), { kind: 'same' });
      } finally {
        await before.close();
        await after.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('an append plan validates and diffs a large edited file read around the change as it does from the whole bytes', async (t) => {
    const text = corpusText('nuance-quickstart-travel-ivr-digital.en-US.trsx');
    if (!text) {
      t.skip('no corpus file nuance-quickstart-travel-ivr-digital.en-US.trsx in ../shared/corpus/trsx');
      return;
    }
    const base = enlarged(text, 3 * 1024 * 1024);
    // A valid sample and one naming an intent the file does not define: a validation problem with its line.
    const edited = base.replace(
      '</samples>',
      '<sample intentref="NO_INTENT">one more sample</sample>\n<sample intentref="NOT_DEFINED_ANYWHERE">broken</sample>\n  </samples>',
    );
    const path = 'en-US/en-US.trsx';
    const change: FileChange = { path, change: 'modified', kind: 'trsx', locale: 'en-US', restricted: false };
    const dir = await mkdtemp(join(tmpdir(), 'cstudio-window-'));
    try {
      for (const [folder, content] of [
        ['base', base],
        ['work', edited],
      ] as const) {
        await mkdir(join(dir, folder, 'en-US'), { recursive: true });
        await writeFile(join(dir, folder, path), content);
      }
      const fromFiles = await analyzeChanges(
        new FolderFiles(join(dir, 'work')),
        new FolderFiles(join(dir, 'base')),
        [change],
        undefined,
        true,
      );
      const fromBytes = await analyzeChanges(
        new MapFiles(new Map([[path, bytes(edited)]]), 'work'),
        new MapFiles(new Map([[path, bytes(base)]]), 'base'),
        [change],
        undefined,
        true,
      );
      assert.ok(
        fromBytes.problems.some((p) => p.severity === 'error' && (p.line ?? 0) > 1000),
        'the problem is found, on its line far into the file',
      );
      assert.deepEqual(fromFiles.problems, fromBytes.problems);
      assert.deepEqual(fromFiles.otherFiles, fromBytes.otherFiles);
      assert.deepEqual(
        fromFiles.locales.map((l) => l.diff.changes),
        fromBytes.locales.map((l) => l.diff.changes),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
