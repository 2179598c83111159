// The platform's public demo client (nuance-communications/mix-demo-client-azstaticwebapps, api/xaas.py, read from
// a checkout named by CSTUDIO_DEMO_CLIENT, never copied here: test/fixtures/public-clients/mix-demo-client/README.md)
// runs unchanged against the sandbox: its NluaasApi interprets with a runtime client's token (its default scope "tts nlu dlg log"), with the
// payload its web page builds (app/src/components/nluaas.js), and its LogApi reads the interpretation's record.
// It needs Python 3 with requests and requests-oauthlib (Debian: python3-requests python3-requests-oauthlib, which
// .ci/run installs); without them, or without the checkout, the test skips and says so. demoClientReplay.test.ts
// replays the same requests from Node and always runs.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from '../formats/grxml/helpers';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';

const FIXTURE = join(repoRoot(), 'test', 'fixtures', 'public-clients', 'mix-demo-client');
const URN = 'urn:nuance-mix:tag:model/coffee-main/mix.nlu?=language=eng-USA';

/** The checkout of the public repository holding api/xaas.py, or why there is none. */
function findClient(): { root?: string; why: string } {
  const root = process.env.CSTUDIO_DEMO_CLIENT;
  if (!root)
    return {
      why: 'CSTUDIO_DEMO_CLIENT is unset: point it at a checkout of nuance-communications/mix-demo-client-azstaticwebapps (see test/fixtures/public-clients/mix-demo-client/README.md)',
    };
  const abs = resolve(root);
  if (!existsSync(join(abs, 'api', 'xaas.py')))
    return {
      why: `CSTUDIO_DEMO_CLIENT=${root} has no api/xaas.py: it must be the root of a checkout of nuance-communications/mix-demo-client-azstaticwebapps`,
    };
  return { root: abs, why: '' };
}

/** A Python that can import the demo client's dependencies, or why there is none. */
function findPython(): { python?: string; why: string } {
  for (const python of ['python3', '/usr/bin/python3']) {
    const r = spawnSync(python, ['-c', 'import requests, requests_oauthlib'], { encoding: 'utf8' });
    if (r.status === 0) return { python, why: '' };
  }
  return {
    why: 'no python3 with requests and requests-oauthlib (apt-get install python3-requests python3-requests-oauthlib)',
  };
}

function runDriver(
  python: string,
  clientRoot: string,
  input: unknown,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // oauthlib refuses plain-HTTP token endpoints unless told this is a local test server.
    const child = spawn(python, [join(FIXTURE, 'drive.py')], {
      env: { ...process.env, CSTUDIO_DEMO_CLIENT: clientRoot, OAUTHLIB_INSECURE_TRANSPORT: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString('utf8');
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(JSON.stringify(input));
  });
}

interface DriverOut {
  consumerGroup: string;
  createConsumer: unknown;
  subscribe: unknown;
  interpret: {
    status?: { code: number };
    result?: {
      literal: string;
      interpretations: Array<{
        singleIntentInterpretation: { intent: string; confidence: number; entities: Record<string, unknown> };
      }>;
    };
    error?: string;
  };
  unknownModel: { error?: string };
  records: Array<{
    value: { type: string; data: { request: { input: { text: string } }; clientData: Record<string, string> } };
  }>;
  destroy: unknown;
}

const demo = findClient();
const found = findPython();
const skip = !demo.root ? demo.why : !found.python ? found.why : false;

describe('the public demo client (api/xaas.py) against the sandbox', { skip }, () => {
  let sb: TestSandbox;
  before(async () => {
    sb = await startTestSandbox();
  });
  after(async () => {
    await sb.close();
  });

  test('NluaasApi interprets with the deployed model; LogApi reads the Interpret record', async () => {
    const client = sb.sandbox.runtimeClients.find((c) => c.clientId === 'appID:COFFEE-DEV');
    assert.ok(client);
    const run = await runDriver(found.python ?? 'python3', demo.root ?? '', {
      authUrl: sb.authUrl,
      nluUrl: sb.sandbox.nluUrl,
      logUrl: sb.logUrl,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      topic: 'COFFEE-DEV',
      uri: URN,
      text: 'where is my order AB1234',
    });
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as DriverOut;
    assert.match(
      out.consumerGroup,
      /^appID-COFFEE-DEV-clientName-neap-0[0-4]$/,
      "the client's own consumer-group rule",
    );
    assert.deepEqual(
      [out.createConsumer, out.subscribe, out.destroy],
      [{}, {}, {}],
      'the consumer API answers 204 to each',
    );
    const best = out.interpret.result?.interpretations[0]?.singleIntentInterpretation;
    assert.equal(out.interpret.status?.code, 200, JSON.stringify(out.interpret));
    assert.equal(best?.intent, 'CHECK_ORDER');
    assert.ok(best && best.confidence > 0.5 && 'ORDER_NUMBER' in best.entities);
    assert.match(
      out.unknownModel.error ?? '',
      /context tag "no-such-tag"/,
      'the error text comes from the grpc-message header',
    );
    const interpreted = out.records.filter((r) => r.value.type === 'Interpret');
    assert.ok(
      interpreted.some(
        (r) =>
          r.value.data.request.input.text === 'where is my order AB1234' && r.value.data.clientData.client === 'demo',
      ),
      JSON.stringify(out.records).slice(0, 500),
    );
  });
});
