// `cstudio entities list|get|create|update|rename|change-type|delete`
import type { Entity, EntityUpdate, NewEntity } from '../../core/platform/nluTypes';
import { UsageError } from '../command';
import { confirm } from '../confirm';
import { booleanFlag, customKindFlag, kindFlag, repeatedFlag } from '../nluFiles';
import { formatDetails, printJson, printRows } from '../output';
import { platformCommand, stringFlag, type FlagValues } from '../platformCommand';

const KINDS = 'list|freeform|regex|rule-based|relational';

function kindDetail(e: Entity): string {
  switch (e.kind) {
    case 'LIST':
      return `${e.numLiterals ?? 0} literals`;
    case 'REGEX':
      return e.pattern ?? '';
    case 'RELATIONAL':
      return [e.isA ? `isA ${e.isA}` : '', e.hasA ? `hasA ${e.hasA.entities.join(', ')}` : '']
        .filter(Boolean)
        .join('; ');
    default:
      return '';
  }
}

function describeEntity(e: Entity): string {
  return formatDetails([
    ['name', e.name],
    ['id', e.id],
    ['kind', e.kind],
    ['data type', e.dataType],
    ['dynamic', e.isDynamic ? 'yes' : undefined],
    ['sensitive', e.settings.isSensitive ? 'yes' : 'no'],
    ['canonicalize', e.settings.canonicalize === false ? 'no' : 'yes'],
    ['anaphora', e.anaphora && e.anaphora !== 'ANAPHORA_NOT_SET' ? e.anaphora : undefined],
    ['pattern', e.pattern],
    ['isA', e.isA],
    ['hasA', e.hasA?.entities.join(', ')],
    ['literals', e.numLiterals],
    ...Object.entries(e.data ?? {}).map(
      ([locale, d]) =>
        [`  ${locale}`, d.entries.map((g) => `${g.meaning} ← ${g.patterns.join(' | ')}`).join('; ')] as const,
    ),
  ]);
}

function printEntity(io: Parameters<typeof printJson>[0], entity: Entity, json: boolean, message?: string): void {
  if (json) printJson(io, entity);
  else io.stdout(message ? `${message}\n` : describeEntity(entity));
}

const propertyFlags = {
  'data-type': { type: 'string' },
  sensitive: { type: 'string' },
  canonicalize: { type: 'string' },
  anaphora: { type: 'string' },
} as const;

function properties(values: FlagValues): EntityUpdate {
  return {
    dataType: stringFlag(values, 'data-type')?.toUpperCase().replace(/-/g, '_'),
    anaphora: stringFlag(values, 'anaphora'),
    settings: { isSensitive: booleanFlag(values, 'sensitive'), canonicalize: booleanFlag(values, 'canonicalize') },
  };
}

export const entitiesList = platformCommand({
  path: ['entities', 'list'],
  summary: 'List the entities of a project (custom ones, then the predefined ones it uses).',
  synopsis: `<projectId> [--type ${KINDS}|base]`,
  flags: { type: { type: 'string' } },
  args: ['projectId'],
  input: ({ flags }) => kindFlag(flags.type, 'type', true),
  async run({ session, io, args, input: type, json }) {
    const id = args.projectId;
    const entities = await session.client.entities.list(id, { type, signal: io.signal });
    printRows(
      io,
      entities,
      [
        { header: 'NAME', value: (e) => e.name },
        { header: 'KIND', value: (e) => e.kind },
        { header: 'DATA TYPE', value: (e) => e.dataType },
        { header: 'DETAILS', value: kindDetail },
      ],
      json,
      `No entities in project ${id}.`,
    );
    return 0;
  },
});

export const entitiesGet = platformCommand({
  path: ['entities', 'get'],
  summary: 'Show an entity: kind, data type, settings and, for list entities, its literals per locale.',
  synopsis: '<projectId> <entityName>',
  args: ['projectId', 'entityName'],
  async run({ session, io, args, json }) {
    const entity = await session.client.entities.get(args.projectId, args.entityName, { signal: io.signal });
    printEntity(io, entity, json);
    return 0;
  },
});

export const entitiesCreate = platformCommand({
  path: ['entities', 'create'],
  summary: 'Create an entity of any kind (a rule-based one starts with a placeholder grammar per locale).',
  synopsis: `<projectId> <entityName> --type ${KINDS} [--pattern REGEX] [--is-a ENTITY] [--has-a ENTITY]... [--dynamic] [--data-type TYPE] [--sensitive true|false] [--canonicalize true|false] [--anaphora A]`,
  flags: {
    type: { type: 'string' },
    pattern: { type: 'string' },
    'is-a': { type: 'string' },
    'has-a': { type: 'string', multiple: true },
    dynamic: { type: 'boolean' },
    ...propertyFlags,
  },
  args: ['projectId', 'entityName'],
  input: ({ flags, args }) => {
    const kind = customKindFlag(flags.type, 'type');
    const hasA = repeatedFlag(flags, 'has-a');
    if (kind === 'REGEX' && !flags.pattern) throw new UsageError('A regex entity needs --pattern.');
    if (kind === 'RELATIONAL' && !flags['is-a'] && !hasA)
      throw new UsageError('A relational entity needs --is-a and/or --has-a.');
    const entity: NewEntity = {
      ...properties(flags),
      kind,
      name: args.entityName,
      isDynamic: flags.dynamic === true ? true : undefined,
      pattern: flags.pattern,
      isA: flags['is-a'],
      hasA,
    };
    return entity;
  },
  async run({ session, io, args, input: entity, json }) {
    const projectId = args.projectId;
    const created = await session.client.entities.create(projectId, entity, { signal: io.signal });
    printEntity(
      io,
      created,
      json,
      `Created ${created.kind.toLowerCase().replace('_', '-')} entity "${created.name}" (${created.id}) in project ${projectId}.`,
    );
    return 0;
  },
});

export const entitiesUpdate = platformCommand({
  path: ['entities', 'update'],
  summary: 'Change the settings and properties of an entity (its kind changes with change-type).',
  synopsis:
    '<projectId> <entityName> [--data-type TYPE] [--sensitive true|false] [--canonicalize true|false] [--dynamic true|false] [--anaphora A]',
  flags: { ...propertyFlags, dynamic: { type: 'string' } },
  args: ['projectId', 'entityName'],
  input: ({ flags }): EntityUpdate => ({ ...properties(flags), isDynamic: booleanFlag(flags, 'dynamic') }),
  async run({ session, io, args, input: update, json }) {
    const projectId = args.projectId;
    const entity = await session.client.entities.update(projectId, args.entityName, update, { signal: io.signal });
    printEntity(io, entity, json, `Updated entity "${entity.name}".`);
    return 0;
  },
});

export const entitiesRename = platformCommand({
  path: ['entities', 'rename'],
  summary: 'Rename an entity; literals, intent links, relations and sample annotations follow.',
  synopsis: '<projectId> <entityName> <newName>',
  args: ['projectId', 'entityName', 'newName'],
  async run({ session, io, args, json }) {
    const projectId = args.projectId;
    const from = args.entityName;
    const to = args.newName;
    const entity = await session.client.entities.rename(projectId, from, to, { signal: io.signal });
    printEntity(io, entity, json, `Entity "${from}" is now "${entity.name}".`);
    return 0;
  },
});

export const entitiesChangeType = platformCommand({
  path: ['entities', 'change-type'],
  summary: 'Change the kind of an entity; what belonged to the old kind (literals, grammars, pattern, relations) goes.',
  synopsis: `<projectId> <entityName> --to ${KINDS} [--pattern REGEX] [--is-a ENTITY] [--has-a ENTITY]... [--data-type TYPE] [--yes]`,
  flags: {
    to: { type: 'string' },
    pattern: { type: 'string' },
    'is-a': { type: 'string' },
    'has-a': { type: 'string', multiple: true },
    'data-type': { type: 'string' },
    yes: { type: 'boolean' },
  },
  args: ['projectId', 'entityName'],
  input: ({ flags }) => {
    const newType = customKindFlag(flags.to, 'to');
    const hasA = repeatedFlag(flags, 'has-a');
    if (newType === 'REGEX' && !flags.pattern) throw new UsageError('Changing to regex needs --pattern.');
    if (newType === 'RELATIONAL' && !flags['is-a'] && !hasA)
      throw new UsageError('Changing to relational needs --is-a and/or --has-a.');
    return {
      newType,
      pattern: flags.pattern,
      isA: flags['is-a'],
      hasA,
      dataType: flags['data-type']?.toUpperCase().replace(/-/g, '_'),
    };
  },
  async run({ session, io, args, flags, input: change, json }) {
    const projectId = args.projectId;
    const name = args.entityName;
    if (flags.yes !== true)
      await confirm(
        io,
        `Change entity "${name}" of project ${projectId} to ${change.newType}? Its literals, grammars, pattern or relations may be deleted. [y/N] `,
      );
    const entity = await session.client.entities.changeType(projectId, name, change, { signal: io.signal });
    printEntity(io, entity, json, `Entity "${name}" is now a ${entity.kind} entity.`);
    return 0;
  },
});

export const entitiesDelete = platformCommand({
  path: ['entities', 'delete'],
  summary: 'Delete an entity with its literals and grammars (asks you to type its name, unless --yes).',
  synopsis: '<projectId> <entityName> [--yes]',
  flags: { yes: { type: 'boolean' } },
  args: ['projectId', 'entityName'],
  async run({ session, io, args, flags, json }) {
    const projectId = args.projectId;
    const name = args.entityName;
    if (flags.yes !== true)
      await confirm(
        io,
        `Delete entity "${name}" of project ${projectId}, its literals and grammars? Type its name to confirm: `,
        name,
      );
    const status = await session.client.entities.delete(projectId, name, { signal: io.signal });
    if (json) printJson(io, status);
    else io.stdout(`Deleted entity "${name}" of project ${projectId}.\n`);
    return 0;
  },
});
