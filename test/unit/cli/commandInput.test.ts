// Each platform command parses its input once, before connecting (issue 31): a missing argument or a bad flag is a
// usage error (exit 2, the command's own message) and no request reaches the platform. The "platform" here is a
// loopback server that counts every request it gets, so a command that connected before judging its input fails.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allCommands } from '../../../src/cli/registry';
import { CONNECTION_USAGE } from '../../../src/cli/platformCommand';
import { cli } from '../helpers/cli';

let server: Server;
let requests = 0;
let env: NodeJS.ProcessEnv;

before(async () => {
  server = createServer((req, res) => {
    requests++;
    res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"counted"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  env = {
    CSTUDIO_BASE_URL: url,
    CSTUDIO_AUTH_URL: url,
    CSTUDIO_LOG_URL: url,
    CSTUDIO_CLIENT_ID: 'input-test',
    CSTUDIO_CLIENT_SECRET: 'input-test-secret',
  };
});
after(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function refused(argv: string[], message: string | RegExp): Promise<void> {
  const before = requests;
  const r = await cli(argv, { env });
  assert.equal(r.code, 2, `${argv.join(' ')}: exit 2 expected, got ${r.code}\n${r.stderr}`);
  if (typeof message === 'string')
    assert.ok(r.stderr.includes(message), `${argv.join(' ')}: "${message}" expected in\n${r.stderr}`);
  else assert.match(r.stderr, message);
  assert.equal(requests, before, `${argv.join(' ')} sent a request before refusing its input`);
}

/** The commands platformCommand made (their usage ends as it writes it), and the `<name>` arguments each requires. */
function platformCommands(): Array<{ path: readonly string[]; required: string[] }> {
  return allCommands
    .filter((c) => c.usage.endsWith(`\n\n${c.summary}\n\n${CONNECTION_USAGE}`))
    .map((c) => {
      const synopsis = (c.usage.split('\n')[0] ?? '').slice(`Usage: cstudio ${c.path.join(' ')} `.length);
      const required: string[] = [];
      for (const word of synopsis.split(' ')) {
        const m = /^<([^>]+)>$/.exec(word);
        if (!m?.[1]) break;
        required.push(m[1]);
      }
      return { path: c.path, required };
    });
}

describe('platform commands judge their input before connecting', () => {
  test('every required argument, missing in turn, is named, and nothing is sent', async () => {
    const commands = platformCommands();
    assert.ok(commands.length >= 70, `expected the platform commands, found ${commands.length}`);
    let checked = 0;
    for (const { path, required } of commands) {
      for (let given = 0; given < required.length; given++) {
        await refused([...path, ...required.slice(0, given).map((_, i) => `arg${i}`)], `Missing <${required[given]}>.`);
        checked++;
      }
    }
    assert.ok(checked >= 100, `only ${checked} missing-argument cases were found`);
  });

  const cases: Array<[string[], string]> = [
    [['projects', 'list', '--limit', '0'], '--limit must be an integer ≥ 1, got "0".'],
    [['projects', 'create', '--org', 'o'], '--name is required.'],
    [
      ['projects', 'create', '--org', 'o', '--name', 'n', '--languages', 'en-US', '--child-data', 'maybe'],
      '--child-data must be YES or NO',
    ],
    [
      [
        'projects',
        'create',
        '--org',
        'o',
        '--name',
        'n',
        '--languages',
        'en-US',
        '--child-data',
        'NO',
        '--channel',
        'Web',
      ],
      '--channel "Web": expected NAME:MODE',
    ],
    [
      ['projects', 'datapack', '1', '--locale', 'en-US'],
      '--version is required (e.g. --locale en-US --version 4.7.0).',
    ],
    [['projects', 'lock', '1', '--show', '--notes', 'n'], '--show only looks at the lock'],
    [
      ['projects', 'locks', '--sort', 'projectId'],
      '--sort must be + or - followed by one of lockId, projectId, createTime, lockOwner.',
    ],
    [['apps', 'list', '--view', 'all'], '--view must be none, full, available or live (got "all").'],
    [['bots', 'list', 'o', '--view', 'all'], '--view must be none, full, available or live (got "all").'],
    [['builds', 'list', 'p', '--type', 'NLU,ASR'], '--type takes one service: NLU, ASR or DIALOG.'],
    [['builds', 'list', 'p', '--limit', 'x'], '--limit must be an integer ≥ 1, got "x".'],
    [['builds', 'start', 'p', '--services', 'NLU,TTS'], '--services: unknown service "TTS"'],
    [['channels', 'create', 'p', 'n'], '--modes needs at least one mode, e.g. DTMF,TTS.'],
    [['channels', 'configure', 'p', 'c'], 'Give --modes, --color or both.'],
    [['channels', 'configure', 'p', 'c', '--modes', 'smoke'], '--modes: unknown mode "smoke"'],
    [['configs', 'create', 'a', '--tag', 't'], '--flow is required.'],
    [
      ['configs', 'create', 'a', '--tag', 't', '--flow', '1', '--locales', 'en-US'],
      '--build-types and --locales apply only with --latest-from.',
    ],
    [['configs', 'create', 'a', '--tag', 't', '--flow', '1', '--build', 'NLU_1_1'], 'NLU builds need a locale'],
    [['configs', 'update', 'c'], 'Nothing to update: give --build and/or --data-host.'],
    [['configs', 'update', 'c', '--data-host', 'nope'], '--data-host "nope": expected ALIAS@ENV_GEOGRAPHY_ID=VALUE'],
    [
      ['configs', 'override', 'c', '--locales', 'en-US'],
      '--latest-from, --build-types and --locales apply only with --latest.',
    ],
    [['configs', 'override', 'c', '--latest', '--locales', ','], '--locales needs at least one value.'],
    [['deploy', 'c', '--env-geo', ','], '--env-geo needs at least one value.'],
    [['undeploy', 'c', '--env-geo', ' '], '--env-geo needs at least one value.'],
    [['entities', 'list', 'p', '--type', 'fuzzy'], '--type must be one of'],
    [['entities', 'create', 'p', 'e'], '--type is required: list, freeform, regex, rule-based or relational.'],
    [['entities', 'create', 'p', 'e', '--type', 'regex'], 'A regex entity needs --pattern.'],
    [
      ['entities', 'create', 'p', 'e', '--type', 'list', '--sensitive', 'yes'],
      '--sensitive must be true or false (got "yes").',
    ],
    [['entities', 'update', 'p', 'e', '--dynamic', 'maybe'], '--dynamic must be true or false (got "maybe").'],
    [
      ['entities', 'change-type', 'p', 'e', '--to', 'relational'],
      'Changing to relational needs --is-a and/or --has-a.',
    ],
    [['entities', 'export-literals', 'p', 'e', '--locales', ','], '--locales needs at least one locale'],
    [['entities', 'append-literals', 'p', 'e', 'f.list'], '--locale is required: the language the file is for'],
    [['samples', 'replace', 'p', 'i', 'f.trsx'], '--locale is required: the language the file is for'],
    [['ontology', 'export', 'p', '--locales', ','], '--locales needs at least one locale'],
    [['env-configs', 'set', 'p', 'v', '--env', '1'], '--env and --env-geo go together'],
    [['env-configs', 'delete', 'p', '--env-geo', '2'], '--env and --env-geo go together'],
    [['logs', 'tail'], 'Missing --app <runtime app ID>'],
    [
      ['logs', 'tail', '--app', 'A', '--from-beginning', '--from-committed'],
      'Choose one start: --from-beginning, --from-committed exclude each other.',
    ],
    [['logs', 'tail', '--app', 'A', '--from-time', 'yesterday'], '--from-time must be an ISO 8601 time'],
    [['logs', 'tail', '--app', 'A', '--filter', 'service='], '--filter: The filter "service=" has no value'],
    [
      ['logs', 'partitions', '--app', 'A', '--group-number', '100'],
      '--group-number is a two-digit number, 1 to 99 (got 100).',
    ],
    [['audio', 'get', 'urn'], 'Missing -o FILE (where to save the audio).'],
    [['audio', 'get', 'urn', '-o', 'a.wav', '--rate', '80'], '--rate must be an integer ≥ 1000, got "80".'],
    [['sandbox', 'simulate', '--app', 'A'], 'Missing --sessions N'],
    [
      ['sandbox', 'simulate', '--app', 'A', '--sessions', '2', '--rate', '0'],
      '--rate is sessions per second, a number > 0 (got "0").',
    ],
    [['discover', 'list', '--min-confidence', '2'], '--min-confidence is a confidence from 0 to 1 (got "2").'],
    [
      ['discover', 'list', '--not-in-training', '--intent-differs'],
      '--not-in-training and --intent-differs exclude each other',
    ],
    [['discover', 'add', 'dir'], 'Missing --id ID'],
    [['discover', 'ignore', 'dir', '--id', 'short'], 'Id "short" is too short'],
    [['push', '--append', '--replace'], 'Say how to push: --append or --replace.'],
    [['push', '--append', '--package'], '--package goes with --replace.'],
    [['push', 'a', 'b', '--append'], 'Too many arguments: a b.'],
    [['pull', '--keep-local', '--take-remote'], 'Choose one of --keep-local and --take-remote.'],
    [['pull', 'a', 'b', 'c'], 'Too many arguments: a b c.'],
    [['backups', 'restore', 'a', 'b'], 'Too many arguments: a b.'],
  ];
  for (const [argv, message] of cases) {
    test(`${argv.join(' ')} → ${message}`, async () => {
      await refused(argv, message);
    });
  }

  test('a valid input does reach the platform (the counting server sees the request)', async () => {
    const before = requests;
    const r = await cli(['projects', 'get', '1001'], { env });
    assert.notEqual(r.code, 2, r.stderr);
    assert.ok(requests > before, 'the command never connected');
  });
});
