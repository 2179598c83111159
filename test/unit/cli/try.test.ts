// `cstudio try` over real HTTP: against a running sandbox through the CSTUDIO_NLU_URL / runtime-client environment,
// and against an embedded one with --sandbox; n-best, entities with literal → value and ranges, errors that name
// the fix.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { cli } from '../helpers/cli';
import { tempDir } from '../sync/support';

let sb: TestSandbox;
let ws: { dir: string; cleanup: () => Promise<void> };
let env: NodeJS.ProcessEnv;

before(async () => {
  sb = await startTestSandbox();
  ws = await tempDir('cstudio-try-');
  const client = sb.sandbox.runtimeClients.find((c) => c.clientId === 'appID:COFFEE-DEV');
  assert.ok(client);
  env = {
    CSTUDIO_NLU_URL: sb.sandbox.nluUrl,
    CSTUDIO_AUTH_URL: sb.authUrl,
    CSTUDIO_RUNTIME_CLIENT_ID: client.clientId,
    CSTUDIO_RUNTIME_CLIENT_SECRET: client.clientSecret,
  };
});
after(async () => {
  await sb.close();
  await ws.cleanup();
});

interface Result {
  literal: string;
  interpretations: Array<{ singleIntentInterpretation: { intent: string; confidence: number } }>;
}

describe('cstudio try', () => {
  test('prints the n-best with confidences and origins, and entities with literal → value and [start, end)', async () => {
    const run = await cli(['try', 'I want a large latte', '--tag', 'coffee-main'], { env });
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.split('\n');
    assert.equal(lines[0], '"I want a large latte"  (urn:nuance-mix:tag:model/coffee-main/mix.nlu?=language=eng-USA)');
    assert.match(lines[1] ?? '', /^ {2}1\. ORDER_COFFEE {2}0\.\d{3} {2}STATISTICAL$/);
    assert.ok(
      lines.some((l) => /^ {7}DRINK {2}"large latte" {2}\[9, 20\)/.test(l)),
      run.stdout,
    );
    assert.ok(
      lines.some((l) => /^ {9}COFFEE_SIZE {2}"large" → L {2}\[9, 14\)/.test(l)),
      'a nested entity, its value after the arrow',
    );
    assert.ok(
      lines.some((l) => /^ {2}2\. /.test(l)),
      'more than one candidate by default',
    );
    const grammar = await cli(['try', 'an espresso ready at noon please', '--tag', 'coffee-main'], { env });
    assert.match(
      grammar.stdout,
      /^ {7}PICKUP_TIME {2}"at noon" {2}\[18, 25\) {2}GRAMMAR /m,
      "a rule-based entity's origin",
    );
  });

  test("--json gives the runtime's result; --max bounds the n-best; --locale picks the model", async () => {
    const run = await cli(
      ['try', 'où en est ma commande EF9012', '--tag', 'coffee-main', '--locale', 'fr-CA', '--max', '2', '--json'],
      { env },
    );
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout) as Result;
    assert.equal(result.literal, 'où en est ma commande EF9012');
    assert.equal(result.interpretations.length, 2);
    assert.equal(result.interpretations[0]?.singleIntentInterpretation.intent, 'CHECK_ORDER');
  });

  test('--wordset sends inline wordsets; --model takes a URN', async () => {
    const file = join(ws.dir, 'words.json');
    await writeFile(file, JSON.stringify({ COFFEE_TYPE: [{ canonical: 'FW', literal: 'flat white' }] }));
    const run = await cli(
      [
        'try',
        'a large flat white',
        '--model',
        'urn:nuance-mix:tag:model/coffee-main/mix.nlu?=language=eng-USA',
        '--wordset',
        file,
        '--json',
      ],
      { env },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.equal((JSON.parse(run.stdout) as Result).literal, 'a large flat white');
    // The wordset reaches the runtime, which checks its shape.
    await writeFile(file, JSON.stringify({ COFFEE_TYPE: 'flat white' }));
    const bad = await cli(['try', 'a large flat white', '--tag', 'coffee-main', '--wordset', file], { env });
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /inlineWordset: "COFFEE_TYPE" must be a list/);
  });

  test('errors name the fix: a missing runtime connection, an unknown tag, a locale with no runtime code', async () => {
    const none = await cli(['try', 'hello', '--tag', 'coffee-main'], { env: {} });
    assert.equal(none.code, 2);
    assert.match(
      none.stderr,
      /No NLU runtime connection: set --nlu-url or CSTUDIO_NLU_URL, .*CSTUDIO_RUNTIME_CLIENT_SECRET \(environment only\)/,
    );
    const unknown = await cli(['try', 'hello', '--tag', 'nope'], { env });
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /context tag "nope"/);
    const locale = await cli(['try', 'hello', '--tag', 'coffee-main', '--locale', 'xx-QQ'], { env });
    assert.equal(locale.code, 1);
    assert.match(locale.stderr, /no runtime language code/);
    const usage = await cli(['try', 'hello'], { env });
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /Missing --tag TAG/);
    assert.ok(
      !`${none.stderr}${unknown.stderr}`.includes(env.CSTUDIO_RUNTIME_CLIENT_SECRET ?? '?'),
      'the secret is never printed',
    );
  });

  test('--sandbox runs against an embedded sandbox with its own runtime client', async () => {
    const run = await cli(['try', 'cancel order CD5678', '--tag', 'coffee-main', '--sandbox', '--json'], { env: {} });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      (JSON.parse(run.stdout) as Result).interpretations[0]?.singleIntentInterpretation.intent,
      'CANCEL_ORDER',
    );
  });
});
