// Diagnostics and models against a snapshot the previous implementation produced (test/fixtures/grxml/
// snapshot.json): every corpus grammar, every fixture and the benchmark's generated 10,000-rule grammar must give
// exactly the same diagnostics (codes, messages, ranges, order) and the same model (a digest of its dump). A
// change of how the model is built or stored (for speed) must not change what anyone sees.
// UPDATE_SNAPSHOT=1 rewrites the file: only when a change of diagnostics or model is intended.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseGrxml } from '../../../../src/core/formats/grxml/parse';
import { corpusFolder, diagnosticsOf, fixture, loadFile, repoRoot } from './helpers';
import { generatedGrammar } from './generatedGrammar';
import { diagnosticDump, digest, modelDump } from './modelSnapshot';
import { validateGrxml } from '../../../../src/core/formats/grxml/validate';

/**
 * Grammars written for this test: what the files rarely have (stray expansions in <one-of>, languages on items,
 * one-ofs and tokens, quoted and escaped text, CDATA, examples, header tags, repeat="0", prefixed names, errors).
 */
const WRITTEN: Readonly<Record<string, string>> = {
  mixed: `<?xml version="1.0"?>
<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="main" tag-format="semantics/1.0">
  <meta name="base" content="x/"/><tag>var g = 1;</tag>
  <rule id="main" scope="public"><example> go  home </example>
    say "New   York" &amp; caf&#233; <token xml:lang="fr-FR"> bon  jour </token>
    <one-of xml:lang="de-DE"><tag>out.a = 1;</tag>
      <item xml:lang="en-GB" weight="0.5">a</item><tag>out.b=2;</tag> stray words <ruleref uri="#other"/>
      <item repeat="0">never</item><item repeat="2-" repeat-prob="0.3">more <tag><![CDATA[out.c = "<x>";]]></tag></item>
    </one-of>
    <item repeat="3-1">bad</item><item weight="x" repeat-prob="2">w</item>
    <ruleref special="NULL"/><ruleref special="NOPE"/><ruleref uri="ext.grxml#r" type="text/plain"/><ruleref/>
  </rule>
  <rule id="other"><one-of><item>x</item></one-of><ruleref uri="#main"/></rule>
  <rule id="other" scope="wide"/>
  <rule id="lr"><item repeat="0-1">y</item><ruleref uri="#lr"/> z <tag>out = ;</tag></rule>
</grammar>`,
  prefixed: `<g:grammar xmlns:g="http://www.w3.org/2001/06/grammar" version="1.0" mode="dtmf" root="pin">
  <g:rule id="pin"><g:item repeat="4">1 2 <g:one-of><g:item>3</g:item><g:item>x</g:item></g:one-of></g:item><foo/></g:rule>
</g:grammar>`,
};

interface Entry {
  diagnostics: unknown[];
  model: string;
}

const SNAPSHOT = join(repoRoot(), 'test', 'fixtures', 'grxml', 'snapshot.json');

function grammarFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) return grammarFiles(p);
      return /\.(grxml|srgs|xml)$/.test(f) ? [p] : [];
    });
}

function current(): Record<string, Entry> {
  const out: Record<string, Entry> = {};
  const corpus = corpusFolder('.');
  const places: Record<string, string> = { [join(repoRoot(), '..', 'shared')]: '<shared>', [repoRoot()]: '<repo>' };
  const add = (key: string, path: string): void => {
    const parsed = loadFile(path);
    // The model is dumped before validation, then checked again after it: validating must not change it.
    const model = digest(modelDump(parsed.grammar));
    out[key] = { diagnostics: diagnosticDump(diagnosticsOf(parsed), places), model };
    assert.equal(digest(modelDump(parsed.grammar)), model, `${key}: validation changed the model`);
  };
  for (const path of grammarFiles(fixture())) add(`fixtures/${relative(fixture(), path)}`, path);
  if (corpus)
    for (const path of grammarFiles(corpus).filter((p) => !p.includes(`${join('grxml', 'spec')}`)))
      add(`corpus/${relative(corpus, path)}`, path);
  for (const [name, text] of Object.entries(WRITTEN)) {
    const parsed = parseGrxml(text);
    out[`written/${name}`] = {
      diagnostics: diagnosticDump(validateGrxml(parsed)),
      model: digest(modelDump(parsed.grammar)),
    };
  }
  const generated = parseGrxml(generatedGrammar());
  out['generated-10k'] = {
    diagnostics: diagnosticDump(validateGrxml(generated)),
    model: digest(modelDump(generated.grammar)),
  };
  return out;
}

describe('diagnostics and models are those of the snapshot', () => {
  test('every fixture, corpus grammar and the generated 10,000-rule grammar', (t) => {
    const now = current();
    if (process.env.UPDATE_SNAPSHOT === '1') {
      writeFileSync(SNAPSHOT, `${JSON.stringify(now, null, 1)}\n`);
      return;
    }
    assert.ok(
      existsSync(SNAPSHOT),
      `${SNAPSHOT} is missing: run with UPDATE_SNAPSHOT=1 once, from the implementation to compare against`,
    );
    const expected = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Record<string, Entry>;
    const corpusAbsent = corpusFolder('.') === undefined;
    if (corpusAbsent)
      t.diagnostic('shared/corpus/grxml is absent: only the fixtures and the generated grammar are compared');
    for (const [key, entry] of Object.entries(expected)) {
      if (corpusAbsent && key.startsWith('corpus/')) continue;
      assert.ok(now[key], `${key} is in the snapshot but was not checked`);
      assert.deepEqual(now[key]?.diagnostics, entry.diagnostics, `${key}: diagnostics differ`);
      assert.equal(now[key]?.model, entry.model, `${key}: model differs`);
    }
    assert.deepEqual(
      Object.keys(now).filter((k) => !(k in expected)),
      [],
      'files not in the snapshot (UPDATE_SNAPSHOT=1 after checking them)',
    );
  });
});
