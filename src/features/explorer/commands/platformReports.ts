// Read-only platform lists shown as Markdown reports, from the palette or a connection's context menu: the
// project locks (staff only on the platform), the entity types with their data types, and every application
// the connection can see (the all-applications list; a user who is not staff gets each organization's).
import type { Application } from '../../../core/platform/appTypes';
import type { PlatformClient } from '../../../core/platform/client';
import { BadRequestError } from '../../../core/platform/errors';
import { collect } from '../../../core/platform/paging';
import { CommandIds, type CommandId } from '../../../host/commandIds';
import type { Command } from '../../../host/commands';
import { resolveConnection } from '../../../host/connectionPick';
import type { ReportingCommandDeps } from './builds/buildDeps';
import { reportPath } from '../reportDocuments';
import { escapeMarkdown as esc, markdownCode as code } from '../../../core/markdown';
import type * as vscode from 'vscode';

function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>, empty: string): string {
  if (rows.length === 0) return `_${empty}_\n`;
  const line = (cells: readonly string[]): string => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n') + '\n';
}

abstract class ReportCommand implements Command {
  abstract readonly id: CommandId;
  protected abstract readonly title: string;
  constructor(protected readonly deps: ReportingCommandDeps) {}

  protected abstract build(client: PlatformClient, signal: AbortSignal): Promise<string>;

  async execute(arg?: unknown): Promise<vscode.Uri> {
    const entry = await resolveConnection(this.deps.registry, this.deps.prompter, arg, { title: this.title });
    const session = await this.deps.registry.session(entry.id);
    const body = await this.deps.prompter.withProgress({ title: `${this.title} (${entry.name})` }, (_p, signal) =>
      this.build(session.client, signal),
    );
    const uri = this.deps.reports.put(
      reportPath(`${this.title} ${entry.name}`),
      `# ${esc(this.title)} — ${esc(entry.name)}\n\n${body}`,
    );
    await this.deps.reports.open(uri);
    return uri;
  }
}

export class ShowLocksCommand extends ReportCommand {
  readonly id = CommandIds.locksShow;
  protected readonly title = 'Project Locks';
  protected async build(client: PlatformClient, signal: AbortSignal): Promise<string> {
    const locks = await collect(client.projects.locks({ signal }));
    return table(
      ['Project', 'Owner', 'Since', 'Notes'],
      locks.map((l) => [
        code(l.projectId),
        esc(l.lockOwner?.name ?? l.lockOwner?.email ?? l.lockOwner?.id ?? ''),
        l.createTime ?? '',
        esc(l.notes ?? ''),
      ]),
      'No project is locked.',
    );
  }
}

export class ShowEntityTypesCommand extends ReportCommand {
  readonly id = CommandIds.entityTypesShow;
  protected readonly title = 'Entity Types';
  protected async build(client: PlatformClient, signal: AbortSignal): Promise<string> {
    const types = await client.ontology.entityTypes({ signal });
    return table(
      ['Type', 'Description', 'Data types'],
      types.map((t) => [code(t.name), esc(t.description ?? ''), t.compatibleDataTypes.join(', ')]),
      'The platform lists no entity types.',
    );
  }
}

export class ShowAllApplicationsCommand extends ReportCommand {
  readonly id = CommandIds.applicationsShowAll;
  protected readonly title = 'All Applications';
  protected async build(client: PlatformClient, signal: AbortSignal): Promise<string> {
    let apps: Application[];
    try {
      apps = await collect(client.apps.list({ signal }));
    } catch (err) {
      // Only staff may list every organization at once; others get the list of each organization they see.
      if (!(err instanceof BadRequestError)) throw err;
      const orgs = await collect(client.organizations.list({ signal }));
      apps = [];
      for (const org of orgs) {
        const own = await collect(client.apps.list({ orgId: org.id, signal })).catch(() => []);
        for (const item of own) apps.push(item);
      }
    }
    return table(
      ['Application', 'Id', 'Organization', 'Created'],
      apps.map((a) => [
        esc(a.applicationName),
        code(a.id),
        esc(a.organizationName ?? a.organizationId ?? ''),
        a.createTime ?? '',
      ]),
      'No application is visible through this connection.',
    );
  }
}
