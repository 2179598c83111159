// `cstudio channels …`, `projects create --channel` and `projects datapack` against a real sandbox over HTTP
// (issue 16: every channel endpoint and the data-pack endpoint reachable from the CLI).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { cli, sandboxEnv } from '../helpers/cli';
import { parseChannelSpec, parseModes } from '../../../src/cli/channelFlags';

let sb: TestSandbox;
let owner: NodeJS.ProcessEnv;

before(async () => {
  sb = await startTestSandbox({ jobDurationMs: 50 });
  owner = sandboxEnv(sb, sb.client('owner'));
});
after(async () => {
  await sb.close();
});

interface ProjectJson {
  id: string;
  channels: Array<{ channel: { id: string; displayName: string; modes: string[]; color: string }; isActive: boolean }>;
  datapacks: Array<{ displayName: string; version: string }>;
}

describe('cstudio channels and data packs', () => {
  test('projects create --channel gives a CLI-made project its channels; channels commands drive all five endpoints', async () => {
    const created = await cli(
      [
        'projects',
        'create',
        '--org',
        '1',
        '--name',
        'Channels CLI',
        '--languages',
        'en-US',
        '--child-data',
        'NO',
        '--channel',
        'Web:rich-text,TTS',
        '--channel',
        'Phone:dtmf,audioscript',
        '--json',
      ],
      { env: owner },
    );
    assert.equal(created.code, 0, created.stderr);
    const project = JSON.parse(created.stdout) as ProjectJson;
    assert.deepEqual(
      project.channels.map((c) => [c.channel.displayName, c.channel.modes]),
      [
        ['Web', ['RICH_TEXT', 'TTS']],
        ['Phone', ['DTMF', 'AUDIO_SCRIPT']],
      ],
    );

    const made = await cli(
      ['channels', 'create', project.id, 'Kiosk', '--modes', 'interactivity', '--color', 'light-pink', '--json'],
      { env: owner },
    );
    assert.equal(made.code, 0, made.stderr);
    const kiosk = JSON.parse(made.stdout) as { id: string; color: string };
    assert.equal(kiosk.color, 'LIGHT_PINK');
    const configured = await cli(['channels', 'configure', project.id, kiosk.id, '--modes', 'TTS,DTMF'], {
      env: owner,
    });
    assert.equal(configured.code, 0, configured.stderr);
    assert.match(configured.stdout, /modes\s+TTS, DTMF/);
    assert.equal((await cli(['channels', 'deactivate', project.id, kiosk.id], { env: owner })).code, 0);
    const renamed = await cli(['channels', 'rename', project.id, kiosk.id, 'Lobby kiosk'], { env: owner });
    assert.match(renamed.stdout, /is now "Lobby kiosk"/);
    const got = JSON.parse(
      (await cli(['projects', 'get', project.id, '--json'], { env: owner })).stdout,
    ) as ProjectJson;
    const lobby = got.channels.find((c) => c.channel.id === kiosk.id);
    assert.equal(lobby?.isActive, false);
    assert.equal(lobby?.channel.displayName, 'Lobby kiosk');
    assert.equal((await cli(['channels', 'activate', project.id, kiosk.id], { env: owner })).code, 0);

    const unknown = await cli(['channels', 'activate', project.id, 'no-such-channel'], { env: owner });
    assert.notEqual(unknown.code, 0);
    assert.match(unknown.stderr, /no-such-channel/);
  });

  test('projects datapack waits for the job and the project shows the version', async () => {
    const run = await cli(['projects', 'datapack', '1001', '--locale', 'fr-CA', '--version', '4.8.2'], { env: owner });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /status\s+COMPLETED/);
    const got = JSON.parse((await cli(['projects', 'get', '1001', '--json'], { env: owner })).stdout) as ProjectJson;
    assert.equal(got.datapacks.find((d) => d.displayName === 'fr-CA')?.version, '4.8.2');
    const bad = await cli(['projects', 'datapack', '1001', '--locale', 'de-DE', '--version', '4.8.2'], { env: owner });
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /de-DE/);
  });

  test('usage errors before any request: bad modes, a channel without modes, missing flags', async () => {
    assert.throws(() => parseModes('dtmf,video', '--modes'), /unknown mode "video".*AUDIO_SCRIPT/);
    assert.throws(() => parseChannelSpec('Web'), /NAME:MODE/);
    assert.deepEqual(parseChannelSpec('A:B:tts'), { displayName: 'A:B', modes: ['TTS'] });
    assert.deepEqual(parseModes('mode_unspecified', '--modes'), ['MODE_UNSPECIFIED']);
    for (const argv of [
      ['channels', 'create', '1001', 'X'],
      ['channels', 'configure', '1001', 'c1'],
      ['projects', 'datapack', '1001', '--locale', 'en-US'],
    ]) {
      const r = await cli(argv, { env: owner });
      assert.equal(r.code, 2, `${argv.join(' ')}: ${r.stderr}`);
    }
  });
});
