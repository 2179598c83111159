// Locks with two users (ProjectLockedError for the other user, 403 on their unlock, the staff-only locks
// list) and the channels module, against the real sandbox over HTTP.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PlatformClient } from '../../../src/core/platform/client';
import { BadRequestError, ForbiddenError, NotFoundError, ProjectLockedError } from '../../../src/core/platform/errors';
import { collect } from '../../../src/core/platform/paging';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor, rejectsWith } from './support';

describe('platform client: locks and channels', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  let admin: PlatformClient;
  let viewer: PlatformClient;
  let ps: PlatformClient;

  before(async () => {
    sbx = await startTestSandbox();
    owner = clientFor(sbx, 'owner');
    admin = clientFor(sbx, 'admin');
    viewer = clientFor(sbx, 'viewer');
    ps = clientFor(sbx, 'ps');
  });
  after(async () => {
    await Promise.all([owner, admin, viewer, ps].map((c) => c.close()));
    await sbx.close();
  });

  test('a lock blocks the other user with ProjectLockedError; only the holder (or staff) unlocks', async () => {
    assert.equal(await owner.projects.getLock('1001'), undefined);
    const lock = await owner.projects.lock('1001', 'editing intents');
    assert.equal(lock.projectId, '1001');
    assert.equal(lock.notes, 'editing intents');
    assert.equal(lock.lockOwner?.name, 'Olivia Owner');
    assert.deepEqual(await admin.projects.getLock('1001'), lock);

    const blocked = await rejectsWith(
      admin.channels.create('1001', { displayName: 'SMS', modes: ['RICH_TEXT'] }),
      ProjectLockedError,
    );
    assert.match(
      blocked.message,
      /^Project 1001 is locked by another user \(POST \/v4\/projects\/1001\/channels\): .*Olivia Owner/,
    );
    assert.equal(blocked.status, 409);
    await rejectsWith(admin.projects.lock('1001', 'me too'), ProjectLockedError);
    const again = await rejectsWith(owner.projects.lock('1001', 'twice'), BadRequestError);
    assert.match(again.message, /already locked/);

    const denied = await rejectsWith(admin.projects.unlock('1001'), ForbiddenError);
    assert.match(denied.message, /\(PUT \/v4\/projects\/1001\/\.unlock\): .*locked by Olivia Owner/);
    // The holder still edits while locked.
    const sms = await owner.channels.create('1001', { displayName: 'SMS', modes: ['RICH_TEXT'] });
    assert.equal(sms.displayName, 'SMS');
    assert.equal((await owner.projects.unlock('1001')).code, 0);
    assert.equal(await admin.projects.getLock('1001'), undefined);
    await rejectsWith(owner.projects.unlock('1001'), BadRequestError);
    await rejectsWith(owner.projects.getLock('99999'), NotFoundError);
  });

  test('the locks list is for professional-services users, sorted and paged', async () => {
    await owner.projects.lock('1001', 'a');
    await admin.projects.lock('1002', 'b');
    try {
      await rejectsWith(collect(owner.projects.locks()), ForbiddenError);
      const locks = await collect(ps.projects.locks({ pageSize: 1, sort: '-projectId' }));
      assert.deepEqual(
        locks.map((l) => l.projectId),
        ['1002', '1001'],
      );
      const page = await ps.projects.locksPage(1, 0, { sort: '+projectId' });
      assert.deepEqual([page.items[0]?.projectId, page.totalSize, page.hasMore], ['1001', 2, true]);
      // Staff may unlock anyone's lock.
      await ps.projects.unlock('1002');
    } finally {
      await owner.projects.unlock('1001');
    }
    assert.equal(await admin.projects.getLock('1002'), undefined);
  });

  test('channels: create, update modes and color, deactivate, activate, rename', async () => {
    const name = 'Kiosk / Café #2 ?';
    const created = await admin.channels.create('1002', { displayName: name, modes: ['TTS', 'DTMF'], color: 'TEAL' });
    assert.equal(created.displayName, name);
    assert.deepEqual([...(created.modes ?? [])].sort(), ['DTMF', 'TTS']);
    assert.equal(created.color, 'TEAL');
    const updated = await admin.channels.update('1002', { channelId: created.id, modes: ['RICH_TEXT'], color: 'BLUE' });
    assert.deepEqual([updated.id, updated.modes, updated.color], [created.id, ['RICH_TEXT'], 'BLUE']);

    assert.equal((await admin.channels.deactivate('1002', created.id)).code, 0);
    const listed = (await admin.projects.get('1002')).channels?.find((c) => c.channel.id === created.id);
    assert.equal(listed?.isActive, false);
    await admin.channels.activate('1002', created.id);
    assert.equal((await admin.projects.get('1002')).channels?.find((c) => c.channel.id === created.id)?.isActive, true);

    assert.equal(await admin.channels.rename('1002', created.id, 'Kiosk ☕'), 'Kiosk ☕');
    assert.equal(
      (await viewer.projects.get('1002')).channels?.find((c) => c.channel.id === created.id)?.channel.displayName,
      'Kiosk ☕',
    );
  });

  test('channels: bad input and missing projects are BadRequest (as the spec documents); a Viewer is forbidden', async () => {
    const unknownMode = await rejectsWith(
      admin.channels.create('1002', { displayName: 'X', modes: ['SMOKE_SIGNALS'] }),
      BadRequestError,
    );
    assert.match(unknownMode.message, /\(POST \/v4\/projects\/1002\/channels\): .*SMOKE_SIGNALS|modes/);
    const missing = await rejectsWith(admin.channels.activate('99999', 'c1'), BadRequestError);
    assert.match(missing.message, /Project 99999 not found/);
    await rejectsWith(admin.channels.rename('1002', 'no-such-channel', 'Y'), BadRequestError);
    await rejectsWith(admin.channels.create('1002', { displayName: '' }), BadRequestError);
    await rejectsWith(viewer.channels.create('1002', { displayName: 'V', modes: ['TTS'] }), ForbiddenError);
  });
});
