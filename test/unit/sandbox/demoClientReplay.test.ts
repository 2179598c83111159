// The public demo client's requests replayed from Node against the sandbox, always (demoClient.test.ts runs the
// client itself only when CSTUDIO_DEMO_CLIENT names a checkout). Each request is built as
// nuance-communications/mix-demo-client-azstaticwebapps at 90bacdc58a541770e3b2a3e273f807d24b792c33 builds it —
// api/xaas.py (OAuthApi, LogApi, NluaasApi), app/src/components/nluaas.js (the interpret payload) and
// api/nluaas-interpret/__init__.py — and each reply is checked for the fields that client reads. Nothing of it is
// copied here: only the wire shapes, with the lines they come from.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { request, type Dispatcher } from 'undici';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';

const URN = 'urn:nuance-mix:tag:model/coffee-main/mix.nlu?=language=eng-USA';
const TEXT = 'where is my order AB1234';

// xaas.py lines 85-91, OAuthApi.get_headers(): every runtime call carries these (plus the bearer token).
const API_HEADERS = {
  Accept: 'application/json; charset=utf-8',
  'Accept-Language': 'en-US,en;q=0.9',
  'User-Agent': 'nuance-mix/demo-client-az-static-webapps',
};
// app/src/components/shared.js lines 17-20: CLIENT_DATA, with VERSION = '2.1.0' (line 13).
const CLIENT_DATA = { version: '2.1.0', client: 'Mix.demo' };

interface Reply {
  status: number;
  headers: Dispatcher.ResponseData['headers'];
  text: string;
  json: unknown;
}

/**
 * The client's `requests` call (xaas.py lines 93-102, OAuthApi._request): JSON text as `data=` with NO
 * Content-Type (requests adds none for a str body; undici adds none either), nothing sent on GET or DELETE.
 */
async function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  data?: unknown,
): Promise<Reply> {
  const res = await request(url, { method, headers, body: method === 'POST' ? JSON.stringify(data) : undefined });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

/** How _request reads a reply (xaas.py lines 116-132): grpc-message first on an error status, {} on 204, else JSON. */
function asClientReads(r: Reply): unknown {
  if ([400, 401, 403, 404, 500].includes(r.status)) {
    const grpc = r.headers['grpc-message'];
    if (grpc !== undefined) return { error: String(grpc) };
    return { error: r.json };
  }
  if (r.status === 204) return {};
  return r.json;
}

// xaas.py line 34: CLIENT_ID_REGEX, applied to the URL-quoted client id (LogApi.parse_client_id, lines 179-191;
// the Azure functions pass the id as the page quotes it). Reimplemented from its text to test our ids against it.
const CLIENT_ID_REGEX =
  /appID%3A(?<topic>[^ $^%]*)(%3Ageo%3A)*(?<geo>[^ $^%]*)?(%3AclientName%3A)*(?<clientName>[^ $]*)?/;

describe("the public demo client's requests (api/xaas.py, nluaas.js) replayed against the sandbox", () => {
  let sb: TestSandbox;
  before(async () => {
    sb = await startTestSandbox();
  });
  after(async () => {
    await sb.close();
  });

  test('token, interpret, unknown model, and the LogApi consumer reading the Interpret record', async () => {
    const client = sb.sandbox.runtimeClients.find((c) => c.clientId === 'appID:COFFEE-DEV');
    assert.ok(client);

    // Token: xaas.py lines 65-73 (get_token) with config lines 23-24 and 31: POST {oauth_server_url}/token, where
    // oauth_server_url ends in /oauth2, scope "tts nlu dlg log". requests-oauthlib's fetch_token sends the id and
    // secret as requests.auth.HTTPBasicAuth — base64 of the raw "id:secret", NOT form-encoded — and a form body
    // of grant_type and scope only (BackendApplicationClient, include_client_id unset).
    const tokenRes = await request(`${sb.authUrl}/oauth2/token`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
        Authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`, 'latin1').toString('base64')}`,
      },
      body: 'grant_type=client_credentials&scope=tts+nlu+dlg+log',
    });
    const tokenText = await tokenRes.body.text();
    assert.equal(tokenRes.statusCode, 200, tokenText);
    // OAuthApi.token (lines 75-79) reads access_token; oauth2-get-token/__init__.py returns the raw token to the page.
    const tok = JSON.parse(tokenText) as { access_token?: unknown; token_type?: unknown; expires_in?: unknown };
    assert.equal(typeof tok.access_token, 'string');
    assert.match(String(tok.token_type), /^bearer$/i, 'oauthlib refuses a token that is not a bearer token');
    const bearer = { ...API_HEADERS, Authorization: `Bearer ${String(tok.access_token)}` };

    // LogApi (lines 148-233): the group is appID-{topic}-clientName-{name or "neap"}-{randint(0,4):02}
    // (init_consumer_group, lines 193-195), the name consumer-{uuid4} (lines 197-199); get_headers (169-177).
    const groups = CLIENT_ID_REGEX.exec(encodeURIComponent(client.clientId))?.groups;
    assert.equal(groups?.topic, 'COFFEE-DEV');
    const group = `appID-${groups?.topic ?? ''}-clientName-${groups?.clientName || 'neap'}-0${Math.floor(Math.random() * 5)}`;
    const logHeaders = {
      ...bearer,
      Accept: 'application/json',
      'consumer-name': `consumer-${randomUUID()}`,
      'consumer-group': group,
      'User-Agent': 'nuance-mix/dev-client-az-static-webapps',
    };
    const log = (method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown): Promise<Reply> =>
      call(method, `${sb.logUrl}/${path}`, logHeaders, data);

    // create_consumer (lines 210-216), consumer_subscribe_to_topic (218-224) with the topic parse_client_id found
    // (logapi-create-consumer/__init__.py lines 32-35): both read as {} from a 204.
    const created = await log('POST', 'consumers', {
      'auto.offset.reset': 'latest',
      'auto.commit.enable': 'true',
      'fetch.min.bytes': '-1',
      'consumer.request.timeout.ms': '1000',
    });
    assert.deepEqual([created.status, asClientReads(created)], [204, {}], created.text);
    const subscribed = await log('POST', 'consumers/subscription', { topics: [groups?.topic] });
    assert.deepEqual([subscribed.status, asClientReads(subscribed)], [204, {}], subscribed.text);
    // get_records (229-230): a JSON list; this first read places the consumer at the end ("latest").
    const first = await log('GET', 'consumers/records');
    assert.equal(first.status, 200, first.text);
    assert.ok(Array.isArray(first.json), first.text);

    // The interpret payload: nluaas.js executeTextInput() lines 222-240 with its defaults (lines 167-170):
    // enum names as strings, `resources` a bare object (not the proto's repeated list) whose inlineWordset is
    // JSON text, and `client_data` in snake case. nluaas-interpret/__init__.py (lines 34-40) hands it unchanged
    // to NluaasApi.interpret: POST {base_url_nluaas}/runtime/interpret (xaas.py lines 251-252).
    const payload = (uri: string): unknown => ({
      input: { text: TEXT },
      model: { type: 'SEMANTIC_MODEL', uri },
      parameters: {
        interpretationResultType: 'SINGLE_INTENT',
        interpretationInputLoggingMode: 'PLAINTEXT',
        maxInterpretations: 10,
      },
      resources: { inlineWordset: JSON.stringify({}) },
      client_data: CLIENT_DATA,
    });
    const interpreted = await call('POST', `${sb.sandbox.nluUrl}/runtime/interpret`, bearer, payload(URN));
    assert.equal(interpreted.status, 200, interpreted.text);
    // nluaas.js renderResult (lines 393-405) reads result.literal and result.interpretations[].singleIntentInterpretation;
    // process() (lines 42-58) walks entities[name].entities[] reading textRange.startIndex/endIndex, entities, confidence.
    const result = (
      interpreted.json as {
        result?: {
          literal?: string;
          interpretations?: Array<{
            singleIntentInterpretation?: {
              intent: string;
              confidence: number;
              entities: Record<
                string,
                {
                  entities: Array<{
                    textRange: { startIndex: number; endIndex: number };
                    entities: unknown;
                    confidence: number;
                  }>;
                }
              >;
            };
          }>;
        };
      }
    ).result;
    assert.equal(result?.literal, TEXT);
    const best = result?.interpretations?.[0]?.singleIntentInterpretation;
    assert.equal(best?.intent, 'CHECK_ORDER', interpreted.text);
    assert.ok(best && best.confidence > 0.5, interpreted.text);
    const order = best?.entities.ORDER_NUMBER?.entities[0];
    assert.ok(order, `ORDER_NUMBER missing: ${interpreted.text}`);
    assert.equal(typeof order.confidence, 'number');
    assert.equal(typeof order.entities, 'object');
    assert.match(TEXT.substring(order.textRange.startIndex, order.textRange.endIndex), /AB1234/);

    // An unknown context tag: _request (lines 117-121) returns the grpc-message header, as received, as the error
    // (nluaas-interpret/__init__.py lines 50-57 pass it to the page).
    const unknown = await call(
      'POST',
      `${sb.sandbox.nluUrl}/runtime/interpret`,
      bearer,
      payload(URN.replace('/coffee-main/', '/no-such-tag/')),
    );
    assert.ok(
      [400, 401, 403, 404, 500].includes(unknown.status),
      `${unknown.status} is not a status the client reads as an error`,
    );
    assert.match((asClientReads(unknown) as { error: string }).error, /context tag "no-such-tag"/);

    // get_records until the Interpret record arrives (the page polls every LOG_TIMER_DURATION, shared.js line 21);
    // logapi-get-records/__init__.py prune_records (lines 20-43) reads key.service and value.data.
    type LogRecord = {
      key: { service: string };
      value: { type: string; data: { request: { input: { text: string } }; clientData: Record<string, string> } };
    };
    const records: LogRecord[] = [];
    const deadline = Date.now() + 30_000; // safety net only: each read is a real request that returns at once
    while (!records.some((r) => r.value.type === 'Interpret') && Date.now() < deadline) {
      const got = await log('GET', 'consumers/records');
      assert.equal(got.status, 200, got.text);
      records.push(...(got.json as LogRecord[]));
      if (!records.some((r) => r.value.type === 'Interpret'))
        await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const mine = records.filter((r) => r.value.type === 'Interpret' && r.value.data.request.input.text === TEXT);
    assert.ok(mine.length > 0, JSON.stringify(records).slice(0, 500));
    assert.equal(mine[0]?.key.service, 'NLUaaS');
    assert.deepEqual(mine[0]?.value.data.clientData, CLIENT_DATA, "the payload's client_data is logged as clientData");

    // logapi-destroy-consumer/__init__.py lines 50-51: consumer_unsubscribe (226-227) then destroy_consumer (232-233).
    const unsubscribed = await log('DELETE', 'consumers/subscription');
    assert.deepEqual([unsubscribed.status, asClientReads(unsubscribed)], [204, {}], unsubscribed.text);
    const destroyed = await log('DELETE', 'consumers');
    assert.deepEqual([destroyed.status, asClientReads(destroyed)], [204, {}], destroyed.text);
  });
});
