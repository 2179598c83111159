// A TRSX file's xml:lang, judged by everything that reads one: the TRSX validator (TRSX009: is it a language tag)
// and the project check (PRJ008: does it name the file's locale folder). Both ask core/package/locale.ts; this test
// drives each through the owner's table, and through the examples of the Mix TRSX notes when ../shared/spec is here,
// so a second reading of the tag that drifts fails here.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkTrsx } from '../../../src/core/formats/trsx/validate';
import { DiagnosticsEngine } from '../../../src/core/language/diagnosticsEngine';
import { nodeFileSystem } from '../../../src/core/language/fileSystem';
import { isLanguageTag, localeOfLanguageTag } from '../../../src/core/package/languageTag';
import { repoRoot } from '../formats/grxml/helpers';

/** tag → the locale it names (null: a tag outside the tables; undefined: no language tag at all). */
const CASES: ReadonlyArray<[string, string | null | undefined]> = [
  ['eng-USA', 'en-US'],
  ['fra-CAN', 'fr-CA'],
  ['ENG-usa', 'en-US'],
  ['en-US', 'en-US'],
  ['en-us', 'en-US'],
  ['fr-CA', 'fr-CA'],
  ['zh-Hant-TW', 'zh-Hant-TW'],
  ['zh-hant-tw', 'zh-Hant-TW'],
  ['es-419', 'es-419'],
  ['xyz-QQQ', null],
  ['en', undefined],
  ['english', undefined],
  ['en_US', undefined],
  ['eng-US-x', undefined],
];

const TRSX = (lang: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="${lang}" nuance:version="2.6"/>\n`;

/** The xml:lang examples the Mix TRSX notes give ("@xml:lang (eng-USA, fra-CAN; Voiceflow export uses en-US)"). */
function specExamples(): string[] | undefined {
  const file = join(repoRoot(), '..', 'shared', 'spec', 'trsx-notes.md');
  if (!existsSync(file)) return undefined;
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.includes('@xml:lang ('));
  return line?.match(/[A-Za-z]{2,3}-[A-Za-z]{2,3}\b/g) ?? [];
}

/** PRJ008's verdict on an en-US/en-US.trsx whose xml:lang is `lang`, from the language services' own engine. */
function prj008(lang: string): boolean {
  const root = mkdtempSync(join(tmpdir(), 'cstudio-lang-'));
  try {
    writeFileSync(join(root, 'metadata.json'), '{"name":"P"}');
    mkdirSync(join(root, 'en-US'));
    const file = join(root, 'en-US', 'en-US.trsx');
    writeFileSync(file, TRSX(lang));
    const engine = new DiagnosticsEngine(nodeFileSystem);
    engine.setRoots([root]);
    engine.open(file, 'trsx', 1, TRSX(lang), file);
    return (engine.diagnostics(file)?.diagnostics ?? []).some((d) => d.code === 'PRJ008');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('language tags: one reading for the TRSX validator and the project check', () => {
  test('the owner reads each tag as the table says', () => {
    for (const [tag, names] of CASES) {
      assert.equal(isLanguageTag(tag), names !== undefined, tag);
      assert.equal(localeOfLanguageTag(tag), names ?? undefined, tag);
    }
  });

  test('TRSX009 refuses exactly what the owner refuses', () => {
    for (const [tag] of CASES) {
      const flagged = checkTrsx(TRSX(tag)).some((d) => d.code === 'TRSX009');
      assert.equal(flagged, !isLanguageTag(tag), tag);
    }
  });

  test('PRJ008 warns exactly when the tag names another locale than the folder en-US', () => {
    for (const [tag] of CASES) {
      const named = localeOfLanguageTag(tag);
      assert.equal(prj008(tag), named !== undefined && named !== 'en-US', tag);
    }
  });

  test("the Mix TRSX notes' examples are language tags naming locales", (t) => {
    const examples = specExamples();
    if (!examples) {
      t.skip('spec not found at <repo>/../shared/spec');
      return;
    }
    assert.ok(examples.length >= 3, `examples found: ${examples.join(', ')}`);
    for (const tag of examples) {
      assert.ok(isLanguageTag(tag), tag);
      assert.ok(localeOfLanguageTag(tag), tag);
      assert.equal(
        checkTrsx(TRSX(tag)).some((d) => d.code === 'TRSX009'),
        false,
        tag,
      );
      assert.equal(prj008(tag), localeOfLanguageTag(tag) !== 'en-US', tag);
    }
  });
});
