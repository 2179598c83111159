// Many large uploads at once: the sandbox (a real process, its peak memory measured) holds at most its budget of
// request bodies, answers the rest 503 with Retry-After and a message naming the real flag, and answers a body
// over the per-request limit 413 naming --max-body-mb.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from '../helpers/childProcess';
import { send, type Target } from '../helpers/sandboxHttp';

const MB = 1024 * 1024;
let dir: string;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cstudio-bodies-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The sandbox writes its ready file once listening; the deadline is only a safety net. */
async function readyFile(path: string, ms = 60_000): Promise<Target> {
  for (let waited = 0; waited < ms; waited += 25) {
    if (existsSync(path)) return JSON.parse(await readFile(path, 'utf8')) as Target;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${path} did not appear within ${ms} ms`);
}

describe('sandbox request-body limits', () => {
  test('eight 60 MB bodies at once: at most the budget is held, the rest get 503 naming --max-concurrent-body-mb', async () => {
    const readyPath = join(dir, 'ready.json');
    const run = await launch(
      dir,
      'sandbox',
      [
        '--data',
        join(dir, 'data'),
        '--ready-file',
        readyPath,
        '--max-body-mb',
        '70',
        '--max-concurrent-body-mb',
        '100',
      ],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    try {
      const target = await readyFile(readyPath);
      const body = Buffer.alloc(60 * MB, 'a');
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const replies = await Promise.all(
        Array.from({ length: 8 }, () => send(target, 'POST', '/oauth2/token', { body, headers: form })),
      );
      const busy = replies.filter((r) => r.status === 503);
      assert.ok(busy.length >= 1, `statuses ${replies.map((r) => r.status).join(' ')}`);
      for (const r of busy) {
        assert.match(r.text, /start the sandbox with a higher --max-concurrent-body-mb/);
        assert.equal(r.headers['retry-after'], '1');
      }
      // The others were read whole and judged by the route (no credentials: 400/401), not refused for size.
      assert.ok(
        replies.every((r) => r.status === 503 || r.status === 400 || r.status === 401),
        replies.map((r) => r.status).join(' '),
      );

      const tooLarge = await send(target, 'POST', '/oauth2/token', { body: Buffer.alloc(71 * MB, 'a'), headers: form });
      assert.equal(tooLarge.status, 413);
      assert.match(
        tooLarge.text,
        /limit of \d+ bytes \(70 MB\); send a smaller file or start the sandbox with a higher --max-body-mb/,
      );
    } finally {
      run.child.kill('SIGTERM');
    }
    const done = await run.finished;
    assert.equal(done.code, 0, done.stderr);
    // Without the budget all eight were held at once (77 → 667 MB); with it, one or two 60 MB bodies.
    assert.ok(done.peakMb < 400, `peak RSS ${done.peakMb.toFixed(0)} MB`);
    console.log(`# sandbox, eight 60 MB bodies at once: ${done.peakMb.toFixed(0)} MB peak RSS`);
  });
});
