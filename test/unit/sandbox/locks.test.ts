// Project locks with two users: lock, edits by others (409), unlock rules (403), the staff-only locks list.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { messageOf, sessions } from '../helpers/sandboxSession';

describe('sandbox project locks', () => {
  let sbx: TestSandbox;
  const as = sessions(() => sbx);
  before(async () => {
    sbx = await startTestSandbox();
  });
  after(async () => {
    await sbx.close();
  });

  test('an unlocked project answers {} and a missing one 404', async () => {
    const res = await as('viewer')('GET', '/v4/projects/1001/.lock');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, {});
    assert.equal((await as('outsider')('GET', '/v4/projects/1001/.lock')).status, 404);
  });

  test('the lock holder edits; another user gets 409 naming the holder; a Viewer cannot lock', async () => {
    assert.equal((await as('viewer')('PUT', '/v4/projects/1002/.lock', { notes: 'x' })).status, 403);
    const locked = await as('admin')('PUT', '/v4/projects/1002/.lock', { notes: 'editing intents' });
    assert.equal(locked.status, 200);
    const lock = (locked.json as { lock: Record<string, unknown> }).lock;
    assert.equal(lock.projectId, '1002');
    assert.equal(lock.notes, 'editing intents');
    assert.deepEqual(lock.lockOwner, {
      id: sbx.client('admin').userId,
      name: 'Adam Admin',
      email: 'adam.admin@coffee.example',
    });
    assert.equal(typeof lock.lockId, 'string');
    assert.deepEqual((await as('owner')('GET', '/v4/projects/1002/.lock')).json, { lock });

    const blocked = await as('owner')('PUT', '/v4/projects/1002/.rename', { displayName: 'Mine now' });
    assert.equal(blocked.status, 409);
    assert.match(messageOf(blocked), /^Project 1002 is locked by Adam Admin/);
    assert.equal((blocked.json as { code: number }).code, 10);
    assert.equal((await as('owner')('PUT', '/v4/projects/1002/.lock', { notes: 'me too' })).status, 409);
    const again = await as('admin')('PUT', '/v4/projects/1002/.lock', { notes: 'again' });
    assert.equal(again.status, 400);
    assert.match(messageOf(again), /already locked by you/);
    // The holder can edit (the Admin may not rename, but may add a channel).
    const channel = await as('admin')('POST', '/v4/projects/1002/channels', {
      displayName: 'SMS',
      modes: ['RICH_TEXT'],
    });
    assert.equal(channel.status, 200);
    // Reading stays open to everyone.
    assert.equal((await as('viewer')('GET', '/v4/projects/1002')).status, 200);
    const got = await as('owner')('GET', '/v4/projects/1002');
    assert.equal((got.json as { project: { displayName: string } }).project.displayName, 'Travel Desk');
  });

  test('unlock: another user gets 403, the holder unlocks, then 400 for not locked', async () => {
    const other = await as('owner')('PUT', '/v4/projects/1002/.unlock');
    assert.equal(other.status, 403);
    assert.match(messageOf(other), /locked by Adam Admin/);
    const res = await as('admin')('PUT', '/v4/projects/1002/.unlock');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { code: 0, message: 'Project 1002 unlocked.', details: [] });
    assert.equal((await as('admin')('PUT', '/v4/projects/1002/.unlock')).status, 400);
    assert.equal((await as('owner')('PUT', '/v4/projects/1002/.rename', { displayName: 'Travel Desk' })).status, 200);
  });

  test("professional-services users may unlock anyone's lock", async () => {
    assert.equal((await as('owner')('PUT', '/v4/projects/1001/.lock', { notes: 'release' })).status, 200);
    assert.equal((await as('ps')('PUT', '/v4/projects/1001/.unlock')).status, 200);
  });

  test('bad lock requests are 400 and leave the project unlocked', async () => {
    for (const body of [{ notes: 7 }, ['notes']]) {
      const res = await as('owner')('PUT', '/v4/projects/1003/.lock', body);
      assert.equal(res.status, 404); // project 1003 is not visible to the demo owner
    }
    for (const body of [{ notes: 7 }, ['notes']]) {
      const res = await as('outsider')('PUT', '/v4/projects/1003/.lock', body);
      assert.equal(res.status, 400);
    }
    assert.deepEqual((await as('outsider')('GET', '/v4/projects/1003/.lock')).json, {});
    const empty = await as('outsider')('PUT', '/v4/projects/1003/.lock');
    assert.equal(empty.status, 200);
    assert.equal((empty.json as { lock: { notes: string } }).lock.notes, '');
    assert.equal((await as('outsider')('PUT', '/v4/projects/1003/.unlock')).status, 200);
  });

  test('the locks list is for staff only, paged and sorted', async () => {
    assert.equal((await as('admin')('PUT', '/v4/projects/1001/.lock', { notes: 'a' })).status, 200);
    assert.equal((await as('owner')('PUT', '/v4/projects/1002/.lock', { notes: 'b' })).status, 200);
    const denied = await as('owner')('GET', '/v4/projects/.locks');
    assert.equal(denied.status, 403);
    assert.match(messageOf(denied), /professional-services and global-admin/);
    const all = await as('globalAdmin')('GET', '/v4/projects/.locks');
    assert.equal(all.status, 200);
    const body = all.json as { locks: Array<{ projectId: string; lockId: string }>; totalSize: number; count: number };
    assert.equal(body.totalSize, 2);
    const desc = await as('ps')('GET', '/v4/projects/.locks?sort=-projectId&limit=1');
    const d = desc.json as { locks: Array<{ projectId: string }>; count: number; totalSize: number; limit: number };
    assert.deepEqual([d.locks[0]?.projectId, d.count, d.totalSize, d.limit], ['1002', 1, 2, 1]);
    assert.equal((await as('ps')('GET', '/v4/projects/.locks?sort=colour')).status, 400);
    const one = await as('ps')('GET', '/v4/projects/.locks?projectId=1001');
    assert.deepEqual(
      (one.json as { locks: Array<{ projectId: string }> }).locks.map((l) => l.projectId),
      ['1001'],
    );
  });
});
