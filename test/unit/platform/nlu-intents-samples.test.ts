// Intents and samples through the platform client against the real sandbox: the intents endpoints of the
// real service (and core/nlu's fallback to the ontology export), sample export, append and replace with
// counts, including export → edit → replace → export.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PlatformClient } from '../../../src/core/platform/client';
import { BadRequestError, ForbiddenError, NotFoundError, ProjectLockedError } from '../../../src/core/platform/errors';
import { listProjectIntents } from '../../../src/core/nlu/projectIntents';
import { IntentsClient } from '../../../src/core/platform/intents';
import { collect } from '../../../src/core/platform/paging';
import type { Requester } from '../../../src/core/platform/requester';
import { parseExportFileName } from '../../../src/core/package/fileNames';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { bytes, finished, firstReport, newProject, trsx, zipTexts } from './nluSupport';
import { clientFor, rejectsWith } from './support';

const SPECIAL = 'ask/why%?#.ça 🤔';

/** The real requester, except that the intents list goes to a path the platform does not have (a real 404). */
function withoutIntentsEndpoint(requester: Requester): Requester {
  return {
    request: (req) =>
      requester.request(
        req.method === 'GET' && /\/intents$/.test(req.path) ? { ...req, path: `${req.path}-unavailable` } : req,
      ),
    download: (req, options) => requester.download(req, options),
  };
}

describe('platform client: intents and samples', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  let admin: PlatformClient;
  let viewer: PlatformClient;

  before(async () => {
    sbx = await startTestSandbox();
    [owner, admin, viewer] = ['owner', 'admin', 'viewer'].map((k) => clientFor(sbx, k)) as [
      PlatformClient,
      PlatformClient,
      PlatformClient,
    ];
  });
  after(async () => {
    await Promise.all([owner, admin, viewer].map((c) => c.close()));
    await sbx.close();
  });

  describe('GET /v4/projects/{projectId}/intents', () => {
    test('200: {intents: [{id, name, isInBaseOntology, links: [{entityRef}]}]}; viewers may list; 404', async () => {
      const intents = await viewer.intents.list('1001');
      assert.deepEqual(
        intents.map((i) => i.name),
        ['ORDER_COFFEE', 'CHECK_ORDER', 'CANCEL_ORDER', 'SET_FAVORITE', 'ASK_HOURS'],
      );
      assert.deepEqual(intents[1], {
        id: intents[1]?.id,
        name: 'CHECK_ORDER',
        isInBaseOntology: false,
        links: [{ entityRef: 'ORDER_NUMBER' }],
      });
      await rejectsWith(owner.intents.list('99999'), NotFoundError);
    });

    test('a platform that answers 404 on /intents: the list comes from the ontology export', async () => {
      const fallback = {
        intents: new IntentsClient(withoutIntentsEndpoint(owner.requester)),
        ontology: owner.ontology,
      };
      await rejectsWith(fallback.intents.list('1001'), NotFoundError);
      const intents = await listProjectIntents(fallback, '1001');
      assert.deepEqual(
        intents.map((i) => [i.id, i.name]),
        (await owner.intents.list('1001')).map((i) => [i.name, i.name]),
      );
      assert.deepEqual(
        intents[0]?.links.map((l) => l.entityRef),
        ['COFFEE_TYPE', 'COFFEE_SIZE', 'CUSTOMER_NAME', 'PICKUP_TIME', 'DRINK'],
      );
      const missing = await rejectsWith(listProjectIntents(fallback, '99999'), NotFoundError);
      assert.match(missing.message, /GET \/v4\/projects\/99999\/intents-unavailable/);
    });
  });

  describe('POST /v4/projects/{projectId}/intents', () => {
    test("200: {intentName} → {intent: {id, name, isInBaseOntology, links}} (mix-cli's create fixture), in every locale", async () => {
      const p = await newProject(owner, 'Intents', ['en-US', 'fr-CA']);
      const body = await owner.request({
        method: 'POST',
        path: `/v4/projects/${p}/intents`,
        json: { intentName: 'GREET' },
      });
      const created = await owner.intents.get(p, 'GREET');
      assert.deepEqual(body, { intent: { id: created.id, name: 'GREET', isInBaseOntology: false, links: [] } });
      const special = await admin.intents.create(p, SPECIAL);
      assert.equal(special.name, SPECIAL);
      const texts = await zipTexts(await owner.ontology.export(p));
      for (const l of ['en-US', 'fr-CA']) assert.match(texts.get(`${l}/${l}.trsx`) ?? '', /<intent name="GREET"\/>/);
    });

    test('400 for a taken or blank name; 403 for a viewer; 409 while locked by another user', async () => {
      assert.match(
        (await rejectsWith(owner.intents.create('1001', 'ASK_HOURS'), BadRequestError)).message,
        /already has an intent named "ASK_HOURS"/,
      );
      await rejectsWith(
        owner.request({ method: 'POST', path: '/v4/projects/1001/intents', json: { intentName: ' ' } }),
        BadRequestError,
      );
      await rejectsWith(viewer.intents.create('1001', 'NEW'), ForbiddenError);
      await owner.projects.lock('1001');
      try {
        await rejectsWith(admin.intents.create('1001', 'NEW'), ProjectLockedError);
      } finally {
        await owner.projects.unlock('1001');
      }
    });
  });

  describe('GET /v4/projects/{projectId}/intents/{intentName}', () => {
    test('200; 404 for an unknown (case-sensitive) name', async () => {
      assert.equal((await viewer.intents.get('1001', 'ASK_HOURS')).name, 'ASK_HOURS');
      assert.match(
        (await rejectsWith(owner.intents.get('1001', 'ask_hours'), NotFoundError)).message,
        /Intent "ask_hours" not found in project 1001/,
      );
    });
  });

  describe('PUT /v4/projects/{projectId}/intents/{intentName}/.rename', () => {
    test('200: the samples follow, the id stays; 400 for a taken name; 404; 403', async () => {
      const before = await owner.intents.get('1001', 'SET_FAVORITE');
      const renamed = await owner.intents.rename('1001', 'SET_FAVORITE', SPECIAL);
      assert.deepEqual([renamed.name, renamed.id, renamed.links], [SPECIAL, before.id, before.links]);
      const texts = await zipTexts(await owner.samples.export('1001', SPECIAL, { locales: ['fr-CA'] }));
      assert.match(texts.get('fr-CA.trsx') ?? '', /d'habitude je prends un/);
      await rejectsWith(owner.intents.rename('1001', SPECIAL, 'ASK_HOURS'), BadRequestError);
      await rejectsWith(owner.intents.rename('1001', 'NOPE', 'X'), NotFoundError);
      await rejectsWith(viewer.intents.rename('1001', SPECIAL, 'X'), ForbiddenError);
    });
  });

  describe('DELETE /v4/projects/{projectId}/intents/{intentName}', () => {
    test('200 {}: the intent and its samples go, in every locale; 404; 403', async () => {
      await rejectsWith(viewer.intents.delete('1001', 'CANCEL_ORDER'), ForbiddenError);
      assert.deepEqual(await owner.intents.delete('1001', 'CANCEL_ORDER'), {});
      await rejectsWith(owner.intents.get('1001', 'CANCEL_ORDER'), NotFoundError);
      await owner.intents.create('1001', 'CANCEL_ORDER');
      const texts = await zipTexts(await owner.samples.export('1001', 'CANCEL_ORDER'));
      for (const text of texts.values()) assert.doesNotMatch(text, /<sample/);
      const ontology = await zipTexts(await owner.ontology.export('1001'));
      assert.doesNotMatch(ontology.get('en-US/en-US.trsx') ?? '', /cancel order/);
      await rejectsWith(owner.intents.delete('1001', 'NOPE'), NotFoundError);
    });
  });

  describe('GET /v4/projects/{projectId}/intents/{intentName}/samples/.export', () => {
    test('200: one <locale>.trsx per locale with the intent, the entities it uses and its samples', async () => {
      const download = await viewer.samples.export('1001', 'ORDER_COFFEE');
      const parsed = parseExportFileName(download.fileName ?? '', { projectName: 'Coffee Shop' });
      assert.deepEqual([parsed?.kind, parsed?.intentName], ['intentSamples', 'ORDER_COFFEE']);
      const texts = await zipTexts(download);
      assert.deepEqual([...texts.keys()].sort(), ['en-US.trsx', 'fr-CA.trsx']);
      const en = texts.get('en-US.trsx') ?? '';
      assert.equal(en.match(/<sample /g)?.length, 5);
      assert.match(en, /<concept name="COFFEE_SIZE">/);
      assert.doesNotMatch(en, /ASK_HOURS/);
      await rejectsWith(owner.samples.export('1001', 'NOPE'), NotFoundError);
    });
  });

  describe('PUT /v4/projects/{projectId}/intents/{intentName}/samples/.append', () => {
    test('200 → job: new samples are added, samples already there count up (.txt and .trsx)', async () => {
      const txt = 'when do you open tomorrow\nare you open on Sundays?\nare you open on Sundays?\nopen late tonight?\n';
      const job = await finished(
        owner,
        '1001',
        await owner.samples.append('1001', 'ASK_HOURS', 'en-US', { data: bytes(txt), fileName: 'hours.txt' }),
      );
      assert.deepEqual(
        [firstReport(job, 'samples').added, firstReport(job, 'samples').counted, firstReport(job, 'samples').deleted],
        [1, 2, 0],
      );
      const en =
        (await zipTexts(await owner.samples.export('1001', 'ASK_HOURS', { locales: ['en-US'] }))).get('en-US.trsx') ??
        '';
      assert.match(en, /count="2" [^>]*>when do you open tomorrow</);
      assert.match(en, /count="5" [^>]*>are you open on Sundays\?</);
      assert.match(en, /count="1">open late tonight\?</);
      const annotated = trsx(
        'en-US',
        '<samples><sample intentref="ORDER_COFFEE" count="2">I would like a <annotation conceptref="COFFEE_SIZE">large</annotation> <annotation conceptref="COFFEE_TYPE">latte</annotation></sample></samples>',
      );
      await finished(
        owner,
        '1001',
        await owner.samples.append('1001', 'ORDER_COFFEE', 'en-US', { data: bytes(annotated), fileName: 's.trsx' }),
      );
      const order =
        (await zipTexts(await owner.samples.export('1001', 'ORDER_COFFEE', { locales: ['en-US'] }))).get(
          'en-US.trsx',
        ) ?? '';
      assert.match(order, /<sample intentref="ORDER_COFFEE" count="3" [^>]*>I would like a <annotation/);
    });

    test('400 before any job: samples of another intent, unknown entities, too-long lines, bad format or locale', async () => {
      const jobsBefore = (await collect(owner.jobs.list('1001'))).length;
      const append = (text: string, fileName: string, locale = 'en-US'): Promise<unknown> =>
        owner.samples.append('1001', 'ASK_HOURS', locale, { data: bytes(text), fileName });
      assert.match(
        (
          await rejectsWith(
            append(trsx('en-US', '<samples><sample intentref="ORDER_COFFEE">a latte</sample></samples>'), 's.trsx'),
            BadRequestError,
          )
        ).message,
        /holds samples of "ORDER_COFFEE"/,
      );
      const unknown = trsx(
        'en-US',
        '<ontology><intents><intent name="ASK_HOURS"/></intents><concepts><concept name="DAY"/></concepts></ontology><samples><sample intentref="ASK_HOURS">open <annotation conceptref="DAY">monday</annotation></sample></samples>',
      );
      assert.match(
        (await rejectsWith(append(unknown, 's.trsx'), BadRequestError)).message,
        /annotates "DAY", which project 1001 does not have/,
      );
      assert.match(
        (await rejectsWith(append(`${'x'.repeat(501)}\n`, 's.txt'), BadRequestError)).message,
        /line 1:1 LIST009 /,
      );
      assert.match((await rejectsWith(append('hi\n', 's.list'), BadRequestError)).message, /send \.trsx, \.txt/);
      await rejectsWith(append('hi\n', 's.txt', 'de-DE'), BadRequestError);
      assert.equal((await collect(owner.jobs.list('1001'))).length, jobsBefore);
    });

    test('403 for a viewer, 409 while locked by another user, 404 for an unknown intent or project', async () => {
      const file = { data: bytes('hello\n'), fileName: 'h.txt' };
      await rejectsWith(viewer.samples.append('1001', 'ASK_HOURS', 'en-US', file), ForbiddenError);
      await rejectsWith(owner.samples.append('1001', 'NOPE', 'en-US', file), NotFoundError);
      await rejectsWith(owner.samples.append('99999', 'ASK_HOURS', 'en-US', file), NotFoundError);
      await admin.projects.lock('1001');
      try {
        await rejectsWith(owner.samples.append('1001', 'ASK_HOURS', 'en-US', file), ProjectLockedError);
      } finally {
        await admin.projects.unlock('1001');
      }
    });
  });

  describe('POST /v4/projects/{projectId}/intents/{intentName}/samples/.replace', () => {
    test("200 → job: the locale's samples of the intent become the file's (counts from repeats); others stay", async () => {
      const job = await owner.samples.replace('1001', 'ASK_HOURS', 'fr-CA', {
        data: bytes('ouvert demain ?\nouvert demain ?\n'),
        fileName: 'fr.txt',
      });
      const report = firstReport(await finished(owner, '1001', job), 'samples');
      // The file's repeats arrive as one sample with count 2 (not as a sample already there); the demo's 5 go.
      assert.deepEqual([report.added, report.counted, report.deleted], [1, 0, 5]);
      const texts = await zipTexts(await owner.samples.export('1001', 'ASK_HOURS'));
      assert.equal(texts.get('fr-CA.trsx')?.match(/<sample /g)?.length, 1);
      assert.match(texts.get('fr-CA.trsx') ?? '', /count="2">ouvert demain \?</);
      assert.match(texts.get('en-US.trsx') ?? '', /open late tonight/);
    });

    test('export → edit → replace → export returns the edited content exactly', async () => {
      const exported = await zipTexts(await owner.samples.export('1001', 'ORDER_COFFEE'));
      const original = exported.get('fr-CA.trsx') ?? '';
      const edited = original.replace(
        '</samples>',
        '  <sample intentref="ORDER_COFFEE" count="4" excluded="false" fullyVerified="false">un <annotation conceptref="COFFEE_TYPE">espresso</annotation> &amp; un biscuit</sample>\n  </samples>',
      );
      assert.notEqual(edited, original);
      await finished(
        owner,
        '1001',
        await owner.samples.replace('1001', 'ORDER_COFFEE', 'fr-CA', { data: bytes(edited), fileName: 'fr-CA.trsx' }),
      );
      const again = await zipTexts(await owner.samples.export('1001', 'ORDER_COFFEE'));
      assert.equal(again.get('fr-CA.trsx'), edited);
      assert.equal(again.get('en-US.trsx'), exported.get('en-US.trsx'));
    });

    test('403 for a viewer, 404 for an unknown intent', async () => {
      const file = { data: bytes('x\n'), fileName: 'x.txt' };
      await rejectsWith(viewer.samples.replace('1001', 'ASK_HOURS', 'en-US', file), ForbiddenError);
      await rejectsWith(owner.samples.replace('1001', 'NOPE', 'en-US', file), NotFoundError);
    });
  });
});
