// `cstudio projects list|get|create|rename|delete`
import type { Project, ProjectRequest } from '../../core/platform/types';
import { UsageError } from '../command';
import { formatDetails, printJson, printRows } from '../output';
import { platformCommand, stringFlag, type FlagValues } from '../platformCommand';
import { parseChannelSpec } from '../channelFlags';
import { waitAndReport } from '../jobOutput';
import { confirm } from '../confirm';
import { parseIntFlag, requirePositional } from '../args';

function describeProject(p: Project): string {
  return formatDetails([
    ['id', p.id],
    ['name', p.displayName],
    ['organization', p.orgId],
    ['languages', (p.languages ?? []).join(', ')],
    ['language topic', p.languageTopic],
    ['channels', (p.channels ?? []).map((c) => `${c.channel.displayName}${c.isActive === false ? ' (inactive)' : ''}`).join(', ')],
    ['created', p.createTime],
    ['updated', p.updateTime],
  ]);
}

export const projectsList = platformCommand({
  path: ['projects', 'list'],
  summary: 'List projects: all visible ones, or those of one organization.',
  synopsis: '[--org ORG_ID] [--limit N]',
  flags: { org: { type: 'string' }, limit: { type: 'string' } },
  check: (_p, v) => { parseIntFlag(stringFlag(v, 'limit'), 'limit', 1); },
  async run({ session, io, values, json }) {
    const org = stringFlag(values, 'org');
    const limit = parseIntFlag(stringFlag(values, 'limit'), 'limit', 1);
    const source = org ? session.client.projects.listByOrg(org, { signal: io.signal }) : session.client.projects.list({ signal: io.signal });
    const projects: Project[] = [];
    for await (const p of source) {
      projects.push(p);
      if (limit !== undefined && projects.length >= limit) break;
    }
    printRows(io, projects, [
      { header: 'ID', value: (p) => p.id },
      { header: 'NAME', value: (p) => p.displayName },
      { header: 'ORG', value: (p) => p.orgId },
      { header: 'LANGUAGES', value: (p) => (p.languages ?? []).join(',') },
      { header: 'UPDATED', value: (p) => p.updateTime },
    ], json, org ? `No projects in organization ${org}.` : 'No projects.');
    return 0;
  },
});

export const projectsGet = platformCommand({
  path: ['projects', 'get'],
  summary: 'Show the details of a project.',
  synopsis: '<projectId>',
  check: (p) => { requirePositional(p, 0, 'projectId'); },
  async run({ session, io, positionals, json }) {
    const project = await session.client.projects.get(requirePositional(positionals, 0, 'projectId'), { signal: io.signal });
    if (json) printJson(io, project);
    else io.stdout(describeProject(project));
    return 0;
  },
});

export const projectsCreate = platformCommand({
  path: ['projects', 'create'],
  summary: 'Create a project in an organization (answering the child-data question).',
  synopsis: '--org ORG_ID --name NAME --languages en-US[,fr-CA] --child-data YES|NO [--description TEXT] [--topic TOPIC] [--channel NAME:MODE[,MODE…]]…',
  flags: {
    org: { type: 'string' }, name: { type: 'string' }, languages: { type: 'string' },
    'child-data': { type: 'string' }, description: { type: 'string' }, topic: { type: 'string' },
    channel: { type: 'string', multiple: true },
  },
  check: (_p, v) => {
    for (const f of ['org', 'name', 'languages', 'child-data']) if (!stringFlag(v, f)) throw new UsageError(`--${f} is required.`);
    const cd = stringFlag(v, 'child-data');
    if (cd !== 'YES' && cd !== 'NO') throw new UsageError('--child-data must be YES or NO (is the project directed at children under 16?).');
    if (cd === 'YES' && !stringFlag(v, 'description')) throw new UsageError('--child-data YES requires --description.');
    channelFlags(v).forEach(parseChannelSpec);
  },
  async run({ session, io, values, json }) {
    const request: ProjectRequest = {
      displayName: stringFlag(values, 'name') ?? '',
      languages: (stringFlag(values, 'languages') ?? '').split(',').map((l) => l.trim()).filter(Boolean),
      isChildDataCompliant: stringFlag(values, 'child-data') === 'YES' ? 'YES' : 'NO',
      projectDescription: stringFlag(values, 'description'),
      languageTopic: stringFlag(values, 'topic') ?? 'gen',
      ...(channelFlags(values).length > 0 ? { channels: channelFlags(values).map(parseChannelSpec) } : {}),
    };
    const project = await session.client.projects.create(stringFlag(values, 'org') ?? '', request, { signal: io.signal });
    if (json) printJson(io, project);
    else io.stdout(`Created project ${project.id} "${project.displayName}".\n`);
    return 0;
  },
});

/** The repeated `--channel NAME:MODE,…` values. */
function channelFlags(values: FlagValues): string[] {
  const v = values.channel;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export const projectsDatapack = platformCommand({
  path: ['projects', 'datapack'],
  summary: 'Set the data pack version of one language of a project (a job; waits for it unless --no-wait).',
  synopsis: '<projectId> --locale LOCALE --version VERSION [--no-wait]',
  flags: { locale: { type: 'string' }, version: { type: 'string' }, 'no-wait': { type: 'boolean' } },
  check: (p, v) => {
    requirePositional(p, 0, 'projectId');
    for (const f of ['locale', 'version']) if (!stringFlag(v, f)) throw new UsageError(`--${f} is required (e.g. --locale en-US --version 4.7.0).`);
  },
  async run({ session, io, positionals, values, json }) {
    const id = requirePositional(positionals, 0, 'projectId');
    const job = await session.client.projects.updateDatapack(id, { locale: stringFlag(values, 'locale') ?? '', version: stringFlag(values, 'version') ?? '' }, { signal: io.signal });
    if (values['no-wait'] === true) {
      if (json) printJson(io, job);
      else io.stdout(`Started data pack job ${job.id}; follow it with: cstudio jobs watch ${id} ${job.id}\n`);
      return 0;
    }
    return waitAndReport(session.client, id, job, io, json);
  },
});

export const projectsRename = platformCommand({
  path: ['projects', 'rename'],
  summary: 'Rename a project.',
  synopsis: '<projectId> <newName>',
  check: (p) => { requirePositional(p, 0, 'projectId'); requirePositional(p, 1, 'newName'); },
  async run({ session, io, positionals, json }) {
    const id = requirePositional(positionals, 0, 'projectId');
    const name = await session.client.projects.rename(id, requirePositional(positionals, 1, 'newName'), { signal: io.signal });
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
  check: (p) => { requirePositional(p, 0, 'projectId'); },
  async run({ session, io, positionals, values, json }) {
    const id = requirePositional(positionals, 0, 'projectId');
    if (values.yes !== true) {
      const project = await session.client.projects.get(id, { signal: io.signal });
      await confirm(io, `Delete project ${id} "${project.displayName}" and all its content? Type its name to confirm: `, project.displayName);
    }
    const status = await session.client.projects.delete(id, { signal: io.signal });
    if (json) printJson(io, status);
    else io.stdout(`Deleted project ${id}.\n`);
    return 0;
  },
});
