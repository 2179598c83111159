// What a command acts on. From a context menu the tree node says it all; from the palette (no argument) the
// user picks the connection, organization, project and item in quick picks, each list fetched on demand.
// Automation may pass plain ids instead: `{ connectionId, projectId, intentName }`.
import type { ConnectionSession } from '../../core/connections/connectionRegistry';
import { listProjectIntents } from '../../core/nlu/projectIntents';
import type { PlatformClient } from '../../core/platform/client';
import { collect } from '../../core/platform/paging';
import type { Entity } from '../../core/platform/nluTypes';
import type { Job, Project, ProjectChannel } from '../../core/platform/types';
import { resolveConnection } from '../../host/connectionPick';
import { answered, type PickItem } from '../../host/prompter';
import type { ExplorerCommandDeps } from './commandDeps';
import { ChannelNode } from './nodes/channelNodes';
import { ENTITY_KIND_LABELS, EntityNode } from './nodes/entityNodes';
import { IntentNode } from './nodes/intentNodes';
import { JobNode } from './nodes/jobNodes';
import { OrganizationNode } from './nodes/organizationNode';
import type { InProject } from './nodes/projectGroup';
import { ProjectNode } from './nodes/projectNode';
import { argObject } from '../../host/commands';

export interface OrganizationTarget {
  readonly connectionId: string;
  readonly session: ConnectionSession;
  readonly client: PlatformClient;
  readonly orgId: string;
  readonly orgName: string;
}

export interface ProjectTarget {
  readonly connectionId: string;
  readonly session: ConnectionSession;
  readonly client: PlatformClient;
  readonly project: Project;
  readonly projectId: string;
  readonly projectName: string;
  readonly languages: readonly string[];
  /** The tree node, when the command came from the tree. */
  readonly node?: ProjectNode;
}

type Ids = {
  connectionId?: unknown;
  orgId?: unknown;
  projectId?: unknown;
  channelId?: unknown;
  entityName?: unknown;
  intentName?: unknown;
  jobId?: unknown;
};

function ids(arg: unknown): Ids {
  return argObject(arg);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function projectNodeOf(arg: unknown): ProjectNode | undefined {
  if (arg instanceof ProjectNode) return arg;
  const inProject = (arg as Partial<InProject> | undefined)?.projectNode;
  return inProject instanceof ProjectNode ? inProject : undefined;
}

async function pickOne<T>(
  deps: ExplorerCommandDeps,
  items: PickItem<T>[],
  title: string,
  placeholder: string,
  empty: string,
): Promise<T> {
  if (items.length === 0) throw new Error(empty);
  return answered(deps.prompter.pick(items, { title, placeholder }), title);
}

export async function resolveOrganization(
  deps: ExplorerCommandDeps,
  arg: unknown,
  title: string,
): Promise<OrganizationTarget> {
  if (arg instanceof OrganizationNode) {
    const session = await deps.registry.session(arg.connectionId);
    return {
      connectionId: arg.connectionId,
      session,
      client: session.client,
      orgId: arg.orgId,
      orgName: arg.organization.displayName,
    };
  }
  const entry = await resolveConnection(deps.registry, deps.prompter, arg, { title });
  const session = await deps.registry.session(entry.id);
  const orgs = await collect(session.client.organizations.list());
  const wanted = str(ids(arg).orgId);
  const org =
    wanted !== undefined
      ? orgs.find((o) => o.id === wanted)
      : orgs.length === 1
        ? orgs[0]
        : await pickOne(
            deps,
            orgs.map((o) => ({ label: o.displayName, description: o.id, value: o })),
            title,
            'Organization',
            `Connection "${entry.name}" sees no organization.`,
          );
  if (!org) throw new Error(`Organization ${String(wanted)} is not visible through connection "${entry.name}".`);
  return { connectionId: entry.id, session, client: session.client, orgId: org.id, orgName: org.displayName };
}

function projectTarget(
  connectionId: string,
  session: ConnectionSession,
  project: Project,
  node?: ProjectNode,
): ProjectTarget {
  return {
    connectionId,
    session,
    client: session.client,
    project,
    projectId: project.id,
    projectName: project.displayName,
    languages: project.languages ?? [],
    node,
  };
}

export async function resolveProject(deps: ExplorerCommandDeps, arg: unknown, title: string): Promise<ProjectTarget> {
  const node = projectNodeOf(arg);
  if (node) return projectTarget(node.connectionId, await deps.registry.session(node.connectionId), node.project, node);
  const wanted = str(ids(arg).projectId);
  if (wanted !== undefined) {
    const entry = await resolveConnection(deps.registry, deps.prompter, arg, { title });
    const session = await deps.registry.session(entry.id);
    return projectTarget(entry.id, session, await session.client.projects.get(wanted));
  }
  const org = await resolveOrganization(deps, arg, title);
  const projects = await collect(org.client.projects.listByOrg(org.orgId));
  const project = await pickOne(
    deps,
    projects.map((p) => ({
      label: p.displayName,
      description: `${p.id} · ${(p.languages ?? []).join(', ')}`,
      value: p,
    })),
    title,
    'Project',
    `Organization "${org.orgName}" has no project you can see.`,
  );
  return projectTarget(org.connectionId, org.session, project);
}

export async function resolveChannel(
  deps: ExplorerCommandDeps,
  arg: unknown,
  title: string,
): Promise<ProjectTarget & { channel: ProjectChannel }> {
  const target = await resolveProject(deps, arg, title);
  if (arg instanceof ChannelNode) return { ...target, channel: arg.entry };
  const project = await target.client.projects.get(target.projectId);
  const channels = project.channels ?? [];
  const wanted = str(ids(arg).channelId);
  const channel =
    wanted !== undefined
      ? channels.find((c) => c.channel.id === wanted)
      : await pickOne(
          deps,
          channels.map((c) => ({
            label: c.channel.displayName,
            description: c.isActive === false ? 'inactive' : 'active',
            value: c,
          })),
          title,
          'Channel',
          `Project "${target.projectName}" has no channels.`,
        );
  if (!channel) throw new Error(`Project "${target.projectName}" has no channel ${String(wanted)}.`);
  return { ...target, project, channel };
}

export async function resolveEntity(
  deps: ExplorerCommandDeps,
  arg: unknown,
  title: string,
  filter: (e: Entity) => boolean = (e) => e.kind !== 'BASE',
): Promise<ProjectTarget & { entity: Entity }> {
  const target = await resolveProject(deps, arg, title);
  if (arg instanceof EntityNode) return { ...target, entity: arg.entity };
  const wanted = str(ids(arg).entityName);
  if (wanted !== undefined) return { ...target, entity: await target.client.entities.get(target.projectId, wanted) };
  const entities = (await target.client.entities.list(target.projectId)).filter(filter);
  const entity = await pickOne(
    deps,
    entities.map((e) => ({ label: e.name, description: ENTITY_KIND_LABELS[e.kind], value: e })),
    title,
    'Entity',
    `Project "${target.projectName}" has no entity to choose here.`,
  );
  return { ...target, entity };
}

export async function resolveIntent(
  deps: ExplorerCommandDeps,
  arg: unknown,
  title: string,
): Promise<ProjectTarget & { intentName: string }> {
  const target = await resolveProject(deps, arg, title);
  if (arg instanceof IntentNode) return { ...target, intentName: arg.intentName };
  const wanted = str(ids(arg).intentName);
  if (wanted !== undefined) return { ...target, intentName: wanted };
  const intents = await listProjectIntents(target.client, target.projectId);
  const intentName = await pickOne(
    deps,
    intents.map((i) => ({ label: i.name, description: `${i.links.length} linked entities`, value: i.name })),
    title,
    'Intent',
    `Project "${target.projectName}" has no intents.`,
  );
  return { ...target, intentName };
}

export async function resolveJob(
  deps: ExplorerCommandDeps,
  arg: unknown,
  title: string,
): Promise<ProjectTarget & { job: Job }> {
  const target = await resolveProject(deps, arg, title);
  if (arg instanceof JobNode) return { ...target, job: arg.job };
  const wanted = str(ids(arg).jobId);
  if (wanted !== undefined) return { ...target, job: await target.client.jobs.get(target.projectId, wanted) };
  const page = await target.client.jobs.listPage(target.projectId, 50, 0);
  const job = await pickOne(
    deps,
    page.items.map((j) => ({
      label: j.type ?? 'Job',
      description: `${j.status} · ${j.createTime ?? ''}`,
      detail: j.id,
      value: j,
    })),
    title,
    'Job',
    `Project "${target.projectName}" has no jobs.`,
  );
  return { ...target, job };
}

/** The locale to import into: the only one, or the user's pick among the project's. */
export async function pickLocale(deps: ExplorerCommandDeps, target: ProjectTarget, title: string): Promise<string> {
  if (target.languages.length === 1) return target.languages[0] as string;
  return pickOne(
    deps,
    target.languages.map((l) => ({ label: l, value: l })),
    title,
    'Locale',
    `Project "${target.projectName}" lists no locales.`,
  );
}
