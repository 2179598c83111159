// The sandbox's NLU runtime over real HTTP: `POST /nlu/v1/runtime/interpret` with a runtime client's token, the
// deployed configuration's model answering (../shared/spec/nlu-runtime-notes.md), platform-like errors with
// `grpc-message`, SUPPRESSED logging, inline wordsets, NLU builds that train and store models, and simulated
// traffic whose logged interpretation is what the runtime answers for the same text.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { send, token, tokenResponse, type RawResponse } from '../helpers/sandboxHttp';
import { cli, sandboxEnv } from '../helpers/cli';
import { consumer, drain, groupName, simulate, type LogSandbox, type WireRecord } from '../logs/support';
import type { RuntimeClientInfo } from '../../../src/sandbox/server';

const PATH = '/nlu/v1/runtime/interpret';
const URN = 'urn:nuance-mix:tag:model/coffee-main/mix.nlu?=language=eng-USA';

interface Entity {
  textRange: { startIndex?: number; endIndex: number };
  literal: string;
  stringValue?: string;
  structValue?: unknown;
  origin: string;
  confidence: number;
  entities: Record<string, { entities: Entity[] }>;
}
interface Single {
  intent: string;
  confidence: number;
  origin: string;
  entities: Record<string, { entities: Entity[] }>;
}
interface Answer {
  status: { code: number };
  result: { literal: string; interpretations: Array<{ singleIntentInterpretation: Single }> };
}

/** Every entity of an interpretation, nested (relational) ones included. */
const allEntities = (m: Single['entities']): Array<{ name: string; e: Entity }> =>
  Object.entries(m).flatMap(([name, l]) => l.entities.flatMap((e) => [{ name, e }, ...allEntities(e.entities)]));

let sb: TestSandbox;
let runtime: RuntimeClientInfo;
let nluToken: string;

function runtimeClient(s: TestSandbox, clientId: string): RuntimeClientInfo {
  const c = s.sandbox.runtimeClients.find((x) => x.clientId === clientId);
  assert.ok(c, `the sandbox lists runtime client ${clientId}`);
  return c;
}

const interpret = (json: unknown, tok = nluToken): Promise<RawResponse> =>
  send({ baseUrl: sb.sandbox.nluUrl.replace(/\/nlu\/v1$/, ''), authUrl: sb.authUrl }, 'POST', PATH, {
    token: tok,
    json,
  });
const ask = (text: string, extra: Record<string, unknown> = {}, uri = URN): Record<string, unknown> => ({
  model: { type: 'SEMANTIC_MODEL', uri },
  input: { text },
  ...extra,
});

before(async () => {
  sb = await startTestSandbox();
  runtime = runtimeClient(sb, 'appID:COFFEE-DEV');
  nluToken = await token(sb, runtime, 'nlu');
});
after(async () => {
  await sb.close();
});

describe('sandbox NLU runtime', () => {
  test('the ready-file facts: the runtime URL ends in /nlu/v1 and the runtime clients carry secrets, scopes and reachable tags', () => {
    assert.match(sb.sandbox.nluUrl, /^http:\/\/127\.0\.0\.1:\d+\/nlu\/v1$/);
    assert.deepEqual(runtime.contextTags, ['coffee-main']);
    assert.equal(runtime.appId, 'COFFEE-DEV');
    assert.ok(runtime.scopes.split(' ').includes('nlu') && runtime.clientSecret.length > 10);
    assert.deepEqual(runtimeClient(sb, 'appID:COFFEE-NLU-DEV').contextTags, [], 'configuration 802 is not deployed');
  });

  test('a training sentence of the deployed build comes back as its intent, with entities whose ranges slice the text', async () => {
    const res = await interpret(ask('I want a large latte', { parameters: { maxInterpretations: 3 } }));
    assert.equal(res.status, 200, res.text);
    const body = res.json as Answer;
    assert.equal(body.status.code, 200);
    assert.equal(body.result.literal, 'I want a large latte');
    const [best, ...rest] = body.result.interpretations.map((i) => i.singleIntentInterpretation);
    assert.ok(best && rest.length <= 2, 'maxInterpretations bounds the n-best');
    assert.equal(best.intent, 'ORDER_COFFEE');
    assert.ok(best.confidence > 0.5 && best.confidence <= 1);
    assert.ok(
      rest.every((r) => r.confidence <= best.confidence),
      'best first',
    );
    const entities = allEntities(best.entities);
    assert.ok(entities.length > 0, JSON.stringify(best.entities));
    for (const { e } of entities)
      assert.equal(body.result.literal.slice(e.textRange.startIndex ?? 0, e.textRange.endIndex), e.literal);
    assert.ok(
      entities.some(({ name, e }) => name === 'COFFEE_TYPE' && e.literal === 'latte'),
      'a list entity, nested in its relational parent',
    );
    assert.ok(
      entities.some(({ name, e }) => name === 'COFFEE_SIZE' && e.stringValue === 'L'),
      'literal → canonical value',
    );
  });

  test('fr-CA through fra-CAN answers from the French model; n-best 1 gives one candidate', async () => {
    const res = await interpret(
      ask(
        'où en est ma commande EF9012',
        { parameters: { maxInterpretations: 1 } },
        'urn:nuance-mix:tag:model/coffee-main/mix.nlu?=language=fra-CAN',
      ),
    );
    assert.equal(res.status, 200, res.text);
    const list = (res.json as Answer).result.interpretations;
    assert.equal(list.length, 1);
    assert.equal(list[0]?.singleIntentInterpretation.intent, 'CHECK_ORDER');
  });

  test("errors are the platform's: 404 unknown model, 400 bad request, 401 and 403, each with grpc-message", async () => {
    const cases: Array<[RawResponse, number, RegExp]> = [
      [
        await interpret(ask('hello', {}, 'urn:nuance-mix:tag:model/nope/mix.nlu?=language=eng-USA')),
        404,
        /context tag "nope"/,
      ],
      [
        await interpret(ask('hello', {}, 'urn:nuance-mix:tag:model/coffee-main/mix.nlu?=language=deu-DEU')),
        404,
        /no NLU build for de-DE/,
      ],
      [
        await interpret(ask('hello', {}, 'urn:nuance-mix:tag:model/coffee-main/mix.nlu?=language=xxx-YYY')),
        400,
        /language "xxx-YYY"/,
      ],
      [await interpret(ask('hello', {}, 'not a urn')), 400, /not an NLU model URN/],
      [await interpret({ model: { uri: URN } }), 400, /input is required/],
      [await interpret(ask('hello', { parameters: { maxInterpretations: -1 } })), 400, /maxInterpretations/],
      [
        await interpret(ask('hello', { parameters: { interpretationInputLoggingMode: 'LOUD' } })),
        400,
        /interpretationInputLoggingMode/,
      ],
      [await interpret(ask('hello'), 'not-a-token'), 401, /not valid/],
      [await interpret(ask('hello'), await token(sb, sb.client('owner'), 'svc-api')), 403, /scope/],
    ];
    for (const [res, status, message] of cases) {
      assert.equal(res.status, status, res.text);
      const header = decodeURIComponent(String(res.headers['grpc-message']));
      assert.match(header, message);
      assert.equal((res.json as { message: string }).message, header, 'the body says the same');
      assert.ok(Number(res.headers['grpc-status']) > 0);
    }
    const unknown = await tokenResponse(sb, runtimeClient(sb, 'appID:COFFEE-DEV:geo:us:clientName:log-reader'), 'nlu');
    assert.equal(unknown.status, 400, 'a client whose credentials do not grant nlu gets no nlu token');
    const other = await interpret(ask('hello'), await token(sb, runtimeClient(sb, 'appID:COFFEE-NLU-DEV'), 'nlu'));
    assert.equal(other.status, 404, "another application's client does not reach coffee-main");
  });

  test("every interpretation is logged on the application's topic; SUPPRESSED masks the text", async () => {
    const l: LogSandbox = { sb, logToken: await token(sb, sb.client('owner'), 'log'), mgmtToken: '' };
    const c = consumer(l, 'runtime-test', groupName('runtime'));
    assert.equal((await c('POST', '/consumers', { 'auto.offset.reset': 'latest' })).status, 204);
    assert.equal((await c('POST', '/consumers/subscription', { topics: ['COFFEE-DEV'] })).status, 204);
    await drain(c);
    assert.equal((await interpret(ask('what are your hours', { clientData: { purpose: 'test' } }))).status, 200);
    assert.equal(
      (await interpret(ask('cancel order GH3456', { parameters: { interpretationInputLoggingMode: 'SUPPRESSED' } })))
        .status,
      200,
    );
    const records = (await drain(c)).filter((r: WireRecord) => r.value.type === 'Interpret');
    assert.equal(records.length, 2);
    type Logged = {
      request: { input: { text: string } };
      response: { result: { literal: string } };
      clientData: Record<string, string>;
      locale: string;
    };
    const data = records.map((r) => r.value.data as Logged);
    // Records land in partitions by key, so their fetch order is not their order: tell them apart by content.
    const plain = data.find((d) => d.request.input.text !== '[suppressed]');
    const hidden = data.find((d) => d.request.input.text === '[suppressed]');
    assert.equal(plain?.request.input.text, 'what are your hours');
    assert.deepEqual([plain?.clientData, plain?.locale], [{ purpose: 'test' }, 'en-US']);
    assert.ok(
      hidden && !JSON.stringify(hidden).includes('GH3456') && !JSON.stringify(hidden).includes('cancel order'),
      JSON.stringify(hidden),
    );
    assert.equal(hidden.response.result.literal, '[suppressed]');
  });
});

describe('sandbox NLU builds and dynamic entities', () => {
  test("a build trains and stores each locale's model and reports it; an inline wordset feeds a dynamic list entity", async () => {
    const env = sandboxEnv(sb, sb.client('owner'));
    const mgmt = await token(sb, sb.client('owner'), 'svc-api');
    const dyn = await send(sb, 'PUT', '/v4/projects/1001/entities/COFFEE_TYPE', {
      token: mgmt,
      json: { listEntity: { isDynamic: true } },
    });
    assert.equal(dyn.status, 200, dyn.text);
    const built = await cli(['builds', 'start', '1001', '--services', 'NLU', '--json'], { env });
    assert.equal(built.code, 0, built.stderr);
    const { job } = JSON.parse(built.stdout) as {
      job: {
        report: {
          nluBuildReports: {
            reports: Array<{
              locale: string;
              buildLabel: string;
              trainingTimeMs: number;
              intents: number;
              samples: number;
            }>;
          };
        };
      };
    };
    const reports = job.report.nluBuildReports.reports;
    assert.deepEqual(reports.map((r) => r.locale).sort(), ['en-US', 'fr-CA']);
    for (const r of reports) assert.ok(r.trainingTimeMs >= 0 && r.intents === 5 && r.samples > 0, JSON.stringify(r));
    const label = reports[0]?.buildLabel ?? '';
    const files = await readdir(join(sb.dataDir, 'models', label));
    assert.deepEqual(files.sort(), ['en-US.nlu', 'fr-CA.nlu']);
    assert.ok((await stat(join(sb.dataDir, 'models', label, 'en-US.nlu'))).size > 0);

    const created = await cli(
      ['configs', 'create', '501', '--tag', 'coffee-dyn', '--flow', '1', '--build', `${label}@en-US`, '--json'],
      { env },
    );
    assert.equal(created.code, 0, created.stderr);
    const configId = (JSON.parse(created.stdout) as { id: string }).id;
    const deployed = await cli(['deploy', configId, '--env-geo', '301'], { env });
    assert.equal(deployed.code, 0, deployed.stderr);
    const dynUrn = 'urn:nuance-mix:tag:model/coffee-dyn/mix.nlu?=language=eng-USA';
    const wordset = JSON.stringify({ COFFEE_TYPE: [{ canonical: 'FLAT_WHITE', literal: 'flat white' }] });
    const withWords = await interpret(
      ask('I want a large flat white', { resources: [{ inlineWordset: wordset }] }, dynUrn),
    );
    assert.equal(withWords.status, 200, withWords.text);
    const best = (withWords.json as Answer).result.interpretations[0]?.singleIntentInterpretation;
    const type = allEntities(best?.entities ?? {}).find((x) => x.name === 'COFFEE_TYPE')?.e;
    assert.equal(type?.stringValue, 'FLAT_WHITE', JSON.stringify(best));
    assert.equal(type?.literal, 'flat white');
    const without = (await interpret(ask('I want a large flat white', {}, dynUrn))).json as Answer;
    assert.ok(
      !allEntities(without.result.interpretations[0]?.singleIntentInterpretation.entities ?? {}).some(
        (x) => x.e.stringValue === 'FLAT_WHITE',
      ),
      'the value comes from the wordset',
    );
    const badWordset = await interpret(ask('x', { resources: [{ inlineWordset: '{not json' }] }, dynUrn));
    assert.equal(badWordset.status, 400);
  });
});

describe('simulated traffic is interpreted by the deployed model', () => {
  test('each logged intent and confidence is what runtime/interpret returns for the same text on the same configuration', async () => {
    const s = await startTestSandbox();
    try {
      const l: LogSandbox = {
        sb: s,
        logToken: await token(s, s.client('owner'), 'log'),
        mgmtToken: await token(s, s.client('owner'), 'svc-api'),
      };
      await simulate(l, 25);
      const c = consumer(l, 'sim-check', groupName('sim'));
      assert.equal((await c('POST', '/consumers', { 'auto.offset.reset': 'earliest' })).status, 204);
      assert.equal((await c('POST', '/consumers/subscription', { topics: ['COFFEE-DEV'] })).status, 204);
      const turns = (await drain(c))
        .filter((r) => r.value.type === 'Interpret')
        .map(
          (r) =>
            r.value.data as {
              request: { model: { uri: string }; input: { text: string } };
              response: { result: { interpretations: Array<{ singleIntentInterpretation: Single }> } };
            },
        );
      assert.ok(turns.length >= 25);
      const tok = await token(s, runtimeClient(s, 'appID:COFFEE-DEV'), 'nlu');
      const target = { baseUrl: s.sandbox.nluUrl.replace(/\/nlu\/v1$/, ''), authUrl: s.authUrl };
      const intents = new Set<string>();
      for (const t of turns) {
        assert.match(
          t.request.model.uri,
          /^urn:nuance-mix:tag:model\/coffee-main\/mix\.nlu\?=language=(eng-USA|fra-CAN)$/,
        );
        const res = await send(target, 'POST', PATH, {
          token: tok,
          json: ask(t.request.input.text, {}, t.request.model.uri),
        });
        assert.equal(res.status, 200, res.text);
        const live = (res.json as Answer).result.interpretations[0]?.singleIntentInterpretation;
        const logged = t.response.result.interpretations[0]?.singleIntentInterpretation;
        assert.deepEqual(
          [logged?.intent, logged?.confidence],
          [live?.intent, live?.confidence],
          `"${t.request.input.text}"`,
        );
        assert.deepEqual(logged?.entities, live?.entities);
        intents.add(live?.intent ?? '');
      }
      assert.ok(intents.size >= 3, `the model answers several intents: ${[...intents].join(', ')}`);
    } finally {
      await s.close();
    }
  });
});
