// Jobs of a project, newest first. While one is running the folder reloads itself every second, as long as
// it stays expanded (VS Code asks for the children again only then), so states change live.
import * as vscode from 'vscode';
import { isTerminalJobStatus } from '../../../core/platform/jobPoller';
import type { Job, Page } from '../../../core/platform/types';
import { contextValue, NodeKinds } from '../../../host/contextValues';
import { childId, ExplorerNode, type ExplorerContext } from '../explorerNode';
import { humanize, jobStatusIcon } from '../icons';
import { PagedContainerNode } from '../pagedNode';
import type { InProject } from './projectGroup';
import type { ProjectNode } from './projectNode';
import { escapeMarkdown as esc, markdownCode as code } from '../../../core/markdown';
import { tooltip } from '../markdown';

export const LIVE_JOBS_INTERVAL_MS = 1000;

export class JobsGroupNode extends PagedContainerNode<Job> implements InProject {
  readonly id: string;
  protected readonly emptyLabel = 'No jobs';
  private timer?: ReturnType<typeof setTimeout>;
  private running = 0;

  constructor(
    readonly projectNode: ProjectNode,
    ctx: ExplorerContext,
  ) {
    super(projectNode, ctx);
    this.id = childId(projectNode.id, 'jobs');
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Jobs', vscode.TreeItemCollapsibleState.Collapsed);
    item.iconPath = new vscode.ThemeIcon('tasklist');
    item.description = this.running > 0 ? `${this.running} running` : undefined;
    item.contextValue = contextValue(NodeKinds.jobs, { running: this.running > 0 });
    return item;
  }

  override invalidate(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    super.invalidate();
  }

  protected async fetchPage(limit: number, offset: number, signal: AbortSignal): Promise<Page<Job>> {
    const { client } = await this.session();
    const page = await client.jobs.listPage(this.projectNode.projectId, limit, offset, signal);
    if (offset === 0) this.watch(page.items);
    return page;
  }

  protected toNode(job: Job): ExplorerNode {
    return new JobNode(this, this.ctx, job);
  }

  private watch(jobs: readonly Job[]): void {
    const running = jobs.filter((j) => !isTerminalJobStatus(j.status)).length;
    const changed = running !== this.running;
    this.running = running;
    if (changed) setTimeout(() => this.ctx.changed(this), 0);
    if (running === 0 || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.ctx.refresh(this);
    }, LIVE_JOBS_INTERVAL_MS);
  }
}

/** Errors and warnings of a job report, wherever the report keeps them (`…Reports.reports[].errors.errors[]`). */
export function reportMessages(report: unknown, depth = 0): string[] {
  if (depth > 6 || typeof report !== 'object' || report === null) return [];
  if (Array.isArray(report)) return report.flatMap((r) => reportMessages(r, depth + 1));
  const o = report as Record<string, unknown>;
  const own = typeof o.message === 'string' && (o.code !== undefined || depth > 0) ? [o.message] : [];
  return [
    ...own,
    ...Object.entries(o)
      .filter(([k]) => k !== 'message')
      .flatMap(([, v]) => reportMessages(v, depth + 1)),
  ];
}

export class JobNode extends ExplorerNode implements InProject {
  readonly id: string;

  constructor(
    readonly group: JobsGroupNode,
    ctx: ExplorerContext,
    readonly job: Job,
  ) {
    super(group, ctx);
    this.id = childId(group.id, job.id);
  }

  get projectNode(): ProjectNode {
    return this.group.projectNode;
  }

  get jobId(): string {
    return this.job.id;
  }

  getTreeItem(): vscode.TreeItem {
    const j = this.job;
    const type = humanize(j.type) || 'job';
    const item = new vscode.TreeItem(
      type.charAt(0).toUpperCase() + type.slice(1),
      vscode.TreeItemCollapsibleState.None,
    );
    item.description = [humanize(j.status), j.duration, j.createTime?.slice(0, 19).replace('T', ' ')]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = jobStatusIcon(j.status);
    const messages = reportMessages(j.report);
    item.tooltip = tooltip([
      `**${esc(type)}** — ${esc(humanize(j.status))}`,
      '',
      `- Job id: ${code(j.id)}`,
      j.createTime && `- Started ${j.createTime}`,
      j.updateTime && `- Updated ${j.updateTime}`,
      j.duration && `- Duration ${j.duration}`,
      ...messages.slice(0, 10).map((m) => `- ${esc(m)}`),
    ]);
    const running = !isTerminalJobStatus(j.status);
    item.contextValue = contextValue(NodeKinds.job, { running, finished: !running, failed: j.status === 'FAILED' });
    return item;
  }
}
