// The ontology through the platform client against the real sandbox: export (grammars only for
// professional-services users), append (a zip of TRSX and GrXML, as a job) and the entity-types list.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PlatformClient } from '../../../src/core/platform/client';
import { BadRequestError, ForbiddenError, NotFoundError, ProjectLockedError } from '../../../src/core/platform/errors';
import { collect } from '../../../src/core/platform/paging';
import { parseExportFileName } from '../../../src/core/package/fileNames';
import { readZip } from '../../../src/core/package/zip';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { bytes, finished, newProject, trsx, zipOf, zipTexts } from './nluSupport';
import { clientFor, rejectsWith } from './support';

describe('platform client: ontology', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  let admin: PlatformClient;
  let viewer: PlatformClient;
  let expert: PlatformClient;
  let ps: PlatformClient;

  before(async () => {
    sbx = await startTestSandbox();
    [owner, admin, viewer, expert, ps] = ['owner', 'admin', 'viewer', 'expert', 'ps'].map((k) => clientFor(sbx, k)) as [
      PlatformClient,
      PlatformClient,
      PlatformClient,
      PlatformClient,
      PlatformClient,
    ];
  });
  after(async () => {
    await Promise.all([owner, admin, viewer, expert, ps].map((c) => c.close()));
    await sbx.close();
  });

  describe('GET /v4/projects/{projectId}/ontology/.export', () => {
    test('200: <locale>/<locale>.trsx for everyone, grammars only for professional-services users', async () => {
      const download = await viewer.ontology.export('1001');
      const parsed = parseExportFileName(download.fileName ?? '', { projectName: 'Coffee Shop' });
      assert.deepEqual([parsed?.kind, parsed?.projectId], ['ontology', '1001']);
      const regular = await zipTexts(download);
      assert.deepEqual([...regular.keys()].sort(), ['en-US/en-US.trsx', 'fr-CA/fr-CA.trsx']);
      assert.match(
        regular.get('en-US/en-US.trsx') ?? '',
        /ruleGrammarFileName="grammars\/PICKUP_TIME\/PICKUP_TIME\.grxml"/,
      );
      assert.deepEqual([...(await zipTexts(await expert.ontology.export('1001'))).keys()].sort(), [
        'en-US/en-US.trsx',
        'fr-CA/fr-CA.trsx',
      ]);
      const full = await zipTexts(await ps.ontology.export('1001'));
      assert.deepEqual([...full.keys()].sort(), [
        'en-US/en-US.trsx',
        'en-US/grammars/PICKUP_TIME/PICKUP_TIME.grxml',
        'fr-CA/fr-CA.trsx',
        'fr-CA/grammars/PICKUP_TIME/PICKUP_TIME.grxml',
      ]);
      assert.equal(full.get('en-US/en-US.trsx'), regular.get('en-US/en-US.trsx'));
      const one = await zipTexts(await owner.ontology.export('1001', { locales: ['fr-CA'] }));
      assert.deepEqual([...one.keys()], ['fr-CA/fr-CA.trsx']);
      await rejectsWith(owner.ontology.export('99999'), NotFoundError);
    });
  });

  describe('PUT /v4/projects/{projectId}/ontology/.append', () => {
    test("200 → job: another project's export brings its intents, entities, literals, samples and grammars", async () => {
      const p = await newProject(owner, 'Ontology copy', ['en-US', 'fr-CA']);
      const zip = await (await ps.ontology.export('1001')).toBuffer();
      const job = await finished(ps, p, await ps.ontology.append(p, { data: zip, fileName: 'ontology.zip' }));
      const reports = (job.report.ontologyReports as { reports: Array<Record<string, unknown>> }).reports;
      assert.deepEqual(
        reports.map((r) => [r.locale, r.intentsAdded, r.entitiesAdded, r.samplesAdded]),
        [
          ['en-US', 5, 7, 25],
          ['fr-CA', 0, 0, 25],
        ],
      );
      assert.deepEqual(
        (await owner.entities.list(p)).map((e) => [e.name, e.kind]),
        (await owner.entities.list('1001')).map((e) => [e.name, e.kind]),
      );
      assert.deepEqual(
        (await owner.intents.list(p)).map((i) => [i.name, i.links]),
        (await owner.intents.list('1001')).map((i) => [i.name, i.links]),
      );
      assert.deepEqual(
        (await owner.entities.get(p, 'COFFEE_SIZE')).data,
        (await owner.entities.get('1001', 'COFFEE_SIZE')).data,
      );
      const grammars = await zipTexts(await ps.entities.exportGrammars(p, 'PICKUP_TIME'));
      assert.match(grammars.get('fr-CA/PICKUP_TIME.grxml') ?? '', /à midi/);
      // Appending the same content again: nothing new, but every sample counts once more.
      await finished(
        owner,
        p,
        await owner.ontology.append(p, {
          data: await zipOf(Object.fromEntries([...(await readZip(zip))].filter(([n]) => n.endsWith('.trsx')))),
          fileName: 'o.zip',
        }),
      );
      const samples =
        (await zipTexts(await owner.samples.export(p, 'ASK_HOURS', { locales: ['en-US'] }))).get('en-US.trsx') ?? '';
      assert.match(samples, /count="2" [^>]*>when do you open tomorrow</);
      assert.match(samples, /count="6" [^>]*>are you open on Sundays\?</);
      assert.equal((await owner.entities.get(p, 'COFFEE_SIZE')).numLiterals, 8);
    });

    test("200: a regular user's append without grammars gives new rule-based entities a placeholder grammar", async () => {
      const p = await newProject(owner, 'Ontology regular');
      const doc = trsx(
        'en-US',
        `<ontology><intents><intent name="WHEN"><links><link conceptref="TIME_RULE"/></links></intent></intents>
<concepts><concept name="TIME_RULE" ruleGrammarFileName="grammars/TIME_RULE/TIME_RULE.grxml"/></concepts></ontology>
<samples><sample intentref="WHEN">at <annotation conceptref="TIME_RULE">noon</annotation></sample></samples>`,
      );
      await finished(
        admin,
        p,
        await admin.ontology.append(p, { data: await zipOf({ 'en-US/en-US.trsx': doc }), fileName: 'o.zip' }),
      );
      assert.equal((await owner.entities.get(p, 'TIME_RULE')).kind, 'RULE_BASED');
      assert.match(
        (await zipTexts(await ps.entities.exportGrammars(p, 'TIME_RULE'))).get('en-US/TIME_RULE.grxml') ?? '',
        /placeholder/,
      );
    });

    test('403 for GrXML from a regular user or for a viewer; 409 while locked by another user; 404', async () => {
      const withGrammar = await zipOf({
        'en-US/en-US.trsx': trsx(
          'en-US',
          '<ontology><intents><intent name="A"/></intents><concepts><concept name="G" ruleGrammarFileName="grammars/G/G.grxml"/></concepts></ontology>',
        ),
        'en-US/grammars/G/G.grxml':
          '<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="G"><rule id="G"><item>g</item></rule></grammar>',
      });
      assert.match(
        (await rejectsWith(admin.ontology.append('1001', { data: withGrammar, fileName: 'o.zip' }), ForbiddenError))
          .message,
        /restricted to professional-services users/,
      );
      const plain = {
        data: await zipOf({
          'en-US/en-US.trsx': trsx('en-US', '<ontology><intents><intent name="A"/></intents></ontology>'),
        }),
        fileName: 'o.zip',
      };
      await rejectsWith(viewer.ontology.append('1001', plain), ForbiddenError);
      await owner.projects.lock('1001');
      try {
        await rejectsWith(admin.ontology.append('1001', plain), ProjectLockedError);
      } finally {
        await owner.projects.unlock('1001');
      }
      await rejectsWith(owner.ontology.append('99999', plain), NotFoundError);
      const expertJob = await expert.ontology.append('1001', { data: withGrammar, fileName: 'o.zip' });
      await finished(expert, '1001', expertJob);
    });

    test('400 before any job: invalid TRSX or GrXML, unknown locale folders, stray files, no TRSX, not a zip', async () => {
      const jobsBefore = (await collect(owner.jobs.list('1001'))).length;
      const append = async (files: Record<string, string>): Promise<unknown> =>
        ps.ontology.append('1001', { data: await zipOf(files), fileName: 'o.zip' });
      assert.match(
        (
          await rejectsWith(
            append({ 'en-US/en-US.trsx': trsx('en-US', '<samples><sample intentref="NOPE">x</sample></samples>') }),
            BadRequestError,
          )
        ).message,
        /The ontology file en-US\/en-US\.trsx has 1 error: line \d+:\d+ TRSX020 /,
      );
      assert.match(
        (await rejectsWith(append({ 'de-DE/de-DE.trsx': trsx('de-DE', '') }), BadRequestError)).message,
        /folders named for project languages/,
      );
      assert.match(
        (await rejectsWith(append({ 'en-US/readme.md': 'hi' }), BadRequestError)).message,
        /Unexpected file "en-US\/readme\.md"/,
      );
      assert.match(
        (
          await rejectsWith(
            append({ 'en-US/grammars/X/X.grxml': '<grammar/>', 'en-US/en-US.trsx': trsx('en-US', '') }),
            BadRequestError,
          )
        ).message,
        /not referenced by any concept/,
      );
      const badGrammar = {
        'en-US/en-US.trsx': trsx(
          'en-US',
          '<ontology><concepts><concept name="G2" ruleGrammarFileName="grammars/G2/G2.grxml"/></concepts></ontology>',
        ),
        'en-US/grammars/G2/G2.grxml': '<grammar version="1.0" root="G2"><rule id="G2"><item>x</item></rule></grammar>',
      };
      assert.match(
        (await rejectsWith(append(badGrammar), BadRequestError)).message,
        /The grammar en-US\/grammars\/G2\/G2\.grxml has \d+ errors?: .*SRGS002/,
      );
      await rejectsWith(append({}), BadRequestError);
      await rejectsWith(ps.ontology.append('1001', { data: bytes('no zip'), fileName: 'o.zip' }), BadRequestError);
      assert.equal((await collect(owner.jobs.list('1001'))).length, jobsBefore);
    });
  });

  describe('GET /v4/ontology/entity-types', () => {
    test('200: {entityTypes: [{name, description, compatibleDataTypes}]}', async () => {
      const types = await viewer.ontology.entityTypes();
      assert.deepEqual(
        types.map((t) => t.name),
        ['LIST', 'FREEFORM', 'REGEX', 'RULE_BASED', 'RELATIONAL', 'BASE'],
      );
      assert.ok(types.find((t) => t.name === 'REGEX')?.compatibleDataTypes.includes('DIGITS'));
      assert.equal(typeof types[0]?.description, 'string');
    });
  });
});
