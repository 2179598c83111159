// `cstudio projects lock|unlock|locks`
import type { Lock } from '../../core/platform/types';
import { UsageError } from '../command';
import { requirePositional } from '../args';
import { formatDetails, printJson, printRows } from '../output';
import { platformCommand, stringFlag } from '../platformCommand';

function owner(l: Lock): string {
  const o = l.lockOwner;
  return o ? `${o.name ?? o.id ?? ''}${o.email ? ` <${o.email}>` : ''}` : '';
}

export const projectsLock = platformCommand({
  path: ['projects', 'lock'],
  summary: 'Show a project\'s lock; with --take (or --notes), lock the project so other users cannot edit it.',
  synopsis: '<projectId> [--take] [--notes TEXT]\n\n' +
    '  (no flag)    show who holds the lock, since when and why; changes nothing\n' +
    '  --take       take the lock\n' +
    '  --notes TEXT take the lock with a note others see (implies --take)',
  flags: { take: { type: 'boolean' }, notes: { type: 'string' }, show: { type: 'boolean' } },
  check: (p, values) => {
    requirePositional(p, 0, 'projectId');
    if (values.show === true && (values.take === true || values.notes !== undefined)) throw new UsageError('--show only looks at the lock; leave it out to take the lock with --take or --notes.');
  },
  async run({ session, io, positionals, values, json }) {
    const id = requirePositional(positionals, 0, 'projectId');
    // Looking is the default: a user who only wants to see the lock must never end up holding it.
    if (values.take !== true && values.notes === undefined) {
      const lock = await session.client.projects.getLock(id, { signal: io.signal });
      if (json) printJson(io, lock ?? null);
      else io.stdout(lock ? formatDetails([['project', id], ['locked by', owner(lock)], ['since', lock.createTime], ['notes', lock.notes]]) : `Project ${id} is not locked.\n`);
      return 0;
    }
    const lock = await session.client.projects.lock(id, stringFlag(values, 'notes') ?? '', { signal: io.signal });
    if (json) printJson(io, lock);
    else io.stdout(`Locked project ${id}${lock.notes ? ` (${lock.notes})` : ''}.\n`);
    return 0;
  },
});

export const projectsUnlock = platformCommand({
  path: ['projects', 'unlock'],
  summary: 'Unlock a project you locked.',
  synopsis: '<projectId>',
  check: (p) => { requirePositional(p, 0, 'projectId'); },
  async run({ session, io, positionals, json }) {
    const id = requirePositional(positionals, 0, 'projectId');
    const status = await session.client.projects.unlock(id, { signal: io.signal });
    if (json) printJson(io, status);
    else io.stdout(`Unlocked project ${id}.\n`);
    return 0;
  },
});

const SORTS = ['lockId', 'projectId', 'createTime', 'lockOwner'];

export const projectsLocks = platformCommand({
  path: ['projects', 'locks'],
  summary: 'List all project locks (professional-services and global-admin users only).',
  synopsis: '[--sort +projectId|-createTime|...]',
  flags: { sort: { type: 'string' } },
  check: (_p, v) => {
    const sort = stringFlag(v, 'sort');
    if (sort !== undefined && !(/^[+-]/.test(sort) && SORTS.includes(sort.slice(1)))) {
      throw new UsageError(`--sort must be + or - followed by one of ${SORTS.join(', ')}.`);
    }
  },
  async run({ session, io, values, json }) {
    const sort = stringFlag(values, 'sort') as `${'+' | '-'}${'lockId' | 'projectId' | 'createTime' | 'lockOwner'}` | undefined;
    const locks: Lock[] = [];
    for await (const l of session.client.projects.locks({ sort, signal: io.signal })) locks.push(l);
    printRows(io, locks, [
      { header: 'LOCK', value: (l) => l.lockId },
      { header: 'PROJECT', value: (l) => l.projectId },
      { header: 'OWNER', value: owner },
      { header: 'SINCE', value: (l) => l.createTime },
      { header: 'NOTES', value: (l) => l.notes },
    ], json, 'No project is locked.');
    return 0;
  },
});
