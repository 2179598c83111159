// Entities through the platform client against the real sandbox over HTTP: list, create (every kind), get,
// update, rename, change type and delete, with roles, the lock rule and names holding any character.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseGrxml } from '../../../src/core/formats/grxml/parse';
import { validateGrxml } from '../../../src/core/formats/grxml/validate';
import { checkTrsx } from '../../../src/core/formats/trsx/validate';
import type { PlatformClient } from '../../../src/core/platform/client';
import { BadRequestError, ForbiddenError, NotFoundError, ProjectLockedError } from '../../../src/core/platform/errors';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { newProject, zipTexts } from './nluSupport';
import { clientFor, rejectsWith } from './support';

const SPECIAL = 'Größe/a%b?c#d.e 🍩';

describe('platform client: entities', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  let admin: PlatformClient;
  let viewer: PlatformClient;
  let ps: PlatformClient;
  let project: string;

  before(async () => {
    sbx = await startTestSandbox();
    [owner, admin, viewer, ps] = ['owner', 'admin', 'viewer', 'ps'].map((k) => clientFor(sbx, k)) as [
      PlatformClient,
      PlatformClient,
      PlatformClient,
      PlatformClient,
    ];
    project = await newProject(owner, 'Entities lab', ['en-US', 'fr-CA']);
  });
  after(async () => {
    await Promise.all([owner, admin, viewer, ps].map((c) => c.close()));
    await sbx.close();
  });

  describe('GET /v4/projects/{projectId}/entities', () => {
    test('200: every entity of the seeded project, wrapped per kind; viewers may list', async () => {
      const entities = await viewer.entities.list('1001');
      assert.deepEqual(
        entities.map((e) => [e.name, e.kind]),
        [
          ['COFFEE_TYPE', 'LIST'],
          ['COFFEE_SIZE', 'LIST'],
          ['CUSTOMER_NAME', 'FREEFORM'],
          ['ORDER_NUMBER', 'REGEX'],
          ['PICKUP_TIME', 'RULE_BASED'],
          ['DRINK', 'RELATIONAL'],
          ['FAVORITE_DRINK', 'RELATIONAL'],
        ],
      );
      const size = entities.find((e) => e.name === 'COFFEE_SIZE');
      assert.deepEqual(size?.settings, { isSensitive: false, canonicalize: true });
      assert.equal(size?.numLiterals, 8);
      assert.match(size?.id ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.equal(entities.find((e) => e.name === 'ORDER_NUMBER')?.pattern, '[A-Z]{2}[0-9]{4}');
      assert.deepEqual(entities.find((e) => e.name === 'DRINK')?.hasA?.entities, ['COFFEE_SIZE', 'COFFEE_TYPE']);
      assert.equal(entities.find((e) => e.name === 'CUSTOMER_NAME')?.settings.isSensitive, true);
    });

    test('200 with ?type=: one kind only; BASE lists the predefined entities the project uses', async () => {
      assert.deepEqual(
        (await owner.entities.list('1001', { type: 'REGEX' })).map((e) => e.name),
        ['ORDER_NUMBER'],
      );
      const p = await newProject(owner, 'Base user');
      await owner.entities.create(p, { kind: 'RELATIONAL', name: 'WHEN', isA: 'nuance_CALENDARX' });
      const base = await owner.entities.list(p, { type: 'BASE' });
      assert.deepEqual(
        base.map((e) => [e.name, e.kind]),
        [['nuance_CALENDARX', 'BASE']],
      );
    });

    test('400 for an unknown type; 404 for an unknown or invisible project', async () => {
      const bad = await rejectsWith(
        owner.request({ method: 'GET', path: '/v4/projects/1001/entities', query: { type: 'SHAPE' } }),
        BadRequestError,
      );
      assert.match(bad.message, /"type" must be one of/);
      await rejectsWith(owner.entities.list('99999'), NotFoundError);
      await rejectsWith(owner.entities.list('1003'), NotFoundError);
    });
  });

  describe('POST /v4/projects/{projectId}/entities', () => {
    test('200: list, freeform, regex, rule-based and relational entities, each in every locale', async () => {
      const list = await owner.entities.create(project, {
        kind: 'LIST',
        name: 'SIZE',
        dataType: 'NOT_SET',
        settings: { canonicalize: false },
        data: {
          'en-US': [{ meaning: 'L', patterns: ['large', 'big'] }],
          'fr-CA': [{ meaning: 'L', patterns: ['grand'] }],
        },
      });
      assert.deepEqual(
        [list.kind, list.name, list.numLiterals, list.settings.canonicalize],
        ['LIST', 'SIZE', 3, false],
      );
      assert.deepEqual(list.data?.['en-US']?.entries, [{ meaning: 'L', patterns: ['large', 'big'] }]);
      const free = await owner.entities.create(project, {
        kind: 'FREEFORM',
        name: 'MESSAGE',
        settings: { isSensitive: true },
      });
      assert.deepEqual([free.kind, free.settings.isSensitive], ['FREEFORM', true]);
      const regex = await owner.entities.create(project, {
        kind: 'REGEX',
        name: 'CODE',
        pattern: '\\d{4}',
        dataType: 'DIGITS',
        locale: 'en-US',
      });
      assert.deepEqual([regex.kind, regex.pattern, regex.dataType], ['REGEX', '\\d{4}', 'DIGITS']);
      const rule = await owner.entities.create(project, { kind: 'RULE_BASED', name: 'WHEN_RULE' });
      assert.equal(rule.kind, 'RULE_BASED');
      const rel = await owner.entities.create(project, {
        kind: 'RELATIONAL',
        name: 'ORDER',
        hasA: ['SIZE', 'CODE'],
        isA: 'MESSAGE',
      });
      assert.deepEqual([rel.kind, rel.isA, rel.hasA?.entities], ['RELATIONAL', 'MESSAGE', ['SIZE', 'CODE']]);
      // The entity is in both locales' TRSX.
      const texts = await zipTexts(await owner.ontology.export(project));
      for (const locale of ['en-US', 'fr-CA'])
        assert.match(texts.get(`${locale}/${locale}.trsx`) ?? '', /<concept name="ORDER" dataType="not_set">/);
    });

    test("200: the spec's listEntity CreateEntityPayload sent as is", async () => {
      const body = await owner.request({
        method: 'POST',
        path: `/v4/projects/${project}/entities`,
        json: {
          listEntity: {
            name: 'RAW',
            isDynamic: true,
            settings: { isSensitive: false, canonicalize: true },
            dataType: 'NOT_SET',
            data: { 'en-US': { entries: [{ meaning: 'x', patterns: ['ex'] }] } },
          },
        },
      });
      assert.deepEqual(body, {
        entity: {
          listEntity: {
            id: (await owner.entities.get(project, 'RAW')).id,
            name: 'RAW',
            isDynamic: true,
            dataType: 'NOT_SET',
            settings: { isSensitive: false, canonicalize: true },
            anaphora: 'ANAPHORA_NOT_SET',
            numLiterals: 1,
            data: { 'en-US': { entries: [{ meaning: 'x', patterns: ['ex'] }] }, 'fr-CA': { entries: [] } },
          },
        },
      });
    });

    test('400: invalid pattern, missing relation, unknown target, duplicate, predefined name, incompatible data type, no wrapper', async () => {
      const post = (json: unknown): Promise<unknown> =>
        owner.request({ method: 'POST', path: `/v4/projects/${project}/entities`, json });
      assert.match(
        (await rejectsWith(post({ regexEntity: { name: 'R', pattern: '([a-z' } }), BadRequestError)).message,
        /not a valid regular expression/,
      );
      assert.match(
        (await rejectsWith(post({ regexEntity: { name: 'R' } }), BadRequestError)).message,
        /needs a "pattern"/,
      );
      assert.match(
        (await rejectsWith(post({ relationalEntity: { name: 'R' } }), BadRequestError)).message,
        /"isA" entity and\/or "hasA"/,
      );
      assert.match(
        (await rejectsWith(post({ relationalEntity: { name: 'R', isA: 'NOPE' } }), BadRequestError)).message,
        /"NOPE", which is neither/,
      );
      assert.match(
        (await rejectsWith(post({ listEntity: { name: 'SIZE' } }), BadRequestError)).message,
        /already has an entity named "SIZE"/,
      );
      assert.match(
        (await rejectsWith(post({ listEntity: { name: 'nuance_NUMBER' } }), BadRequestError)).message,
        /predefined entity/,
      );
      assert.match(
        (await rejectsWith(post({ freeformEntity: { name: 'F', dataType: 'DATE' } }), BadRequestError)).message,
        /does not fit a freeformEntity/,
      );
      assert.match((await rejectsWith(post({ name: 'X' }), BadRequestError)).message, /needs one entity object/);
      assert.match(
        (await rejectsWith(post({ listEntity: { name: 'D', data: { 'de-DE': { entries: [] } } } }), BadRequestError))
          .message,
        /de-DE, which is not a language/,
      );
      // The client refuses what it can check before sending.
      await rejectsWith(owner.entities.create(project, { kind: 'REGEX', name: 'R' }), BadRequestError);
    });

    test('403 for a viewer, 409 while another user holds the lock, 404 for an unknown project', async () => {
      await rejectsWith(viewer.entities.create(project, { kind: 'FREEFORM', name: 'V' }), ForbiddenError);
      await owner.projects.lock(project, 'entity work');
      try {
        const locked = await rejectsWith(
          admin.entities.create(project, { kind: 'FREEFORM', name: 'A' }),
          ProjectLockedError,
        );
        assert.equal(locked.status, 409);
        await owner.entities.create(project, { kind: 'FREEFORM', name: 'BY_LOCK_OWNER' });
      } finally {
        await owner.projects.unlock(project);
      }
      await admin.entities.create(project, { kind: 'FREEFORM', name: 'AFTER_UNLOCK' });
      await rejectsWith(owner.entities.create('99999', { kind: 'FREEFORM', name: 'X' }), NotFoundError);
    });
  });

  describe('GET /v4/projects/{projectId}/entities/{entityName}', () => {
    test('200 for custom and predefined entities; 404 for unknown names (case-sensitive)', async () => {
      const size = await viewer.entities.get('1001', 'COFFEE_SIZE');
      assert.deepEqual(size.data?.['fr-CA']?.entries, [
        { meaning: 'S', patterns: ['petit'] },
        { meaning: 'M', patterns: ['moyen'] },
        { meaning: 'L', patterns: ['grand'] },
      ]);
      assert.equal((await owner.entities.get('1001', 'nuance_AMOUNT')).kind, 'BASE');
      const e = await rejectsWith(owner.entities.get('1001', 'coffee_size'), NotFoundError);
      assert.match(e.message, /Entity "coffee_size" not found in project 1001/);
    });
  });

  describe('PUT /v4/projects/{projectId}/entities/{entityName}', () => {
    test('200: settings and properties change; the rest stays', async () => {
      const updated = await admin.entities.update(project, 'SIZE', {
        settings: { isSensitive: true },
        dataType: 'ALPHANUM',
        isDynamic: true,
      });
      assert.deepEqual(
        [
          updated.settings.isSensitive,
          updated.settings.canonicalize,
          updated.dataType,
          updated.isDynamic,
          updated.numLiterals,
        ],
        [true, false, 'ALPHANUM', true, 3],
      );
    });

    test('anaphora is written as exports write it: a hasReferrers relation to a REF_* entity, which validates', async () => {
      const p = await newProject(owner, 'Referrers');
      await owner.entities.create(p, { kind: 'LIST', name: 'CITY' });
      const updated = await owner.entities.update(p, 'CITY', { anaphora: 'ANAPHORA_REF_PLACE' });
      assert.equal(updated.anaphora, 'ANAPHORA_REF_PLACE');
      const exported = (await zipTexts(await owner.ontology.export(p))).get('en-US/en-US.trsx') ?? '';
      assert.match(
        exported,
        /<concept name="CITY"[^>]*>\s*<relations>\s*<relation type="hasReferrers" conceptref="REF_PLACE"\/>/,
      );
      assert.deepEqual(
        checkTrsx(exported).filter((d) => d.severity === 'error'),
        [],
      );
      assert.deepEqual(
        (await owner.entities.list(p, { type: 'BASE' })).map((e) => e.name),
        ['REF_PLACE'],
      );
      assert.equal(
        (await owner.entities.update(p, 'CITY', { anaphora: 'ANAPHORA_NOT_SET' })).anaphora,
        'ANAPHORA_NOT_SET',
      );
      assert.doesNotMatch(
        (await zipTexts(await owner.ontology.export(p))).get('en-US/en-US.trsx') ?? '',
        /hasReferrers/,
      );
      await rejectsWith(owner.entities.update(p, 'CITY', { anaphora: 'ANAPHORA_REF_ANIMAL' }), BadRequestError);
    });

    test('400 for a type change or a bad pattern through update; 404; 403 for a viewer', async () => {
      const put = (json: unknown): Promise<unknown> =>
        owner.request({ method: 'PUT', path: `/v4/projects/${project}/entities/SIZE`, json });
      assert.match(
        (await rejectsWith(put({ freeformEntity: { settings: {} } }), BadRequestError)).message,
        /type cannot change through an update/,
      );
      // mix-cli's configure resends the kind content (pattern): accepted, but validated like on create.
      assert.match(
        (
          await rejectsWith(
            owner.request({
              method: 'PUT',
              path: `/v4/projects/${project}/entities/CODE`,
              json: { regexEntity: { pattern: '[0-9' } },
            }),
            BadRequestError,
          )
        ).message,
        /"pattern" is not a valid regular expression/,
      );
      assert.match(
        (await rejectsWith(put({ listEntity: { pattern: 'x' } }), BadRequestError)).message,
        /"pattern" belongs to regexEntity/,
      );
      assert.match(
        (
          await rejectsWith(
            put({ listEntity: { data: { 'en-US': { entries: [{ meaning: 'a', patterns: ['a'] }] } } } }),
            BadRequestError,
          )
        ).message,
        /literals .append or .replace/,
      );
      // mix-cli's configure body (empty data) is accepted.
      await put({ listEntity: { dataType: 'NOT_SET', data: {}, settings: {} } });
      await rejectsWith(owner.entities.update(project, 'NOPE', { settings: {} }, { kind: 'LIST' }), NotFoundError);
      await rejectsWith(viewer.entities.update(project, 'SIZE', { settings: {} }, { kind: 'LIST' }), ForbiddenError);
    });
  });

  describe('PUT /v4/projects/{projectId}/entities/{entityName}/.type', () => {
    test('200: to regex with a valid pattern; 400 with an invalid one or without one', async () => {
      await owner.entities.create(project, {
        kind: 'LIST',
        name: 'PIN',
        data: { 'en-US': [{ meaning: '1', patterns: ['one'] }] },
      });
      const bad = await rejectsWith(
        owner.entities.changeType(project, 'PIN', { newType: 'REGEX', pattern: '[0-9' }),
        BadRequestError,
      );
      assert.match(bad.message, /not a valid regular expression/);
      await rejectsWith(
        owner.request({
          method: 'PUT',
          path: `/v4/projects/${project}/entities/PIN/.type`,
          json: { newType: 'REGEX' },
        }),
        BadRequestError,
      );
      await rejectsWith(
        owner.request({
          method: 'PUT',
          path: `/v4/projects/${project}/entities/PIN/.type`,
          json: { newType: 'UNSPECIFIED' },
        }),
        BadRequestError,
      );
      const regex = await owner.entities.changeType(project, 'PIN', { newType: 'REGEX', pattern: '[0-9]{4}' });
      assert.deepEqual([regex.kind, regex.pattern, regex.numLiterals], ['REGEX', '[0-9]{4}', undefined]);
      // The literals went with the list kind.
      const texts = await zipTexts(await owner.entities.exportLiterals(project, 'PIN'));
      assert.doesNotMatch(texts.get('en-US.trsx') ?? '', /literal=/);
    });

    test('200: to rule-based gives each locale a valid placeholder grammar; to freeform drops it', async () => {
      const rule = await owner.entities.changeType(project, 'PIN', { newType: 'RULE_BASED' });
      assert.equal(rule.kind, 'RULE_BASED');
      const grammars = await zipTexts(await ps.entities.exportGrammars(project, 'PIN'));
      assert.deepEqual([...grammars.keys()].sort(), ['en-US/PIN.grxml', 'fr-CA/PIN.grxml']);
      for (const [name, text] of grammars) {
        const errors = validateGrxml(parseGrxml(text)).filter((d) => d.severity === 'error');
        assert.deepEqual(errors, [], name);
        assert.match(text, new RegExp(`xml:lang="${name.split('/')[0]}"`));
      }
      const free = await owner.entities.changeType(project, 'PIN', { newType: 'FREEFORM' });
      assert.equal(free.kind, 'FREEFORM');
      assert.match(
        (await rejectsWith(ps.entities.exportGrammars(project, 'PIN'), BadRequestError)).message,
        /only rule-based entities have grammars/,
      );
    });

    test('200: to relational needs relations; 404 for an unknown entity', async () => {
      await rejectsWith(
        owner.request({
          method: 'PUT',
          path: `/v4/projects/${project}/entities/PIN/.type`,
          json: { newType: 'RELATIONAL' },
        }),
        BadRequestError,
      );
      const rel = await owner.entities.changeType(project, 'PIN', { newType: 'RELATIONAL', isA: 'nuance_NUMBER' });
      assert.equal(rel.isA, 'nuance_NUMBER');
      await rejectsWith(owner.entities.changeType(project, 'NOPE', { newType: 'FREEFORM' }), NotFoundError);
      await rejectsWith(viewer.entities.changeType(project, 'PIN', { newType: 'FREEFORM' }), ForbiddenError);
    });
  });

  describe('PUT /v4/projects/{projectId}/entities/{entityName}/.rename', () => {
    test('200: the new name everywhere, the id kept; 400 for a taken name; 404', async () => {
      const before = await owner.entities.get(project, 'SIZE');
      const renamed = await owner.entities.rename(project, 'SIZE', SPECIAL);
      assert.deepEqual([renamed.name, renamed.id], [SPECIAL, before.id]);
      assert.equal((await owner.entities.get(project, SPECIAL)).numLiterals, 3);
      assert.deepEqual((await owner.entities.get(project, 'ORDER')).hasA?.entities, [SPECIAL, 'CODE']);
      await rejectsWith(owner.entities.get(project, 'SIZE'), NotFoundError);
      assert.match(
        (await rejectsWith(owner.entities.rename(project, SPECIAL, 'CODE'), BadRequestError)).message,
        /already has an entity named "CODE"/,
      );
      await rejectsWith(owner.entities.rename(project, 'NOPE', 'X'), NotFoundError);
      await rejectsWith(viewer.entities.rename(project, SPECIAL, 'X'), ForbiddenError);
    });
  });

  describe('DELETE /v4/projects/{projectId}/entities/{entityName}', () => {
    test('200 with a status object; 400 while another entity relates to it; 404; 403', async () => {
      const blocked = await rejectsWith(owner.entities.delete(project, SPECIAL), BadRequestError);
      assert.match(blocked.message, /"ORDER" relates to it/);
      await rejectsWith(viewer.entities.delete(project, 'ORDER'), ForbiddenError);
      assert.equal((await owner.entities.delete(project, 'ORDER')).code, 0);
      assert.equal((await owner.entities.delete(project, SPECIAL)).code, 0);
      await rejectsWith(owner.entities.get(project, SPECIAL), NotFoundError);
      await rejectsWith(owner.entities.delete(project, SPECIAL), NotFoundError);
    });

    test('deleting an entity drops intent links and unwraps its annotations, keeping the sample text', async () => {
      await owner.entities.delete('1001', 'ORDER_NUMBER');
      const check = await owner.intents.get('1001', 'CHECK_ORDER');
      assert.deepEqual(check.links, []);
      const texts = await zipTexts(await owner.samples.export('1001', 'CHECK_ORDER', { locales: ['en-US'] }));
      assert.match(
        texts.get('en-US.trsx') ?? '',
        /<sample intentref="CHECK_ORDER" count="1" excluded="false" fullyVerified="true">where is my order AB1234<\/sample>/,
      );
    });
  });
});
