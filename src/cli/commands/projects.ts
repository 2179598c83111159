// `cstudio projects list|get|create|rename|delete`
import type { Project, ProjectRequest } from '../../core/platform/types';
import { UsageError } from '../command';
import { formatDetails, printJson, printRows } from '../output';
import { platformCommand } from '../platformCommand';
import { parseChannelSpec } from '../channelFlags';
import { printStarted, waitAndReport } from '../jobOutput';
import { confirm } from '../confirm';
import { parseIntFlag } from '../args';

function describeProject(p: Project): string {
  return formatDetails([
    ['id', p.id],
    ['name', p.displayName],
    ['organization', p.orgId],
    ['languages', (p.languages ?? []).join(', ')],
    ['language topic', p.languageTopic],
    [
      'channels',
      (p.channels ?? []).map((c) => `${c.channel.displayName}${c.isActive === false ? ' (inactive)' : ''}`).join(', '),
    ],
    ['created', p.createTime],
    ['updated', p.updateTime],
  ]);
}

export const projectsList = platformCommand({
  path: ['projects', 'list'],
  summary: 'List projects: all visible ones, or those of one organization.',
  synopsis: '[--org ORG_ID] [--limit N]',
  flags: { org: { type: 'string' }, limit: { type: 'string' } },
  input: ({ flags }) => ({ limit: parseIntFlag(flags.limit, 'limit', 1) }),
  async run({ session, io, flags, input: { limit }, json }) {
    const org = flags.org;
    const source = org
      ? session.client.projects.listByOrg(org, { signal: io.signal })
      : session.client.projects.list({ signal: io.signal });
    const projects: Project[] = [];
    for await (const p of source) {
      projects.push(p);
      if (limit !== undefined && projects.length >= limit) break;
    }
    printRows(
      io,
      projects,
      [
        { header: 'ID', value: (p) => p.id },
        { header: 'NAME', value: (p) => p.displayName },
        { header: 'ORG', value: (p) => p.orgId },
        { header: 'LANGUAGES', value: (p) => (p.languages ?? []).join(',') },
        { header: 'UPDATED', value: (p) => p.updateTime },
      ],
      json,
      org ? `No projects in organization ${org}.` : 'No projects.',
    );
    return 0;
  },
});

export const projectsGet = platformCommand({
  path: ['projects', 'get'],
  summary: 'Show the details of a project.',
  synopsis: '<projectId>',
  args: ['projectId'],
  async run({ session, io, args, json }) {
    const project = await session.client.projects.get(args.projectId, { signal: io.signal });
    if (json) printJson(io, project);
    else io.stdout(describeProject(project));
    return 0;
  },
});

export const projectsCreate = platformCommand({
  path: ['projects', 'create'],
  summary: 'Create a project in an organization (answering the child-data question).',
  synopsis:
    '--org ORG_ID --name NAME --languages en-US[,fr-CA] --child-data YES|NO [--description TEXT] [--topic TOPIC] [--channel NAME:MODE[,MODE…]]…',
  flags: {
    org: { type: 'string' },
    name: { type: 'string' },
    languages: { type: 'string' },
    'child-data': { type: 'string' },
    description: { type: 'string' },
    topic: { type: 'string' },
    channel: { type: 'string', multiple: true },
  },
  input: ({ flags }) => {
    const org = required(flags.org, 'org');
    const displayName = required(flags.name, 'name');
    const languages = required(flags.languages, 'languages');
    const cd = required(flags['child-data'], 'child-data');
    if (cd !== 'YES' && cd !== 'NO')
      throw new UsageError('--child-data must be YES or NO (is the project directed at children under 16?).');
    if (cd === 'YES' && !flags.description) throw new UsageError('--child-data YES requires --description.');
    const channels = (flags.channel ?? []).map(parseChannelSpec);
    const request: ProjectRequest = {
      displayName,
      languages: languages
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean),
      isChildDataCompliant: cd,
      projectDescription: flags.description,
      languageTopic: flags.topic ?? 'gen',
      ...(channels.length > 0 ? { channels } : {}),
    };
    return { org, request };
  },
  async run({ session, io, input: { org, request }, json }) {
    const project = await session.client.projects.create(org, request, { signal: io.signal });
    if (json) printJson(io, project);
    else io.stdout(`Created project ${project.id} "${project.displayName}".\n`);
    return 0;
  },
});

/** A flag the command cannot do without. */
function required(value: string | undefined, name: string): string {
  if (!value) throw new UsageError(`--${name} is required.`);
  return value;
}

export const projectsDatapack = platformCommand({
  path: ['projects', 'datapack'],
  summary: 'Set the data pack version of one language of a project (a job; waits for it unless --no-wait).',
  synopsis: '<projectId> --locale LOCALE --version VERSION [--no-wait]',
  flags: { locale: { type: 'string' }, version: { type: 'string' }, 'no-wait': { type: 'boolean' } },
  args: ['projectId'],
  input: ({ flags: { locale, version } }) => {
    for (const [f, value] of [
      ['locale', locale],
      ['version', version],
    ] as const) {
      if (!value) throw new UsageError(`--${f} is required (e.g. --locale en-US --version 4.7.0).`);
    }
    return { locale: locale ?? '', version: version ?? '' };
  },
  async run({ session, io, args, flags, input, json }) {
    const id = args.projectId;
    const job = await session.client.projects.updateDatapack(id, input, { signal: io.signal });
    if (flags['no-wait'] === true) return printStarted(io, id, job, 'data pack', json);
    return waitAndReport(session.client, id, job, io, json);
  },
});

export const projectsRename = platformCommand({
  path: ['projects', 'rename'],
  summary: 'Rename a project.',
  synopsis: '<projectId> <newName>',
  args: ['projectId', 'newName'],
  async run({ session, io, args, json }) {
    const id = args.projectId;
    const name = await session.client.projects.rename(id, args.newName, { signal: io.signal });
    if (json) printJson(io, { id, displayName: name });
    else io.stdout(`Project ${id} is now "${name}".\n`);
    return 0;
  },
});

export const projectsDelete = platformCommand({
  path: ['projects', 'delete'],
  summary: 'Delete a project (asks you to type its name, unless --yes).',
  synopsis: '<projectId> [--yes]',
  flags: { yes: { type: 'boolean' } },
  args: ['projectId'],
  async run({ session, io, args, flags, json }) {
    const id = args.projectId;
    if (flags.yes !== true) {
      const project = await session.client.projects.get(id, { signal: io.signal });
      await confirm(
        io,
        `Delete project ${id} "${project.displayName}" and all its content? Type its name to confirm: `,
        project.displayName,
      );
    }
    const status = await session.client.projects.delete(id, { signal: io.signal });
    if (json) printJson(io, status);
    else io.stdout(`Deleted project ${id}.\n`);
    return 0;
  },
});
