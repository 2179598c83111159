// Platform errors stay recognisable across bundles: the extension loads the client from its own bundle,
// so an error may come from another copy of the error classes. A second copy is made here by loading
// the compiled module afresh (bypassing the require cache).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as local from '../../../src/core/platform/errors';

// The CommonJS loader is what keeps one copy per module; using it directly is how a second copy is made.
const load = createRequire(__filename);

function foreignCopy(): typeof local {
  const id = load.resolve('../../../src/core/platform/errors');
  const saved = load.cache[id];
  delete load.cache[id];
  try {
    return load(id) as typeof local;
  } finally {
    if (saved) load.cache[id] = saved;
  }
}

test('an error from another copy of the classes is still an instance of the matching class only', () => {
  const foreign = foreignCopy();
  assert.notEqual(foreign.NotFoundError, local.NotFoundError, 'really a second copy');
  const err: unknown = new foreign.NotFoundError('Project 9 not found', { status: 404 });
  assert.ok(err instanceof local.PlatformError);
  assert.ok(err instanceof local.NotFoundError);
  assert.ok(!(err instanceof local.ConflictError));
  assert.ok(!(err instanceof local.ServerError));
  const cancelled: unknown = new foreign.CancelledError();
  assert.ok(cancelled instanceof local.CancelledError);
  assert.ok(local.isCancellation(cancelled));
});

test('plain errors and look-alikes without the brand are not platform errors', () => {
  assert.ok(!(new Error('x') instanceof local.PlatformError));
  const lookAlike = Object.assign(new Error('x'), { kind: 'NotFound' });
  assert.ok(!(lookAlike instanceof local.NotFoundError));
  assert.ok(!((null as unknown) instanceof local.PlatformError));
});

test('the same copy still works as before, subclasses included', () => {
  const e = new local.ProjectLockedError('Project 1 is locked by Olivia');
  assert.ok(e instanceof local.ProjectLockedError && e instanceof local.PlatformError && e instanceof Error);
  assert.ok(!(e instanceof local.NotFoundError));
  assert.equal(e.kind, 'ProjectLocked');
});
