// One table of locales, judged by everything that checks one: the sandbox (project create and package replace over
// HTTP) and sync (the package layout of a pulled folder). They share core/package/locale.ts, and this test holds them
// to it: a locale one accepts, none refuses.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { strToU8 } from 'fflate';
import { hasPackageErrors, validatePackageLayout } from '../../../src/core/package/layout';
import { isLocaleName } from '../../../src/core/package/locale';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { send, token } from '../helpers/sandboxHttp';

/** Forms the platform uses: language-REGION, three-letter languages, a script subtag, a numeric (UN M.49) region. */
const ACCEPTED = ['en-US', 'fr-CA', 'pt-BR', 'zh-CN', 'zh-TW', 'yue-HK', 'zh-Hant-TW', 'zh-Hans-CN', 'es-419'];
/** Not a project locale: underscores, wrong case, no region, the Mix three-letter TRSX form, a bare script. */
const REFUSED = ['en_US', 'english', 'EN-us', 'en-us', 'en', 'eng-USA', 'zh-hant-TW', 'zh-Hant', 'en-US-x'];

const TRSX = (lang: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?><project xml:lang="${lang}" xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" nuance:version="2.6"/>`;

describe('locales: one rule for the sandbox and sync', () => {
  let sbx: TestSandbox;
  let owner: string;
  before(async () => {
    sbx = await startTestSandbox();
    owner = await token(sbx, sbx.client('owner'));
  });
  after(async () => {
    await sbx.close();
  });

  const create = (locale: string): ReturnType<typeof send> =>
    send(sbx, 'POST', '/v4/organizations/1/projects', {
      token: owner,
      json: { displayName: `Locale ${locale}`, languages: [locale], languageTopic: 'gen', isChildDataCompliant: 'NO' },
    });

  test('the rule itself', () => {
    for (const l of ACCEPTED) assert.ok(isLocaleName(l), l);
    for (const l of REFUSED) assert.ok(!isLocaleName(l), l);
  });

  test('the sandbox creates a project in every accepted locale and refuses the others with a 400', async () => {
    for (const l of ACCEPTED) {
      const res = await create(l);
      assert.equal(res.status, 200, `${l}: ${res.text}`);
      assert.deepEqual((res.json as { project: { languages: string[] } }).project.languages, [l]);
    }
    for (const l of REFUSED) {
      const res = await create(l);
      assert.equal(res.status, 400, l);
      assert.match((res.json as { message: string }).message, /locale like "en-US"/, l);
    }
  });

  test('sync accepts the locale folders of every accepted locale and flags the others', () => {
    for (const l of [...ACCEPTED, ...REFUSED]) {
      const files = new Map([
        ['metadata.json', strToU8('{"name":"P","channels":[]}')],
        ['dialog.json', strToU8('{}')],
        [`${l}/${l}.trsx`, strToU8(TRSX(l))],
      ]);
      assert.equal(hasPackageErrors(validatePackageLayout(files)), !isLocaleName(l), l);
    }
  });
});
