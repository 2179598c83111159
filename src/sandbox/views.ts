// Wire shapes of the management API's records (real-client-shapes.md; docs/platform-notes.md).
// State records hold more than the wire shows (members, creator, tasks); these functions pick what goes out.
import { ENGINE_PACK_FEATURES } from './catalog/platformCatalog';
import { jobDuration } from './jobs';
import type { ChannelRecord, JobRecord, LockRecord, OrganizationRecord, ProjectRecord, SandboxState } from './state';

export function channelView(c: ChannelRecord): { channel: Record<string, unknown>; isActive: boolean } {
  return {
    channel: { id: c.id, displayName: c.displayName, codeName: c.codeName, modes: [...c.modes], color: c.color },
    isActive: c.isActive,
  };
}

export interface ProjectViewOptions {
  includeFeatures?: boolean;
  excludeChannels?: boolean;
}

/**
 * Channel create/configure replies add `extendedChannel` (mix-cli's channels fixture): the channel with
 * each mode as `{mode, isActive}`.
 */
export function channelReply(c: ChannelRecord): Record<string, unknown> {
  return {
    ...channelView(c),
    extendedChannel: {
      id: c.id,
      displayName: c.displayName,
      codeName: c.codeName,
      modes: c.modes.map((mode) => ({ mode, isActive: true })),
      color: c.color,
    },
  };
}

export function projectView(p: ProjectRecord, options: ProjectViewOptions = {}): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: p.id,
    orgId: p.orgId,
    displayName: p.displayName,
    languageTopic: p.languageTopic,
    languages: [...p.languages],
    channels: p.channels.map(channelView),
    datapacks: p.datapacks.map((d) => ({ ...d })),
    baseDatapack: p.baseDatapack,
    enginePackId: p.enginePackId,
    createTime: p.createTime,
    updateTime: p.updateTime,
  };
  if (options.excludeChannels) delete view.channels;
  // mix-cli's `projects:list --include-features` joins this array (it crashes when absent).
  if (options.includeFeatures) view.enginePackFeatures = [...ENGINE_PACK_FEATURES];
  return view;
}

/** The extended list adds the organization's name (the list spans organizations). */
export function extendedProjectView(
  state: SandboxState,
  p: ProjectRecord,
  options: ProjectViewOptions = {},
): Record<string, unknown> {
  const org = state.organizations.find((o) => o.id === p.orgId);
  return { ...projectView(p, options), orgDisplayName: org?.displayName ?? '' };
}

/** `view=FULL` adds the members (mix-cli's organizations fixture), as `{id, name, email, role, isExpert}`. */
export function organizationView(state: SandboxState, o: OrganizationRecord, full = false): Record<string, unknown> {
  if (!full) return { id: o.id, displayName: o.displayName, type: o.type };
  const members = o.members.map((m) => {
    const u = state.users.find((x) => x.id === m.userId);
    return { id: m.userId, name: u?.name ?? '', email: u?.email ?? '', role: m.role, isExpert: m.expert === true };
  });
  return { id: o.id, displayName: o.displayName, type: o.type, members };
}

export function lockView(state: SandboxState, l: LockRecord): Record<string, unknown> {
  const u = state.users.find((x) => x.id === l.ownerId);
  return {
    lockId: l.lockId,
    projectId: l.projectId,
    lockOwner: { id: l.ownerId, name: u?.name ?? '', email: u?.email ?? '' },
    createTime: l.createTime,
    notes: l.notes,
  };
}

export function jobView(j: JobRecord, now: number): Record<string, unknown> {
  return {
    id: j.id,
    projectId: j.projectId,
    type: j.type,
    status: j.status,
    createTime: j.createTime,
    updateTime: j.updateTime,
    duration: jobDuration(j, now),
    report: j.report,
  };
}

/** The gateway's status object for actions with nothing else to say. */
export function statusObject(message: string): { code: 0; message: string; details: [] } {
  return { code: 0, message, details: [] };
}
