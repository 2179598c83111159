// The step most project edits start with, in one place: the path's project (`:projectId`), when the caller may
// edit it (access.ts: 404 unseen, 403 for its role, 409 while another user holds the lock).
import { requireProjectAction } from './access';
import { caller } from './auth';
import type { SandboxRequest } from './router';
import type { ProjectRecord, SandboxState } from './state';

/** `what` names the edit in the 403 ("build models"). */
export function requireEditableProject(
  state: SandboxState,
  req: SandboxRequest<{ readonly projectId: string }>,
  what: string,
): ProjectRecord {
  return requireProjectAction(state, caller(req), req.params.projectId, 'edit', what);
}
