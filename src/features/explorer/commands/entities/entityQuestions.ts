// The questions entity commands share: the type, and what a type needs (a pattern for regex entities, the
// isA/hasA relations for relational ones).
import type { CustomEntityKind, Entity } from '../../../../core/platform/nluTypes';
import { answered, type Prompter } from '../../../../host/prompter';
import { ENTITY_KIND_LABELS } from '../../nodes/entityNodes';

const KIND_HELP: Readonly<Record<CustomEntityKind, string>> = {
  LIST: 'values and the literals that say them',
  FREEFORM: 'any text (names, messages)',
  REGEX: 'text matching a regular expression',
  RULE_BASED: 'a GrXML grammar per locale',
  RELATIONAL: 'built from other entities (isA / hasA)',
};

export async function askKind(prompter: Prompter, title: string, except?: string): Promise<CustomEntityKind> {
  const kinds = (Object.keys(KIND_HELP) as CustomEntityKind[]).filter((k) => k !== except);
  return answered(
    prompter.pick(
      kinds.map((k) => ({ label: ENTITY_KIND_LABELS[k], description: KIND_HELP[k], value: k })),
      {
        title,
        placeholder: 'Entity type',
      },
    ),
    title,
  );
}

export interface KindDetails {
  readonly pattern?: string;
  readonly isA?: string;
  readonly hasA?: string[];
}

function checkPattern(value: string): string | undefined {
  if (value.trim() === '') return 'Give a regular expression, e.g. [A-Z]{2}[0-9]{4}.';
  try {
    new RegExp(value);
    return undefined;
  } catch (err) {
    return `Not a valid regular expression: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/** What the kind needs beyond a name; `others` are the project's entities a relation may point at. */
export async function askKindDetails(
  prompter: Prompter,
  title: string,
  kind: CustomEntityKind,
  others: readonly Entity[],
): Promise<KindDetails> {
  if (kind === 'REGEX') {
    const pattern = await answered(
      prompter.input({
        title: `${title}: pattern`,
        prompt: 'Regular expression (applies to every locale at first)',
        validate: checkPattern,
      }),
      title,
    );
    return { pattern };
  }
  if (kind !== 'RELATIONAL') return {};
  const none = '';
  const isA = await answered(
    prompter.pick(
      [
        { label: '(none)', description: 'no isA relation', value: none },
        ...others.map((e) => ({ label: e.name, description: ENTITY_KIND_LABELS[e.kind], value: e.name })),
      ],
      { title: `${title}: isA`, placeholder: 'The entity this one is a kind of' },
    ),
    title,
  );
  const hasA = await answered(
    prompter.pickMany(
      others
        .filter((e) => e.name !== isA)
        .map((e) => ({ label: e.name, description: ENTITY_KIND_LABELS[e.kind], value: e.name })),
      {
        title: `${title}: hasA`,
        placeholder: 'The entities this one is made of',
      },
    ),
    title,
  );
  if (isA === none && hasA.length === 0)
    throw new Error('A relational entity needs an isA entity or at least one hasA entity; nothing was changed.');
  return { ...(isA !== none ? { isA } : {}), ...(hasA.length > 0 ? { hasA } : {}) };
}

export function checkEntityName(value: string, existing: readonly Entity[], current?: string): string | undefined {
  const name = value.trim();
  if (name === '') return 'Give the entity a name.';
  if (name !== current && existing.some((e) => e.name === name))
    return `The project has an entity named "${name}" already.`;
  return undefined;
}
