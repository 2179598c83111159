// `cstudio projects lock|unlock|locks`
import type { Lock } from '../../core/platform/types';
import { UsageError } from '../command';
import { formatDetails, printJson, printRows } from '../output';
import { platformCommand } from '../platformCommand';

function owner(l: Lock): string {
  const o = l.lockOwner;
  return o ? `${o.name ?? o.id ?? ''}${o.email ? ` <${o.email}>` : ''}` : '';
}

export const projectsLock = platformCommand({
  path: ['projects', 'lock'],
  summary: "Show a project's lock; with --take (or --notes), lock the project so other users cannot edit it.",
  synopsis:
    '<projectId> [--take] [--notes TEXT]\n\n' +
    '  (no flag)    show who holds the lock, since when and why; changes nothing\n' +
    '  --take       take the lock\n' +
    '  --notes TEXT take the lock with a note others see (implies --take)',
  flags: { take: { type: 'boolean' }, notes: { type: 'string' }, show: { type: 'boolean' } },
  args: ['projectId'],
  input: ({ flags }) => {
    const take = flags.take === true || flags.notes !== undefined;
    if (flags.show === true && take)
      throw new UsageError('--show only looks at the lock; leave it out to take the lock with --take or --notes.');
    // Looking is the default: a user who only wants to see the lock must never end up holding it.
    return { take, notes: flags.notes ?? '' };
  },
  async run({ session, io, args, input: { take, notes }, json }) {
    const id = args.projectId;
    if (!take) {
      const lock = await session.client.projects.getLock(id, { signal: io.signal });
      if (json) printJson(io, lock ?? null);
      else
        io.stdout(
          lock
            ? formatDetails([
                ['project', id],
                ['locked by', owner(lock)],
                ['since', lock.createTime],
                ['notes', lock.notes],
              ])
            : `Project ${id} is not locked.\n`,
        );
      return 0;
    }
    const lock = await session.client.projects.lock(id, notes, { signal: io.signal });
    if (json) printJson(io, lock);
    else io.stdout(`Locked project ${id}${lock.notes ? ` (${lock.notes})` : ''}.\n`);
    return 0;
  },
});

export const projectsUnlock = platformCommand({
  path: ['projects', 'unlock'],
  summary: 'Unlock a project you locked.',
  synopsis: '<projectId>',
  args: ['projectId'],
  async run({ session, io, args, json }) {
    const id = args.projectId;
    const status = await session.client.projects.unlock(id, { signal: io.signal });
    if (json) printJson(io, status);
    else io.stdout(`Unlocked project ${id}.\n`);
    return 0;
  },
});

const SORTS = ['lockId', 'projectId', 'createTime', 'lockOwner'] as const;
type LockSort = `${'+' | '-'}${(typeof SORTS)[number]}`;

const isLockSort = (sort: string): sort is LockSort =>
  /^[+-]/.test(sort) && (SORTS as readonly string[]).includes(sort.slice(1));

export const projectsLocks = platformCommand({
  path: ['projects', 'locks'],
  summary: 'List all project locks (professional-services and global-admin users only).',
  synopsis: '[--sort +projectId|-createTime|...]',
  flags: { sort: { type: 'string' } },
  input: ({ flags: { sort } }): LockSort | undefined => {
    if (sort !== undefined && !isLockSort(sort))
      throw new UsageError(`--sort must be + or - followed by one of ${SORTS.join(', ')}.`);
    return sort;
  },
  async run({ session, io, input: sort, json }) {
    const locks: Lock[] = [];
    for await (const l of session.client.projects.locks({ sort, signal: io.signal })) locks.push(l);
    printRows(
      io,
      locks,
      [
        { header: 'LOCK', value: (l) => l.lockId },
        { header: 'PROJECT', value: (l) => l.projectId },
        { header: 'OWNER', value: owner },
        { header: 'SINCE', value: (l) => l.createTime },
        { header: 'NOTES', value: (l) => l.notes },
      ],
      json,
      'No project is locked.',
    );
    return 0;
  },
});
