import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { strToU8 } from 'fflate';
import { classifyPackagePath, hasPackageErrors, validatePackageLayout } from '../../../src/core/package/layout';
import { isLocaleName } from '../../../src/core/package/locale';
import { readZip, writeZip } from '../../../src/core/package/zip';
import { uploadsWithPackage } from '../../../src/core/sync/packageUpload';

const TRSX =
  '<?xml version="1.0" encoding="UTF-8"?><project xml:lang="en-US" xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" nuance:version="2.6"/>';

function samplePackage(): Map<string, Uint8Array> {
  return new Map([
    ['metadata.json', strToU8('{"name":"Coffee","channels":[]}')],
    ['dialog.json', strToU8('{"nodes":[]}')],
    ['en-US/en-US.trsx', strToU8(TRSX)],
    ['fr-CA/fr-CA.trsx', strToU8(TRSX.replace('en-US', 'fr-CA'))],
    ['en-US/grammars/DATE/DATE.grxml', strToU8('<grammar/>')],
    ['en-US/_client_prons.txt', strToU8('x')],
    ['fr-CA/_tmfe.tsv', strToU8('a\tb')],
  ]);
}

describe('package layout', () => {
  test('classifies every path of the spec layout', () => {
    assert.deepEqual(classifyPackagePath('metadata.json'), { kind: 'metadata', restricted: false });
    assert.deepEqual(classifyPackagePath('dialog.json'), { kind: 'dialog', restricted: false });
    assert.deepEqual(classifyPackagePath('en-US/en-US.trsx'), { kind: 'trsx', locale: 'en-US', restricted: false });
    assert.deepEqual(classifyPackagePath('en-US/grammars/x.grxml'), {
      kind: 'grammar',
      locale: 'en-US',
      restricted: true,
    });
    assert.deepEqual(classifyPackagePath('en-US/grammars/DATE/DATE.grxml'), {
      kind: 'grammar',
      locale: 'en-US',
      restricted: true,
    });
    assert.deepEqual(classifyPackagePath('en-US/_client_prons.txt'), {
      kind: 'prons',
      locale: 'en-US',
      restricted: true,
    });
    assert.deepEqual(classifyPackagePath('en-US/_tmfe.tsv'), { kind: 'tmfe', locale: 'en-US', restricted: true });
    assert.deepEqual(classifyPackagePath('en-US/fr-CA.trsx'), { kind: 'unknown', locale: 'en-US', restricted: false });
    assert.deepEqual(classifyPackagePath('notes.md'), { kind: 'unknown', restricted: false });
  });

  test('locale names', () => {
    for (const ok of ['en-US', 'fr-CA', 'yue-HK', 'zh-Hant-TW', 'es-419']) assert.ok(isLocaleName(ok), ok);
    for (const bad of ['en_US', 'english', 'EN-us', 'en-', 'eng-USA']) assert.ok(!isLocaleName(bad), bad);
  });

  test('a complete package has no errors and reports its restricted files', () => {
    const issues = validatePackageLayout(samplePackage());
    assert.equal(hasPackageErrors(issues), false);
    assert.deepEqual(
      issues.map((i) => i.code),
      ['PKG008'],
    );
  });

  test('problems get codes, paths and fixes', () => {
    const issues = validatePackageLayout(
      new Map([
        ['dialog.json', strToU8('{not json')],
        ['en-US/ontology.trsx', strToU8(TRSX)],
        ['english/english.trsx', strToU8(TRSX)],
        ['en-US/grammars/readme.txt', strToU8('x')],
        ['notes.md', strToU8('x')],
        ['root.trsx', strToU8(TRSX)],
      ]),
    );
    const byCode = (c: string): string[] => issues.filter((i) => i.code === c).map((i) => i.path ?? '');
    assert.deepEqual(byCode('PKG001'), ['']);
    assert.deepEqual(byCode('PKG002'), ['en-US/ontology.trsx', 'root.trsx']);
    assert.match(issues.find((i) => i.path === 'en-US/ontology.trsx')?.message ?? '', /move it to en-US\/en-US\.trsx/);
    assert.deepEqual(byCode('PKG003'), ['english/']);
    assert.deepEqual(byCode('PKG004'), ['notes.md']);
    assert.deepEqual(byCode('PKG005'), ['dialog.json']);
    assert.deepEqual(byCode('PKG007'), ['en-US/']);
    assert.deepEqual(byCode('PKG009'), ['en-US/grammars/readme.txt']);
    assert.equal(hasPackageErrors(issues), true);
    assert.deepEqual(
      validatePackageLayout(['metadata.json']).map((i) => i.code),
      ['PKG006'],
    );
  });

  test('a package zip round-trips through the reader and writer the product uses; the layout names its parts', async () => {
    const bytes = await writeZip(samplePackage());
    const files = await readZip(bytes);
    assert.deepEqual(await writeZip(files), bytes, 'reproducible bytes');
    const paths = [...files.keys()].sort();
    const trsx = paths
      .map(classifyPackagePath)
      .filter((i) => i.kind === 'trsx')
      .map((i) => i.locale);
    assert.deepEqual(trsx, ['en-US', 'fr-CA']);
    assert.deepEqual(
      paths.filter((p) => classifyPackagePath(p).restricted),
      ['en-US/_client_prons.txt', 'en-US/grammars/DATE/DATE.grxml', 'fr-CA/_tmfe.tsv'],
    );
    assert.deepEqual(
      validatePackageLayout(files).map((i) => i.code),
      ['PKG008'],
    );
    // What a replace uploads: a regular user never sends restricted files; professional services may.
    assert.deepEqual(
      paths.filter((p) => uploadsWithPackage(p, false)),
      ['dialog.json', 'en-US/en-US.trsx', 'fr-CA/fr-CA.trsx', 'metadata.json'],
    );
    assert.equal(paths.filter((p) => uploadsWithPackage(p, true)).length, 7);
  });

  test('invalid metadata JSON is an issue, not a crash', async () => {
    const files = await readZip(await writeZip(new Map([['metadata.json', strToU8('{')]])));
    assert.ok(validatePackageLayout(files).some((i) => i.code === 'PKG005' && i.path === 'metadata.json'));
  });
});
