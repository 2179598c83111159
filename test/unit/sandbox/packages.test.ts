// Project packages and jobs over real HTTP: export (regular vs professional services), metadata export,
// replace (validation, restricted files, job application), data pack updates, job list/get/delete.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { zipSync } from 'fflate';
import { parseTrsx } from '../../../src/core/formats/trsx/parse';
import { buildTrsx } from '../../../src/core/formats/trsx/build';
import { readZip, writeZip } from '../../../src/core/package/zip';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { multipartBody, type RawResponse } from '../helpers/sandboxHttp';
import { messageOf, sessions, type UserCall } from '../helpers/sandboxSession';

interface Job {
  id: string;
  projectId: string;
  type: string;
  status: string;
  createTime: string;
  updateTime: string;
  duration: string;
  report: Record<string, unknown>;
}

const text = (b: Uint8Array | undefined): string => Buffer.from(b ?? new Uint8Array()).toString('utf8');

describe('sandbox project packages and jobs', () => {
  let sbx: TestSandbox;
  const as = sessions(() => sbx);
  const exportAs = async (key: string, id = '1001'): Promise<Map<string, Uint8Array>> => {
    const res = await as(key)('GET', `/v4/projects/${id}/.export`);
    assert.equal(res.status, 200, res.text);
    return await readZip(res.bytes);
  };
  const upload = (call: UserCall, id: string, zip: Uint8Array, field = 'content'): Promise<RawResponse> => {
    const { body, contentType } = multipartBody(field, 'package.zip', zip);
    return call('POST', `/v4/projects/${id}/.replace`, undefined, { body, headers: { 'content-type': contentType } });
  };
  const waitJob = async (projectId: string, jobId: string): Promise<Job> => {
    for (let i = 0; i < 100; i++) {
      const res = await as('owner')('GET', `/v4/projects/${projectId}/jobs/${jobId}`);
      const job = res.json as Job;
      if (res.status === 200 && job.status !== 'RUNNING') return job;
      await new Promise((r) => setTimeout(r, 30));
    }
    throw new Error(`job ${jobId} did not finish`);
  };

  before(async () => {
    sbx = await startTestSandbox({ jobDurationMs: 150, now: () => Date.parse('2024-03-05T07:08:09.500Z') });
  });
  after(async () => {
    await sbx.close();
  });

  test('a regular export has metadata, dialog and one TRSX per locale, named per the spec in GMT', async () => {
    const res = await as('viewer')('GET', '/v4/projects/1001/.export');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/octet-stream');
    assert.match(
      String(res.headers['content-disposition']),
      /^attachment; filename="1001-Coffee Shop-2024-03-05-07-08-09\.zip"/,
    );
    const files = await readZip(res.bytes);
    assert.deepEqual([...files.keys()].sort(), [
      'dialog.json',
      'en-US/en-US.trsx',
      'fr-CA/fr-CA.trsx',
      'metadata.json',
    ]);
    const meta = JSON.parse(text(files.get('metadata.json'))) as Record<string, unknown>;
    assert.equal(meta.name, 'Coffee Shop');
    assert.deepEqual(meta.languages, ['en-US', 'fr-CA']);
    assert.equal((meta.id as { project: number }).project, 1001);
    const en = parseTrsx(text(files.get('en-US/en-US.trsx')));
    assert.deepEqual(en.diagnostics, []);
    const concepts = en.document.concepts;
    assert.ok(concepts.find((c) => c.name === 'ORDER_NUMBER')?.regex);
    assert.ok(concepts.find((c) => c.name === 'CUSTOMER_NAME')?.freetext);
    assert.equal(concepts.find((c) => c.name === 'PICKUP_TIME')?.ruleGrammarFileName, 'grammars/PICKUP_TIME.grxml');
    assert.deepEqual(
      concepts.find((c) => c.name === 'DRINK')?.relations.map((r) => r.type),
      ['hasA', 'hasA'],
    );
    assert.ok(
      en.document.dictionaries
        .find((d) => d.conceptref === 'COFFEE_TYPE')
        ?.entries.some((e) => e.literal === 'café latte'),
    );
    assert.ok(en.document.samples.length >= 5);
    const fr = parseTrsx(text(files.get('fr-CA/fr-CA.trsx')));
    assert.ok(fr.document.samples.some((s) => JSON.stringify(s.content).includes('Élise')));
  });

  test('professional-services users also get grammars, pronunciations and transformations', async () => {
    const files = await exportAs('ps');
    for (const name of [
      'en-US/grammars/PICKUP_TIME.grxml',
      'en-US/_client_prons.txt',
      'en-US/_tmfe.tsv',
      'fr-CA/grammars/PICKUP_TIME.grxml',
    ]) {
      assert.ok(files.has(name), name);
    }
    assert.match(text(files.get('en-US/grammars/PICKUP_TIME.grxml')), /<grammar /);
  });

  test('metadata export is JSON with the metadata file name', async () => {
    const res = await as('outsider')('GET', '/v4/projects/1002/metadata/.export');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/json');
    assert.match(
      String(res.headers['content-disposition']),
      /filename="1002-Travel Desk-metadata-2024-03-05-07-08-09\.json"/,
    );
    assert.equal((res.json as { name: string }).name, 'Travel Desk');
    assert.equal((await as('outsider')('GET', '/v4/projects/1001/metadata/.export')).status, 404);
  });

  test('replace: validated up front, applied by a job; restricted files stay for regular users', async () => {
    const files = await exportAs('owner');
    const en = parseTrsx(text(files.get('en-US/en-US.trsx'))).document;
    en.intents.push({ name: 'ASK_WIFI', links: [] });
    en.samples.push({ intentref: 'ASK_WIFI', count: 1, content: ['what is the wifi password'] });
    files.set('en-US/en-US.trsx', Buffer.from(buildTrsx(en)));
    files.set('dialog.json', Buffer.from('{"data":{"name":"changed"}}\n'));
    const res = await upload(as('admin'), '1001', await writeZip(files));
    assert.equal(res.status, 200, res.text);
    const job = res.json as Job;
    assert.equal(job.status, 'RUNNING');
    assert.equal(job.type, 'REPLACE_PROJECT');
    assert.equal(job.projectId, '1001');
    assert.deepEqual(job.report, {});
    assert.match(job.id, /^[0-9a-f-]{36}$/);
    const done = await waitJob('1001', job.id);
    assert.equal(done.status, 'COMPLETED');
    assert.deepEqual(
      (done.report.replaceReports as { reports: Array<{ locale: string; status: string }> }).reports.map((r) => [
        r.locale,
        r.status,
      ]),
      [
        ['en-US', 'COMPLETED'],
        ['fr-CA', 'COMPLETED'],
      ],
    );
    const after = await exportAs('ps');
    assert.ok(parseTrsx(text(after.get('en-US/en-US.trsx'))).document.intents.some((i) => i.name === 'ASK_WIFI'));
    assert.equal(text(after.get('dialog.json')), '{"data":{"name":"changed"}}\n');
    assert.ok(after.has('en-US/_tmfe.tsv'), 'restricted files kept');
  });

  test('replace also accepts the real clients\' field name "file"', async () => {
    const res = await upload(as('owner'), '1001', await writeZip(await exportAs('owner')), 'file');
    assert.equal(res.status, 200, res.text);
    assert.equal((await waitJob('1001', (res.json as Job).id)).status, 'COMPLETED');
  });

  test('bad packages are refused with a message naming the problem, and nothing changes', async () => {
    const good = await exportAs('owner');
    const variant = async (change: (m: Map<string, Uint8Array>) => void): Promise<Uint8Array> => {
      const m = new Map(good);
      change(m);
      return await writeZip(m);
    };
    const cases: Array<[Uint8Array | Promise<Uint8Array>, RegExp]> = [
      [variant((m) => m.delete('fr-CA/fr-CA.trsx')), /no fr-CA\/fr-CA\.trsx/],
      [variant((m) => m.delete('metadata.json')), /no metadata\.json/],
      [variant((m) => m.set('metadata.json', Buffer.from('[1]'))), /metadata\.json.*JSON object/],
      [variant((m) => m.set('dialog.json', Buffer.from('{oops'))), /dialog\.json.*not valid JSON/],
      [
        variant((m) => m.set('en-US/en-US.trsx', Buffer.from('<project><ontology></project>'))),
        /en-US\/en-US\.trsx.*not valid TRSX: line 1:/,
      ],
      [variant((m) => m.set('notes.txt', Buffer.from('hi'))), /Unexpected file "notes\.txt"/],
      [zipSync({ '../evil.txt': Buffer.from('x') }), /refused.*"\.\.\/evil\.txt"/],
      [Buffer.from('not a zip at all'), /zip/],
    ];
    const before = text((await exportAs('ps')).get('en-US/en-US.trsx'));
    for (const [zip, re] of cases) {
      const res = await upload(as('owner'), '1001', await zip);
      assert.equal(res.status, 400, `${re}: ${res.text}`);
      assert.match(messageOf(res), re);
    }
    const notMultipart = await as('owner')('POST', '/v4/projects/1001/.replace', { content: 'x' });
    assert.equal(notMultipart.status, 400);
    assert.match(messageOf(notMultipart), /multipart\/form-data/);
    const { body, contentType } = multipartBody('upload', 'p.zip', await writeZip(good));
    const wrongField = await as('owner')('POST', '/v4/projects/1001/.replace', undefined, {
      body,
      headers: { 'content-type': contentType },
    });
    assert.match(messageOf(wrongField), /"content".*fields sent: "upload"/);
    assert.equal(text((await exportAs('ps')).get('en-US/en-US.trsx')), before);
    assert.equal((await upload(as('viewer'), '1001', await writeZip(good))).status, 403);
  });

  test('professional-services replaces restricted files; extra locales are skipped (PARTIALLY_COMPLETED)', async () => {
    const files = await exportAs('ps');
    files.set('en-US/_tmfe.tsv', Buffer.from('latte\tcaffe latte\n'));
    files.delete('en-US/_client_prons.txt');
    files.set('de-DE/de-DE.trsx', files.get('en-US/en-US.trsx') ?? new Uint8Array());
    const res = await upload(as('ps'), '1001', await writeZip(files));
    assert.equal(res.status, 200, res.text);
    const done = await waitJob('1001', (res.json as Job).id);
    assert.equal(done.status, 'PARTIALLY_COMPLETED');
    assert.match(JSON.stringify(done.report), /de-DE is not a language of project 1001/);
    const after = await exportAs('ps');
    assert.equal(text(after.get('en-US/_tmfe.tsv')), 'latte\tcaffe latte\n');
    assert.equal(after.has('en-US/_client_prons.txt'), false);
  });

  test('data pack update: validated, then applied by a job', async () => {
    assert.match(
      messageOf(await as('owner')('PUT', '/v4/projects/1001/.datapack', { locale: 'de-DE', version: '4.8.0' })),
      /no language de-DE/,
    );
    assert.match(
      messageOf(await as('owner')('PUT', '/v4/projects/1001/.datapack', { locale: 'en-US', version: 'latest' })),
      /version/,
    );
    assert.equal(
      (await as('viewer')('PUT', '/v4/projects/1001/.datapack', { locale: 'en-US', version: '4.8.0' })).status,
      403,
    );
    const res = await as('admin')('PUT', '/v4/projects/1001/.datapack', { locale: 'fr-CA', version: '4.8.1' });
    assert.equal(res.status, 200);
    const job = res.json as Job;
    assert.equal(job.type, 'UPDATE_DATAPACK');
    assert.equal((await waitJob('1001', job.id)).status, 'COMPLETED');
    const p = (await as('owner')('GET', '/v4/projects/1001')).json as {
      project: { datapacks: Array<{ displayName: string; version: string }> };
    };
    assert.equal(p.project.datapacks.find((d) => d.displayName === 'fr-CA')?.version, '4.8.1');
  });

  test('jobs: list newest first, get, and delete hides the record while the task still completes', async () => {
    const started = await as('owner')('PUT', '/v4/projects/1001/.datapack', { locale: 'en-US', version: '5.0.0' });
    const job = started.json as Job;
    const list = await as('viewer')('GET', '/v4/projects/1001/jobs?limit=2');
    const body = list.json as { jobs: Job[]; count: number; totalSize: number; limit: number; offset: number };
    assert.equal(body.jobs[0]?.id, job.id);
    assert.equal(body.count, 2);
    assert.ok(body.totalSize >= 5);
    assert.ok(body.jobs.every((j) => 'report' in j && /^\d+s$/.test(j.duration)));
    assert.equal((await as('viewer')('DELETE', `/v4/projects/1001/jobs/${job.id}`)).status, 403);
    const del = await as('owner')('DELETE', `/v4/projects/1001/jobs/${job.id}`);
    assert.deepEqual(del.json, { code: 0, message: 'Job deleted.', details: [] });
    assert.equal((await as('owner')('GET', `/v4/projects/1001/jobs/${job.id}`)).status, 404);
    assert.equal((await as('owner')('DELETE', `/v4/projects/1001/jobs/${job.id}`)).status, 404);
    // The task completes although its record is gone: watch the project change (bounded by polls, not time).
    let version: string | undefined;
    for (let i = 0; i < 200 && version !== '5.0.0'; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 30));
      const p = (await as('owner')('GET', '/v4/projects/1001')).json as {
        project: { datapacks: Array<{ displayName: string; version: string }> };
      };
      version = p.project.datapacks.find((d) => d.displayName === 'en-US')?.version;
    }
    assert.equal(version, '5.0.0');
    const ids = ((await as('owner')('GET', '/v4/projects/1001/jobs')).json as { jobs: Job[] }).jobs.map((j) => j.id);
    assert.ok(!ids.includes(job.id));
    assert.equal((await as('outsider')('GET', '/v4/projects/1001/jobs')).status, 404);
  });
});
