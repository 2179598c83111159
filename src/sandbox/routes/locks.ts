// Project locks: held by one user; others can read but not edit the project (409) and may not unlock it
// (403) unless they are professional-services or global-admin users. The locks list is for those staff only.
import { caller, managementRoute } from '../auth';
import { isStaff, lockOf, requireVisibleProject, userName } from '../access';
import { requireEditableProject } from '../editableProject';
import { isoNow, type SandboxContext } from '../context';
import { badRequest, forbidden } from '../errors';
import { sortItems } from '../sorting';
import { json, type Router } from '../router';
import { nextId, type LockRecord } from '../state';
import { lockView, statusObject } from '../views';
import { optionalString, pageOf, paging, requireObject } from '../validate';

export function registerLockRoutes(router: Router, ctx: SandboxContext): void {
  const { state, store } = ctx;

  router.add(
    managementRoute('GET', '/v4/projects/:projectId/.lock', (req) => {
      const { project } = requireVisibleProject(state, caller(req), req.params.projectId);
      const lock = lockOf(state, project.id);
      return json(lock ? { lock: lockView(state, lock) } : {});
    }),
  );

  router.add(
    managementRoute('PUT', '/v4/projects/:projectId/.lock', async (req) => {
      const principal = caller(req);
      const project = requireEditableProject(state, req, 'lock the project');
      const raw = (await req.body()).length === 0 ? {} : await req.json();
      const notes = optionalString(requireObject(raw, 'lock request'), 'notes') ?? '';
      if (notes.length > 1000)
        throw badRequest(`Field "notes" is ${notes.length} characters long; the maximum is 1000.`);
      if (lockOf(state, project.id))
        throw badRequest(`Project ${project.id} is already locked by you; unlock it first to change the notes.`);
      const lock: LockRecord = {
        lockId: nextId(state, 'lock'),
        projectId: project.id,
        ownerId: principal.user.id,
        notes,
        createTime: isoNow(ctx),
      };
      state.locks.push(lock);
      await store.commit();
      return json({ lock: lockView(state, lock) });
    }),
  );

  router.add(
    managementRoute('PUT', '/v4/projects/:projectId/.unlock', async (req) => {
      const principal = caller(req);
      const { project } = requireVisibleProject(state, principal, req.params.projectId);
      const lock = lockOf(state, project.id);
      if (!lock) throw badRequest(`Project ${project.id} is not locked.`);
      if (lock.ownerId !== principal.user.id && !isStaff(principal.user)) {
        throw forbidden(
          `Project ${project.id} is locked by ${userName(state, lock.ownerId)}; only that user or a professional-services or global-admin user can unlock it.`,
        );
      }
      state.locks = state.locks.filter((l) => l !== lock);
      await store.commit();
      return json(statusObject(`Project ${project.id} unlocked.`));
    }),
  );

  router.add(
    managementRoute('GET', '/v4/projects/.locks', (req) => {
      const { user } = caller(req);
      if (!isStaff(user))
        throw forbidden(
          `${user.name} may not list project locks; the locks list is restricted to professional-services and global-admin users.`,
        );
      const q = req.query;
      const locks = state.locks.filter(
        (l) =>
          (!q.get('projectId') || l.projectId === q.get('projectId')) &&
          (!q.get('userId') || l.ownerId === q.get('userId')) &&
          (!q.get('orgId') || state.projects.find((p) => p.id === l.projectId)?.orgId === q.get('orgId')),
      );
      // Ids sort alphabetically, as the spec says of the default lock-id order.
      const sorted = sortItems(
        locks,
        q.get('sort') ?? q.get('sortBy') ?? '+lockId',
        {
          lockId: (l) => l.lockId,
          projectId: (l) => l.projectId,
          createTime: (l) => l.createTime,
          lockOwner: (l) => userName(state, l.ownerId),
        },
        q.get('sort') !== null ? 'sort' : 'sortBy',
      );
      return json(
        pageOf(
          'locks',
          sorted.map((l) => lockView(state, l)),
          paging(q),
        ),
      );
    }),
  );
}
