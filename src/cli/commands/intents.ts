// `cstudio intents list|get|create|rename|delete`
import { listProjectIntents } from '../../core/nlu/projectIntents';
import type { Intent } from '../../core/platform/nluTypes';
import { confirm } from '../confirm';
import { formatDetails, printJson, printRows } from '../output';
import { platformCommand } from '../platformCommand';

const entityRefs = (i: Intent): string => i.links.map((l) => l.entityRef).join(', ');

export const intentsList = platformCommand({
  path: ['intents', 'list'],
  summary: 'List the intents of a project with the entities they link to.',
  synopsis: '<projectId>',
  args: ['projectId'],
  async run({ session, io, args, json }) {
    const id = args.projectId;
    const intents = await listProjectIntents(session.client, id, { signal: io.signal });
    printRows(
      io,
      intents,
      [
        { header: 'NAME', value: (i) => i.name },
        { header: 'ENTITIES', value: entityRefs },
      ],
      json,
      `No intents in project ${id}.`,
    );
    return 0;
  },
});

export const intentsGet = platformCommand({
  path: ['intents', 'get'],
  summary: 'Show an intent.',
  synopsis: '<projectId> <intentName>',
  args: ['projectId', 'intentName'],
  async run({ session, io, args, json }) {
    const intent = await session.client.intents.get(args.projectId, args.intentName, { signal: io.signal });
    if (json) printJson(io, intent);
    else
      io.stdout(
        formatDetails([
          ['name', intent.name],
          ['id', intent.id],
          ['entities', entityRefs(intent)],
        ]),
      );
    return 0;
  },
});

export const intentsCreate = platformCommand({
  path: ['intents', 'create'],
  summary: 'Create an intent.',
  synopsis: '<projectId> <intentName>',
  args: ['projectId', 'intentName'],
  async run({ session, io, args, json }) {
    const projectId = args.projectId;
    const intent = await session.client.intents.create(projectId, args.intentName, { signal: io.signal });
    if (json) printJson(io, intent);
    else io.stdout(`Created intent "${intent.name}" (${intent.id}) in project ${projectId}.\n`);
    return 0;
  },
});

export const intentsRename = platformCommand({
  path: ['intents', 'rename'],
  summary: 'Rename an intent; its samples follow.',
  synopsis: '<projectId> <intentName> <newName>',
  args: ['projectId', 'intentName', 'newName'],
  async run({ session, io, args, json }) {
    const projectId = args.projectId;
    const from = args.intentName;
    const intent = await session.client.intents.rename(projectId, from, args.newName, { signal: io.signal });
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
  args: ['projectId', 'intentName'],
  async run({ session, io, args, flags, json }) {
    const projectId = args.projectId;
    const name = args.intentName;
    if (flags.yes !== true)
      await confirm(
        io,
        `Delete intent "${name}" of project ${projectId} and all its samples? Type its name to confirm: `,
        name,
      );
    const status = await session.client.intents.delete(projectId, name, { signal: io.signal });
    if (json) printJson(io, status);
    else io.stdout(`Deleted intent "${name}" of project ${projectId} and its samples.\n`);
    return 0;
  },
});
