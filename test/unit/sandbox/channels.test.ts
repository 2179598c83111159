// Channels over real HTTP: create, update, activate, deactivate, rename, roles and validation.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHANNEL_COLORS, CHANNEL_MODES } from '../../../src/core/package/channelEnums';
import { repoRoot } from '../formats/grxml/helpers';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { messageOf, sessions } from '../helpers/sandboxSession';

interface ChannelReply {
  channel: { id: string; displayName: string; codeName: string; modes: string[]; color: string };
  isActive: boolean;
}

describe('sandbox channels', () => {
  let sbx: TestSandbox;
  const as = sessions(() => sbx);
  before(async () => {
    sbx = await startTestSandbox();
  });
  after(async () => {
    await sbx.close();
  });
  const channels = async (): Promise<ChannelReply[]> =>
    ((await as('owner')('GET', '/v4/projects/1001')).json as { project: { channels: ChannelReply[] } }).project
      .channels;

  test('create returns {channel, isActive}; a missing color takes a free one', async () => {
    const res = await as('admin')('POST', '/v4/projects/1001/channels', {
      displayName: 'Kiosk ☕',
      modes: ['RICH_TEXT', 'TTS'],
    });
    assert.equal(res.status, 200);
    const body = res.json as ChannelReply;
    assert.match(body.channel.id, /^[0-9a-f-]{36}$/);
    assert.equal(body.channel.displayName, 'Kiosk ☕');
    assert.equal(body.channel.codeName, 'Kiosk ☕');
    assert.deepEqual(body.channel.modes, ['RICH_TEXT', 'TTS']);
    assert.equal(body.channel.color, 'GREEN'); // PURPLE and LIGHT_ORANGE are taken
    assert.equal(body.isActive, true);
    assert.equal((await channels()).length, 3);
  });

  test('bad channel requests are 400 and change nothing', async () => {
    const before = await channels();
    const cases: Array<[unknown, RegExp]> = [
      [{ displayName: 'X', modes: ['VOICE'] }, /"VOICE"/],
      [{ displayName: 'X', modes: 'DTMF' }, /array of modes/],
      [{ displayName: 'X', modes: ['DTMF'], color: 'NEON' }, /"NEON"/],
      [{ displayName: 'IVR channel', modes: ['DTMF'] }, /already exists/],
      [{ modes: ['DTMF'] }, /displayName.*required/],
    ];
    for (const [body, re] of cases) {
      const res = await as('owner')('POST', '/v4/projects/1001/channels', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(messageOf(res), re);
    }
    assert.deepEqual(await channels(), before);
  });

  test('update modes and color; deactivate and activate; rename keeps codeName', async () => {
    const ivr = (await channels())[0]?.channel;
    assert.ok(ivr);
    const updated = await as('owner')('PUT', '/v4/projects/1001/.channel', {
      channelId: ivr.id,
      modes: ['DTMF', 'TTS'],
      color: 'RUBY',
    });
    assert.equal(updated.status, 200);
    assert.deepEqual((updated.json as ChannelReply).channel.modes, ['DTMF', 'TTS']);
    assert.equal((updated.json as ChannelReply).channel.color, 'RUBY');
    const off = await as('owner')('PUT', `/v4/projects/1001/channels/${ivr.id}/.deactivate`);
    assert.deepEqual(off.json, { code: 0, message: `Channel ${ivr.id} deactivated.`, details: [] });
    assert.equal((await channels())[0]?.isActive, false);
    assert.equal((await as('owner')('PUT', `/v4/projects/1001/channels/${ivr.id}/.activate`)).status, 200);
    assert.equal((await channels())[0]?.isActive, true);
    const renamed = await as('owner')('PUT', `/v4/projects/1001/channels/${ivr.id}/.rename`, {
      displayName: 'Phone / IVR #1',
    });
    assert.deepEqual(renamed.json, { displayName: 'Phone / IVR #1' });
    const now = (await channels())[0]?.channel;
    assert.equal(now?.displayName, 'Phone / IVR #1');
    assert.equal(now?.codeName, 'IVR channel');
    const nothing = await as('owner')('PUT', '/v4/projects/1001/.channel', { channelId: ivr.id });
    assert.equal(nothing.status, 400);
  });

  test('unknown project or channel answers 400 (as documented); a Viewer gets 403', async () => {
    const noProject = await as('owner')('POST', '/v4/projects/424242/channels', { displayName: 'X', modes: ['DTMF'] });
    assert.equal(noProject.status, 400);
    assert.equal(messageOf(noProject), 'Project 424242 not found.');
    assert.equal((await as('outsider')('PUT', '/v4/projects/1001/channels/abc/.activate')).status, 400);
    const noChannel = await as('owner')(
      'PUT',
      '/v4/projects/1001/channels/00000000-0000-4000-8000-000000000000/.activate',
    );
    assert.equal(noChannel.status, 400);
    assert.match(messageOf(noChannel), /Channel .* not found/);
    assert.equal(
      (await as('viewer')('POST', '/v4/projects/1001/channels', { displayName: 'V', modes: ['DTMF'] })).status,
      403,
    );
  });

  // core/package/channelEnums.ts is the one list the extension offers and the sandbox checks against.
  test('every mode and color the shared lists name is accepted and kept as sent', async () => {
    for (const [i, color] of CHANNEL_COLORS.entries()) {
      const res = await as('owner')('POST', '/v4/projects/1002/channels', {
        displayName: `Palette ${i}`,
        modes: [...CHANNEL_MODES],
        color,
      });
      assert.equal(res.status, 200, messageOf(res));
      assert.equal((res.json as ChannelReply).channel.color, color);
      assert.deepEqual((res.json as ChannelReply).channel.modes, [...CHANNEL_MODES]);
    }
  });

  test('the shared modes are the ones real-client-shapes.md saw, and its colors are in the palette', (t) => {
    const spec = join(repoRoot(), '..', 'shared', 'spec', 'real-client-shapes.md');
    if (!existsSync(spec)) {
      t.skip('spec not found at <repo>/../shared/spec');
      return;
    }
    const line = readFileSync(spec, 'utf8')
      .split('\n')
      .find((l) => l.includes('The channel modes seen are'));
    assert.ok(line, 'the channel-modes line of real-client-shapes.md');
    const [modesPart = '', colorsPart = ''] = line.split('Colors are');
    const names = (text: string): string[] => [...text.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1] ?? '');
    assert.deepEqual(names(modesPart), [...CHANNEL_MODES]);
    for (const color of names(colorsPart).filter((c) => c !== 'COLOR_UNSPECIFIED'))
      assert.ok((CHANNEL_COLORS as readonly string[]).includes(color), color);
  });
});
