// `cstudio intents list|get|create|rename|delete`
import { listProjectIntents } from '../../core/nlu/projectIntents';
import type { Intent } from '../../core/platform/nluTypes';
import { requirePositional } from '../args';
import { confirm } from '../confirm';
import { formatDetails, printJson, printRows } from '../output';
import { platformCommand } from '../platformCommand';

const names = (p: string[]): void => { requirePositional(p, 0, 'projectId'); requirePositional(p, 1, 'intentName'); };
const entityRefs = (i: Intent): string => i.links.map((l) => l.entityRef).join(', ');

export const intentsList = platformCommand({
  path: ['intents', 'list'],
  summary: 'List the intents of a project with the entities they link to.',
  synopsis: '<projectId>',
  check: (p) => { requirePositional(p, 0, 'projectId'); },
  async run({ session, io, positionals, json }) {
    const id = requirePositional(positionals, 0, 'projectId');
    const intents = await listProjectIntents(session.client, id, { signal: io.signal });
    printRows(io, intents, [{ header: 'NAME', value: (i) => i.name }, { header: 'ENTITIES', value: entityRefs }], json, `No intents in project ${id}.`);
    return 0;
  },
});

export const intentsGet = platformCommand({
  path: ['intents', 'get'],
  summary: 'Show an intent.',
  synopsis: '<projectId> <intentName>',
  check: names,
  async run({ session, io, positionals, json }) {
    const intent = await session.client.intents.get(requirePositional(positionals, 0, 'projectId'), requirePositional(positionals, 1, 'intentName'), { signal: io.signal });
    if (json) printJson(io, intent);
    else io.stdout(formatDetails([['name', intent.name], ['id', intent.id], ['entities', entityRefs(intent)]]));
    return 0;
  },
});

export const intentsCreate = platformCommand({
  path: ['intents', 'create'],
  summary: 'Create an intent.',
  synopsis: '<projectId> <intentName>',
  check: names,
  async run({ session, io, positionals, json }) {
    const projectId = requirePositional(positionals, 0, 'projectId');
    const intent = await session.client.intents.create(projectId, requirePositional(positionals, 1, 'intentName'), { signal: io.signal });
    if (json) printJson(io, intent);
    else io.stdout(`Created intent "${intent.name}" (${intent.id}) in project ${projectId}.\n`);
    return 0;
  },
});

export const intentsRename = platformCommand({
  path: ['intents', 'rename'],
  summary: 'Rename an intent; its samples follow.',
  synopsis: '<projectId> <intentName> <newName>',
  check: (p) => { names(p); requirePositional(p, 2, 'newName'); },
  async run({ session, io, positionals, json }) {
    const projectId = requirePositional(positionals, 0, 'projectId');
    const from = requirePositional(positionals, 1, 'intentName');
    const intent = await session.client.intents.rename(projectId, from, requirePositional(positionals, 2, 'newName'), { signal: io.signal });
    if (json) printJson(io, intent);
    else io.stdout(`Intent "${from}" is now "${intent.name}".\n`);
    return 0;
  },
});

export const intentsDelete = platformCommand({
  path: ['intents', 'delete'],
  summary: 'Delete an intent and all its samples (asks you to type its name, unless --yes).',
  synopsis: '<projectId> <intentName> [--yes]',
  flags: { yes: { type: 'boolean' } },
  check: names,
  async run({ session, io, positionals, values, json }) {
    const projectId = requirePositional(positionals, 0, 'projectId');
    const name = requirePositional(positionals, 1, 'intentName');
    if (values.yes !== true) await confirm(io, `Delete intent "${name}" of project ${projectId} and all its samples? Type its name to confirm: `, name);
    const status = await session.client.intents.delete(projectId, name, { signal: io.signal });
    if (json) printJson(io, status);
    else io.stdout(`Deleted intent "${name}" of project ${projectId} and its samples.\n`);
    return 0;
  },
});
