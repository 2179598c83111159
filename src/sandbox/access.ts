// Who may see and change what (platform-api.md, "Project roles" and rules 1 and 3):
// - organization members see the organization's projects; outsiders only projects they are members of;
//   a project the caller may not see answers 404, exactly like a missing one (no existence leak);
// - Owner: everything; Admin: everything except deleting the project and editing its details;
//   Viewer: read only;
// - professional-services and global-admin users act as Owner on every project;
// - while a project is locked, edits by anyone but the lock owner get 409 "Project N is locked by …".
import { conflict, forbidden, notFound } from './errors';
import type { Principal } from './auth';
import type { LockRecord, OrgRole, OrganizationRecord, ProjectRecord, SandboxState, UserRecord } from './state';

export const isProfessionalServices = (user: UserRecord): boolean => user.globalRoles.includes('professional-services');
export const isGlobalAdmin = (user: UserRecord): boolean => user.globalRoles.includes('global-admin');
/** Provider staff: professional services or global admin. */
export const isStaff = (user: UserRecord): boolean => isProfessionalServices(user) || isGlobalAdmin(user);

export function orgRole(org: OrganizationRecord, user: UserRecord): OrgRole | undefined {
  return org.members.find((m) => m.userId === user.id)?.role;
}

/** The caller's role on a project, or undefined when it may not see it. */
export function projectRole(state: SandboxState, project: ProjectRecord, user: UserRecord): OrgRole | undefined {
  if (isStaff(user)) return 'Owner';
  const member = project.members.find((m) => m.userId === user.id)?.role;
  const org = state.organizations.find((o) => o.id === project.orgId);
  const fromOrg = org ? orgRole(org, user) : undefined;
  return strongest(member, fromOrg);
}

const RANK: Record<OrgRole, number> = { Viewer: 1, Admin: 2, Owner: 3 };

function strongest(a: OrgRole | undefined, b: OrgRole | undefined): OrgRole | undefined {
  if (!a) return b;
  if (!b) return a;
  return RANK[a] >= RANK[b] ? a : b;
}

export function userName(state: SandboxState, userId: string): string {
  const u = state.users.find((x) => x.id === userId);
  return u ? `${u.name} (${u.email})` : `user ${userId}`;
}

/** Organizations the caller can see: those it belongs to, and those holding a project it is a member of. */
export function visibleOrganizations(state: SandboxState, user: UserRecord): OrganizationRecord[] {
  if (isStaff(user)) return state.organizations;
  return state.organizations.filter(
    (o) =>
      orgRole(o, user) !== undefined ||
      state.projects.some((p) => p.orgId === o.id && p.members.some((m) => m.userId === user.id)),
  );
}

export function requireVisibleOrganization(
  state: SandboxState,
  principal: Principal,
  orgId: string,
): OrganizationRecord {
  const org = visibleOrganizations(state, principal.user).find((o) => o.id === orgId);
  if (!org) throw notFound(`Organization ${orgId} not found (or you are not a member of it).`);
  return org;
}

/**
 * An organization whose own settings (deployment flows, environments, engine packs…) the caller asks for: 404 when
 * there is no such organization, 403 when the caller is not a member (nor staff): the same answer as
 * `GET /v4/apps?orgId=` gives a non-member, and what docs/platform-notes.md says of the organization endpoints.
 * Seeing the organization through a project of it is not membership (403 too).
 */
export function requireOrganizationMember(
  state: SandboxState,
  principal: Principal,
  orgId: string,
  what: string,
): OrganizationRecord {
  const org = state.organizations.find((o) => o.id === orgId);
  if (!org) throw notFound(`Organization ${orgId} not found.`);
  if (!isStaff(principal.user) && orgRole(org, principal.user) === undefined) {
    throw forbidden(
      `${principal.user.name} is not a member of organization ${orgId}; ${what} are visible to its members only.`,
    );
  }
  return org;
}

export function requireVisibleProject(
  state: SandboxState,
  principal: Principal,
  projectId: string,
): { project: ProjectRecord; role: OrgRole } {
  const project = state.projects.find((p) => p.id === projectId);
  const role = project && projectRole(state, project, principal.user);
  if (!project || !role) throw notFound(`Project ${projectId} not found.`);
  return { project, role };
}

export function lockOf(state: SandboxState, projectId: string): LockRecord | undefined {
  return state.locks.find((l) => l.projectId === projectId);
}

export type ProjectAction = 'edit' | 'owner';

/**
 * The project, when the caller may perform `action` on it: 404 when it cannot see it, 403 when its role
 * does not allow the action (`what` says which), 409 when another user holds the lock.
 */
export function requireProjectAction(
  state: SandboxState,
  principal: Principal,
  projectId: string,
  action: ProjectAction,
  what: string,
): ProjectRecord {
  const { project, role } = requireVisibleProject(state, principal, projectId);
  const allowed = action === 'owner' ? role === 'Owner' : role === 'Owner' || role === 'Admin';
  if (!allowed) {
    const who = action === 'owner' ? 'the project Owner' : 'an Owner or Admin';
    throw forbidden(
      `${principal.user.name} has the ${role} role on project ${projectId} and may not ${what}; only ${who} can.`,
    );
  }
  requireNotLockedByOther(state, principal, project);
  return project;
}

export function requireNotLockedByOther(state: SandboxState, principal: Principal, project: ProjectRecord): void {
  const lock = lockOf(state, project.id);
  if (lock && lock.ownerId !== principal.user.id) {
    throw conflict(
      `Project ${project.id} is locked by ${userName(state, lock.ownerId)} since ${lock.createTime}${lock.notes ? ` ("${lock.notes}")` : ''}; ask them to unlock it, then retry.`,
    );
  }
}
