// Entity files through the platform client against the real sandbox: rule-based grammars (export, replace;
// professional-services and Expert users only) and literals (export; append and replace as jobs from .trsx,
// .list and .nmlist), including export → edit → replace → export.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PlatformClient } from '../../../src/core/platform/client';
import { collect } from '../../../src/core/platform/paging';
import { BadRequestError, ForbiddenError, NotFoundError, ProjectLockedError } from '../../../src/core/platform/errors';
import { parseExportFileName } from '../../../src/core/package/fileNames';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { bytes, finished, firstReport, newProject, trsx, zipOf, zipTexts } from './nluSupport';
import { clientFor, rejectsWith } from './support';

const GRAMMAR = (lang: string, word: string): string => `<?xml version="1.0" encoding="UTF-8"?>
<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="${lang}" root="T" mode="voice">
  <rule id="T" scope="public"><one-of><item>${word}</item><item>later</item></one-of></rule>
</grammar>
`;

describe('platform client: entity grammars and literals', () => {
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

  describe('GET /v4/projects/{projectId}/entities/{entityName}/grammars/.export', () => {
    test('200 for professional-services and Expert users: <locale>/<name>.grxml, named <project_id>_<grammar_name>_grammars.zip', async () => {
      for (const client of [ps, expert]) {
        const download = await client.entities.exportGrammars('1001', 'PICKUP_TIME');
        assert.equal(download.fileName, '1001_PICKUP_TIME_grammars.zip');
        const texts = await zipTexts(download);
        assert.deepEqual([...texts.keys()].sort(), ['en-US/PICKUP_TIME.grxml', 'fr-CA/PICKUP_TIME.grxml']);
        assert.match(texts.get('fr-CA/PICKUP_TIME.grxml') ?? '', /à midi/);
      }
    });

    test('403 for regular users and viewers; 400 for an entity that is not rule-based; 404', async () => {
      const denied = await rejectsWith(owner.entities.exportGrammars('1001', 'PICKUP_TIME'), ForbiddenError);
      assert.match(denied.message, /restricted to professional-services users and users with the Expert role/);
      await rejectsWith(viewer.entities.exportGrammars('1001', 'PICKUP_TIME'), ForbiddenError);
      await rejectsWith(ps.entities.exportGrammars('1001', 'COFFEE_TYPE'), BadRequestError);
      await rejectsWith(ps.entities.exportGrammars('1001', 'NOPE'), NotFoundError);
    });
  });

  describe('POST /v4/projects/{projectId}/entities/{entityName}/grammars/.replace', () => {
    test('200: the locales in the zip get the new grammar, the others keep theirs', async () => {
      const result = await expert.entities.replaceGrammars('1001', 'PICKUP_TIME', {
        data: await zipOf({ 'en-US/PICKUP_TIME.grxml': GRAMMAR('en-US', 'tonight') }),
        fileName: 'g.zip',
      });
      assert.deepEqual(result.replacedLocales, ['en-US']);
      assert.equal(result.entity?.kind, 'RULE_BASED');
      const texts = await zipTexts(await ps.entities.exportGrammars('1001', 'PICKUP_TIME'));
      assert.equal(texts.get('en-US/PICKUP_TIME.grxml'), GRAMMAR('en-US', 'tonight'));
      assert.match(texts.get('fr-CA/PICKUP_TIME.grxml') ?? '', /à midi/);
    });

    test('400 for invalid GrXML (with its diagnostics), nesting too deep, an unknown locale folder or a non-zip; nothing changes', async () => {
      const invalid =
        '<grammar xmlns="http://www.w3.org/2001/06/grammar" version="2.0" xml:lang="en-US" root="NOPE">\n  <rule id="T"><item>x</item></rule>\n</grammar>\n';
      const e = await rejectsWith(
        ps.entities.replaceGrammars('1001', 'PICKUP_TIME', {
          data: await zipOf({ 'en-US/x.grxml': invalid }),
          fileName: 'g.zip',
        }),
        BadRequestError,
      );
      assert.match(e.message, /The grammar en-US\/x\.grxml has \d+ errors?: line 1:\d+ SRGS\d{3} /);
      await rejectsWith(
        ps.entities.replaceGrammars('1001', 'PICKUP_TIME', {
          data: await zipOf({ 'de-DE/x.grxml': GRAMMAR('de-DE', 'x') }),
          fileName: 'g.zip',
        }),
        BadRequestError,
      );
      await rejectsWith(
        ps.entities.replaceGrammars('1001', 'PICKUP_TIME', { data: bytes('not a zip'), fileName: 'g.zip' }),
        BadRequestError,
      );
      // 5,000 nested <item>s: a depth diagnostic with its position (XML018), a 400, never a 500 from a stack overflow.
      const deep = `<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="T">\n  <rule id="T">${'<item>'.repeat(5000)}x${'</item>'.repeat(5000)}</rule>\n</grammar>\n`;
      const tooDeep = await rejectsWith(
        ps.entities.replaceGrammars('1001', 'PICKUP_TIME', {
          data: await zipOf({ 'en-US/deep.grxml': deep }),
          fileName: 'g.zip',
        }),
        BadRequestError,
      );
      assert.match(tooDeep.message, /The grammar en-US\/deep\.grxml has \d+ errors?: line 2:\d+ XML018 /);
      const texts = await zipTexts(await ps.entities.exportGrammars('1001', 'PICKUP_TIME'));
      assert.equal(texts.get('en-US/PICKUP_TIME.grxml'), GRAMMAR('en-US', 'tonight'));
    });

    test('403 for regular users and viewers, 409 while locked by another user, 404', async () => {
      const zip = { data: await zipOf({ 'en-US/PICKUP_TIME.grxml': GRAMMAR('en-US', 'soon') }), fileName: 'g.zip' };
      await rejectsWith(admin.entities.replaceGrammars('1001', 'PICKUP_TIME', zip), ForbiddenError);
      await rejectsWith(viewer.entities.replaceGrammars('1001', 'PICKUP_TIME', zip), ForbiddenError);
      await owner.projects.lock('1001');
      try {
        await rejectsWith(expert.entities.replaceGrammars('1001', 'PICKUP_TIME', zip), ProjectLockedError);
      } finally {
        await owner.projects.unlock('1001');
      }
      await rejectsWith(ps.entities.replaceGrammars('1001', 'NOPE', zip), NotFoundError);
    });
  });

  describe('GET /v4/projects/{projectId}/entities/{entityName}/literals/.export', () => {
    test('200: one <locale>.trsx per project locale, under the documented file name; ?locales= narrows it', async () => {
      const download = await viewer.entities.exportLiterals('1001', 'COFFEE_SIZE');
      const parsed = parseExportFileName(download.fileName ?? '', { projectName: 'Coffee Shop' });
      assert.deepEqual(
        [parsed?.kind, parsed?.projectId, parsed?.entityName],
        ['entityLiterals', '1001', 'COFFEE_SIZE'],
      );
      const texts = await zipTexts(download);
      assert.deepEqual([...texts.keys()].sort(), ['en-US.trsx', 'fr-CA.trsx']);
      assert.match(texts.get('fr-CA.trsx') ?? '', /<entry literal="grand" value="L"\/>/);
      const one = await zipTexts(await owner.entities.exportLiterals('1001', 'COFFEE_SIZE', { locales: ['fr-CA'] }));
      assert.deepEqual([...one.keys()], ['fr-CA.trsx']);
      await rejectsWith(owner.entities.exportLiterals('1001', 'NOPE'), NotFoundError);
      await rejectsWith(owner.entities.exportLiterals('1001', 'COFFEE_SIZE', { locales: ['de-DE'] }), BadRequestError);
    });
  });

  describe('PUT /v4/projects/{projectId}/entities/{entityName}/literals/.append', () => {
    test('200 → job: .list, .nmlist and .trsx add the pairs the locale lacks; a second append changes nothing', async () => {
      const p = await newProject(owner, 'Literals append', ['en-US', 'fr-CA']);
      await owner.entities.create(p, { kind: 'LIST', name: 'COLOR' });
      const list = await finished(
        owner,
        p,
        await owner.entities.appendLiterals(p, 'COLOR', 'en-US', { data: bytes('red\nblue\n'), fileName: 'c.list' }),
      );
      assert.deepEqual(firstReport(list, 'literals'), {
        ...firstReport(list, 'literals'),
        locale: 'en-US',
        entity: 'COLOR',
        added: 2,
        unchanged: 0,
        deleted: 0,
      });
      const nm = await finished(
        owner,
        p,
        await owner.entities.appendLiterals(p, 'COLOR', 'en-US', {
          data: bytes('red|red\ncrimson|red\n'),
          fileName: 'c.nmlist',
        }),
      );
      assert.deepEqual([firstReport(nm, 'literals').added, firstReport(nm, 'literals').unchanged], [1, 1]);
      const doc = trsx(
        'fr-CA',
        '<ontology><concepts><concept name="COLOR"/></concepts></ontology>\n<dictionaries><dictionary conceptref="COLOR"><entry literal="rouge" value="red"/></dictionary></dictionaries>',
      );
      await finished(
        owner,
        p,
        await admin.entities.appendLiterals(p, 'COLOR', 'fr-CA', { data: bytes(doc), fileName: 'c.trsx' }),
      );
      const again = await finished(
        owner,
        p,
        await owner.entities.appendLiterals(p, 'COLOR', 'en-US', { data: bytes('red\nblue\n'), fileName: 'c.list' }),
      );
      assert.equal(firstReport(again, 'literals').added, 0);
      const entity = await owner.entities.get(p, 'COLOR');
      assert.deepEqual(entity.data, {
        'en-US': {
          entries: [
            { meaning: 'red', patterns: ['red', 'crimson'] },
            { meaning: 'blue', patterns: ['blue'] },
          ],
        },
        'fr-CA': { entries: [{ meaning: 'red', patterns: ['rouge'] }] },
      });
    });

    test('the real clients\' multipart field name "file" works too', async () => {
      const p = await newProject(owner, 'Field file');
      await owner.entities.create(p, { kind: 'LIST', name: 'X' });
      const job = await owner.request<{ id: string; status: string; report: object }>({
        method: 'PUT',
        path: `/v4/projects/${p}/entities/X/literals/.append`,
        query: { locale: 'en-US' },
        file: { field: 'file', data: bytes('one\n'), fileName: 'x.list' },
      });
      await finished(owner, p, { ...job, report: {} });
      assert.equal((await owner.entities.get(p, 'X')).numLiterals, 1);
    });

    test('400 before any job: bad files with their diagnostics, other entities in a TRSX, a non-list entity, a bad locale', async () => {
      const p = await newProject(owner, 'Literals errors', ['en-US', 'fr-CA']);
      await owner.entities.create(p, { kind: 'LIST', name: 'COLOR' });
      await owner.entities.create(p, { kind: 'FREEFORM', name: 'NOTE' });
      const append = (entity: string, text: string, fileName: string, locale = 'en-US'): Promise<unknown> =>
        owner.entities.appendLiterals(p, entity, locale, { data: bytes(text), fileName });
      const nm = await rejectsWith(append('COLOR', 'red|#f00\nblue\n', 'c.nmlist'), BadRequestError);
      assert.match(nm.message, /The file "c\.nmlist" has 1 error: line 2:1 LIST005 Line 2 has no "\|"/);
      const xml = await rejectsWith(append('COLOR', '<project><dictionaries>', 'c.trsx'), BadRequestError);
      assert.match(xml.message, /The file "c\.trsx" has \d+ errors?: line 1:\d+ XML/);
      const other = trsx(
        'en-US',
        '<ontology><concepts><concept name="COLOR"/><concept name="SHADE"/></concepts></ontology>\n<dictionaries><dictionary conceptref="SHADE"><entry literal="dark"/></dictionary></dictionaries>',
      );
      assert.match(
        (await rejectsWith(append('COLOR', other, 'c.trsx'), BadRequestError)).message,
        /holds literals of "SHADE"/,
      );
      assert.match(
        (await rejectsWith(append('COLOR', 'red\n', 'c.csv'), BadRequestError)).message,
        /send \.trsx, \.list, \.nmlist/,
      );
      assert.match(
        (await rejectsWith(append('NOTE', 'red\n', 'c.list'), BadRequestError)).message,
        /only list entities have literals/,
      );
      assert.match(
        (await rejectsWith(append('COLOR', 'red\n', 'c.list', 'de-DE'), BadRequestError)).message,
        /no language de-DE/,
      );
      const noLocale = await rejectsWith(
        owner.request({
          method: 'PUT',
          path: `/v4/projects/${p}/entities/COLOR/literals/.append`,
          file: { data: bytes('red\n'), fileName: 'c.list' },
        }),
        BadRequestError,
      );
      assert.match(noLocale.message, /\?locale=/);
      assert.deepEqual(await collect(owner.jobs.list(p)), []);
    });

    test('403 for a viewer, 409 while locked by another user, 404 for an unknown entity or project', async () => {
      const file = { data: bytes('red\n'), fileName: 'c.list' };
      await rejectsWith(viewer.entities.appendLiterals('1001', 'COFFEE_TYPE', 'en-US', file), ForbiddenError);
      await rejectsWith(owner.entities.appendLiterals('1001', 'NOPE', 'en-US', file), NotFoundError);
      await rejectsWith(owner.entities.appendLiterals('99999', 'COFFEE_TYPE', 'en-US', file), NotFoundError);
      await admin.projects.lock('1001');
      try {
        await rejectsWith(owner.entities.appendLiterals('1001', 'COFFEE_TYPE', 'en-US', file), ProjectLockedError);
      } finally {
        await admin.projects.unlock('1001');
      }
    });
  });

  describe('POST /v4/projects/{projectId}/entities/{entityName}/literals/.replace', () => {
    test("200 → job: the locale's pairs become the file's; other locales keep theirs", async () => {
      const job = await owner.entities.replaceLiterals('1001', 'COFFEE_SIZE', 'en-US', {
        data: bytes('small|S\nhuge|XL\n'),
        fileName: 's.nmlist',
      });
      const report = firstReport(await finished(owner, '1001', job), 'literals');
      assert.deepEqual([report.added, report.unchanged, report.deleted], [1, 1, 4]);
      const size = await owner.entities.get('1001', 'COFFEE_SIZE');
      assert.deepEqual(size.data?.['en-US']?.entries, [
        { meaning: 'S', patterns: ['small'] },
        { meaning: 'XL', patterns: ['huge'] },
      ]);
      assert.equal(size.data?.['fr-CA']?.entries.length, 3);
    });

    test('export → edit → replace → export returns the edited content exactly', async () => {
      const exported = await zipTexts(await owner.entities.exportLiterals('1001', 'COFFEE_TYPE'));
      const original = exported.get('fr-CA.trsx') ?? '';
      const edited = original.replace(
        '<entry literal="allongé" value="americano"/>',
        '<entry literal="allongé" value="americano"/>\n      <entry literal="noisette &amp; lait" value="latte"/>',
      );
      assert.notEqual(edited, original);
      await finished(
        owner,
        '1001',
        await owner.entities.replaceLiterals('1001', 'COFFEE_TYPE', 'fr-CA', {
          data: bytes(edited),
          fileName: 'fr-CA.trsx',
        }),
      );
      const again = await zipTexts(await owner.entities.exportLiterals('1001', 'COFFEE_TYPE'));
      assert.equal(again.get('fr-CA.trsx'), edited);
      assert.equal(again.get('en-US.trsx'), exported.get('en-US.trsx'));
    });

    test('403 for a viewer, 404 for an unknown entity', async () => {
      const file = { data: bytes('x\n'), fileName: 'x.list' };
      await rejectsWith(viewer.entities.replaceLiterals('1001', 'COFFEE_TYPE', 'en-US', file), ForbiddenError);
      await rejectsWith(owner.entities.replaceLiterals('1001', 'NOPE', 'en-US', file), NotFoundError);
    });
  });
});
