// Real-world files (../shared/corpus) through the NLU imports against the real sandbox: a French .nmlist
// without its final newline, a one-sample-per-line .txt and real Mix TRSX exports appended as ontologies.
// Each test skips with a message when the corpus is absent. Also: an import job survives a sandbox restart.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { parseTrsx } from '../../../src/core/formats/trsx/parse';
import type { PlatformClient } from '../../../src/core/platform/client';
import { corpusFile } from '../formats/lists/corpus';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { bytes, finished, firstReport, newProject, zipOf, zipTexts } from './nluSupport';
import { clientFor } from './support';

describe('platform client: NLU imports of real-world files', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;

  before(async () => {
    sbx = await startTestSandbox();
    owner = clientFor(sbx, 'owner');
  });
  after(async () => {
    await owner.close();
    await sbx.close();
  });

  test('a real .nmlist (curly apostrophes, no final newline) appends every literal/value pair', async (t) => {
    const path = corpusFile('lists', 'danaemtz-ACCOUNT_TYPE_FR.nmlist');
    if (!path) {
      t.skip('corpus file lists/danaemtz-ACCOUNT_TYPE_FR.nmlist not found at <repo>/../shared/corpus');
      return;
    }
    const data = await readFile(path);
    const lines = data
      .toString('utf8')
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '');
    const p = await newProject(owner, 'Corpus literals', ['fr-CA']);
    await owner.entities.create(p, { kind: 'LIST', name: 'ACCOUNT_TYPE' });
    const job = await finished(
      owner,
      p,
      await owner.entities.appendLiterals(p, 'ACCOUNT_TYPE', 'fr-CA', { data, fileName: 'ACCOUNT_TYPE_FR.nmlist' }),
    );
    assert.equal(firstReport(job, 'literals').added, new Set(lines).size);
    const trsx = (await zipTexts(await owner.entities.exportLiterals(p, 'ACCOUNT_TYPE'))).get('fr-CA.trsx') ?? '';
    assert.match(trsx, /<entry literal="Compte d’épargne libre d’impôt" value="CELI"\/>/);
  });

  test('a real samples .txt appends one sample per distinct line, repeats counted', async (t) => {
    const path = corpusFile('lists', 'danaemtz-make_investment.samples.txt');
    if (!path) {
      t.skip('corpus file lists/danaemtz-make_investment.samples.txt not found at <repo>/../shared/corpus');
      return;
    }
    const data = await readFile(path);
    const lines = data
      .toString('utf8')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    const p = await newProject(owner, 'Corpus samples');
    await owner.intents.create(p, 'MAKE_INVESTMENT');
    const job = await finished(
      owner,
      p,
      await owner.samples.append(p, 'MAKE_INVESTMENT', 'en-US', { data, fileName: 'make_investment.txt' }),
    );
    assert.equal(firstReport(job, 'samples').added, new Set(lines).size);
    const exported = (await zipTexts(await owner.samples.export(p, 'MAKE_INVESTMENT'))).get('en-US.trsx') ?? '';
    const counts = [...exported.matchAll(/count="(\d+)"/g)].reduce((n, m) => n + Number(m[1]), 0);
    assert.equal(counts, lines.length);
  });

  for (const name of [
    'nuance-quickstart-travel-ivr-digital.en-US.trsx',
    'nuancedev-Coffee_Maker_DRSS.trsx',
    'danaemtz-intents_entities_relations_example.trsx',
  ]) {
    test(`a real TRSX export (${name}) appends as an ontology: its intents, entities and samples arrive`, async (t) => {
      const path = corpusFile('trsx', name);
      if (!path) {
        t.skip(`corpus file trsx/${name} not found at <repo>/../shared/corpus`);
        return;
      }
      const data = await readFile(path);
      const doc = parseTrsx(data.toString('utf8')).document;
      const p = await newProject(owner, `Corpus ${name.slice(0, 20)}`);
      const job = await finished(
        owner,
        p,
        await owner.ontology.append(p, { data: await zipOf({ 'en-US/en-US.trsx': data }), fileName: 'o.zip' }),
      );
      const report = (job.report.ontologyReports as { reports: Array<Record<string, number>> }).reports[0];
      assert.equal(report?.intentsAdded, doc.intents.length);
      assert.equal(report?.entitiesAdded, doc.concepts.length);
      assert.equal((report?.samplesAdded ?? 0) + (report?.samplesCounted ?? 0), doc.samples.length);
      assert.deepEqual(
        (await owner.intents.list(p)).map((i) => i.name),
        doc.intents.map((i) => i.name),
      );
    });
  }
});

describe('NLU import jobs across a sandbox restart', () => {
  test('a RUNNING samples import resumes after a restart and completes', async () => {
    const sbx = await startTestSandbox({ jobDurationMs: 1500 });
    let owner = clientFor(sbx, 'owner');
    try {
      const job = await owner.samples.append('1001', 'ASK_HOURS', 'en-US', {
        data: bytes('open at dawn?\n'),
        fileName: 'h.txt',
      });
      await owner.close();
      await sbx.restart();
      owner = clientFor(sbx, 'owner');
      await finished(owner, '1001', job);
      const en =
        (await zipTexts(await owner.samples.export('1001', 'ASK_HOURS', { locales: ['en-US'] }))).get('en-US.trsx') ??
        '';
      assert.match(en, />open at dawn\?</);
    } finally {
      await owner.close();
      await sbx.close();
    }
  });
});
