// After a command changes something, the branches that show it reload (only those already loaded).
import type { ExplorerNode } from './explorerNode';
import type { ExplorerModel } from './explorerModel';
import { BuildsGroupNode } from './nodes/buildNodes';
import { EnvConfigsGroupNode } from './nodes/envConfigNodes';
import { ChannelsGroupNode } from './nodes/channelNodes';
import { EntitiesGroupNode } from './nodes/entityNodes';
import { IntentsGroupNode } from './nodes/intentNodes';
import { JobsGroupNode } from './nodes/jobNodes';
import { OrganizationNode } from './nodes/organizationNode';
import { ProjectNode } from './nodes/projectNode';

export type ProjectPart = 'project' | 'channels' | 'entities' | 'intents' | 'jobs' | 'builds' | 'envConfigs';

const PART_CLASSES = {
  project: ProjectNode,
  channels: ChannelsGroupNode,
  entities: EntitiesGroupNode,
  intents: IntentsGroupNode,
  jobs: JobsGroupNode,
  builds: BuildsGroupNode,
  envConfigs: EnvConfigsGroupNode,
} as const;

function inProject(node: ExplorerNode, connectionId: string, projectId: string): boolean {
  const project = node instanceof ProjectNode ? node : (node as { projectNode?: ProjectNode }).projectNode;
  return node.connectionId === connectionId && project?.projectId === projectId;
}

/** Reloads the given parts of one project wherever the tree shows them. */
export function refreshProject(
  model: ExplorerModel,
  connectionId: string,
  projectId: string,
  ...parts: ProjectPart[]
): void {
  for (const part of parts) {
    const cls = PART_CLASSES[part];
    model.refreshWhere((n) => n instanceof cls && inProject(n, connectionId, projectId));
  }
}

/** Reloads an organization's project list (a project was created, renamed or deleted). */
export function refreshOrganization(model: ExplorerModel, connectionId: string, orgId?: string): void {
  model.refreshWhere(
    (n) =>
      n instanceof OrganizationNode && n.connectionId === connectionId && (orgId === undefined || n.orgId === orgId),
  );
}
