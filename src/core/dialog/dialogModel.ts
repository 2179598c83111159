// The one reader of a project package's dialog.json (the platform's dialog export; schema notes in
// docs/platform-notes.md): components and their nodes, variables and complex types, the dialog's copy of the
// ontology, intent mappings, data hosts and external actions, and every reference the file makes, each with
// its offsets. Reading never rewrites: edits are text edits of single string tokens (dialogEdits.ts), so keys
// we do not know stay byte for byte.

import type { TextRange } from '../formats/diagnostic';
import { items, parseJsonTree, prop, str, type JsonObject, type JsonString, type JsonValue } from './jsonTree';

// Node kinds seen in genuine exports: startNode, messageNode, recognitionNode2, decisionNode, componentNode,
// dataaccessNode, controllerNode, externalactionNode, intentmapperNode2; a node is
// `{id, parentComponentId, eventHandlers, <kind>: {…}}`.

export interface Named {
  id: string;
  name: string;
  /** The `id` string token. */
  idRange: TextRange;
  /** The `name` string token (the id's when there is no name). */
  nameRange: TextRange;
  /** The whole object. */
  range: TextRange;
}

export interface DialogNode extends Named {
  /** The kind key (`messageNode`, …); '' when the node holds none of the object keys we know. */
  kind: string;
  componentId: string;
}

export interface DialogComponent extends Named {
  /** Set on an intent component (its name is the intent's). */
  intentId: string;
  nodes: DialogNode[];
}

export interface DialogVariable extends Named {
  description: string;
  /** `STRING_TYPE`, `BOOLEAN_TYPE`, … or '' for a complex variable. */
  simpleType: string;
  complexTypeId: string;
}

export interface ComplexType extends Named {
  fields: DialogVariable[];
}

export interface OntologyIntent extends Named {
  builtIn: boolean;
}

export interface OntologyConcept extends Named {
  builtIn: boolean;
  /** The id of the concept it specialises, '' when none. */
  isA: string;
}

export interface IntentMapping {
  /** The mapping object's id. */
  id: string;
  intentId: string;
  intentRange: TextRange;
  destination: { kind: 'component' | 'node'; id: string; range: TextRange } | undefined;
  /** The intent mapper node holding it, undefined for a project mapping. */
  nodeId: string | undefined;
  range: TextRange;
}

export interface DataHost {
  id: string;
  alias: string;
  defaultValue: string;
  range: TextRange;
}

export interface BackendConfig {
  id: string;
  name: string;
  urlExtension: string;
  method: string;
  dressAliasId: string;
  range: TextRange;
}

export interface ExternalAction {
  node: DialogNode;
  actionType: string;
  /** Variable ids and concept ids passed to it. */
  inputVariableIds: string[];
  inputConceptIds: string[];
  outputVariableIds: string[];
}

/** What a reference names. `…Id` references name by UUID, the others by name or value. */
export type DialogRefKind =
  | 'intentId'
  | 'intentName'
  | 'conceptId'
  | 'conceptName'
  | 'entityValue'
  | 'componentId'
  | 'nodeId'
  | 'variableId';

export interface DialogRef {
  kind: DialogRefKind;
  /** The id, name or value referred to. */
  value: string;
  /** Offsets of exactly `value` in the text (inside the string token; a placeholder's name part). */
  range: TextRange;
  /** For entity values: the entity's id ('' when unknown); for names inside text: the id beside it. */
  conceptId?: string;
  /** Where it is, for messages: `clickable`, `branch`, `dtmf`, `command override`, `global command`, … */
  role: string;
  /** True when the whole string token is the reference (renames may rewrite it as a token). */
  whole: boolean;
}

export interface InvalidReference {
  text: string;
  range: TextRange;
}

export interface DialogModel {
  text: string;
  projectName: string;
  components: DialogComponent[];
  variables: DialogVariable[];
  complexTypes: ComplexType[];
  intents: OntologyIntent[];
  concepts: OntologyConcept[];
  mappings: IntentMapping[];
  dataHosts: DataHost[];
  backendConfigs: BackendConfig[];
  externalActions: ExternalAction[];
  globalCommandsEntityId: string;
  references: DialogRef[];
  invalidReferences: InvalidReference[];
  /** The `projectIntentMappings` key (where a missing mapping is reported), else the start of `data`. */
  mappingsKeyRange: TextRange;
  /** Flow edges between nodes and components (for the flow graph): from a node to a node or component. */
  edges: Array<{ from: string; to: string; kind: 'node' | 'component' }>;
}

export class DialogReadError extends Error {
  override name = 'DialogReadError';
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const NODE_REF_KEYS = new Set(['nodeId', 'collectGotoNodeId', 'processGotoNodeId', 'successNodeId', 'failureNodeId']);
const CONCEPT_REF_KEYS = new Set([
  'conceptId',
  'entityId',
  'leftConceptId',
  'lhsConceptId',
  'conceptIdLiteral',
  'leftConceptIdLiteral',
  'globalCommandsEntityId',
]);
const VARIABLE_REF_KEYS = new Set(['variableId', 'lhsVariableId', 'leftVariableId']);
/** `[name|uuid]`: a prompt placeholder naming an entity, an intent or a variable expression by id. */
const PLACEHOLDER = /\[([^[\]|"\\]+)\|([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\]/g;
const INVALID_REFERENCE = 'invalid reference id [';

function named(v: JsonValue): Named {
  const id = prop(v, 'id');
  const name = prop(v, 'name');
  const idRange = id ? rangeOf(id) : { start: v.start, end: v.start };
  return {
    id: id?.type === 'string' ? id.value : '',
    name: name?.type === 'string' ? name.value : '',
    idRange: innerOf(id) ?? idRange,
    nameRange: innerOf(name) ?? innerOf(id) ?? idRange,
    range: rangeOf(v),
  };
}

function rangeOf(v: JsonValue): TextRange {
  return { start: v.start, end: v.end };
}

/** The offsets of a string token's content (without quotes). */
function innerOf(v: JsonValue | undefined): TextRange | undefined {
  return v?.type === 'string' ? { start: v.start + 1, end: v.end - 1 } : undefined;
}

function variableOf(v: JsonValue): DialogVariable {
  return {
    ...named(v),
    description: str(v, 'description'),
    simpleType: str(v, 'simpleVariableType'),
    complexTypeId: str(v, 'complexVariableTypeId'),
  };
}

/** Reads dialog.json's text; throws DialogReadError (with the offset) when it is not a dialog export. */
export function readDialog(text: string): DialogModel {
  let root: JsonValue;
  try {
    root = parseJsonTree(text);
  } catch (e) {
    const offset = (e as { offset?: number }).offset ?? 0;
    throw new DialogReadError(`dialog.json is not valid JSON: ${(e as Error).message}`, offset);
  }
  const data = prop(root, 'data');
  if (data?.type !== 'object')
    throw new DialogReadError('dialog.json has no "data" object: it is not a dialog export.', root.start);

  const model: DialogModel = {
    text,
    projectName: str(data, 'name'),
    components: [],
    variables: [],
    complexTypes: [],
    intents: [],
    concepts: [],
    mappings: [],
    dataHosts: [],
    backendConfigs: [],
    externalActions: [],
    globalCommandsEntityId: str(data, 'globalCommandsEntityId'),
    references: [],
    invalidReferences: [],
    edges: [],
    mappingsKeyRange: { start: data.start, end: data.start + 1 },
  };
  const mappingsKey = data.properties.find((p) => p.key === 'projectIntentMappings');
  if (mappingsKey) model.mappingsKeyRange = { start: mappingsKey.keyStart + 1, end: mappingsKey.keyEnd - 1 };
  for (const c of items(prop(data, 'components'))) {
    const component: DialogComponent = { ...named(c), intentId: str(c, 'intentId'), nodes: [] };
    for (const n of items(prop(c, 'nodes'))) {
      const kindProp =
        n.type === 'object'
          ? n.properties.find((p) => p.value.type === 'object' && p.key !== 'eventHandlers')
          : undefined;
      const base = named(n);
      const body = kindProp?.value;
      const bodyName = prop(body, 'name');
      const node: DialogNode = {
        ...base,
        name: bodyName?.type === 'string' ? bodyName.value : '',
        nameRange: innerOf(bodyName) ?? base.idRange,
        kind: kindProp?.key ?? '',
        componentId: component.id,
      };
      component.nodes.push(node);
      if (node.kind === 'externalactionNode' && body) {
        const inputs = items(prop(body, 'inputVariablesConcepts'));
        model.externalActions.push({
          node,
          actionType: str(body, 'actionType'),
          inputVariableIds: inputs.map((x) => str(x, 'variableId')).filter((x) => x !== ''),
          inputConceptIds: inputs.map((x) => str(x, 'conceptId')).filter((x) => x !== ''),
          outputVariableIds: items(prop(body, 'outputVariableIds')).flatMap((x) =>
            x.type === 'string' && x.value !== '' ? [x.value] : [],
          ),
        });
      }
    }
    model.components.push(component);
  }
  model.variables = items(prop(data, 'variables')).map(variableOf);
  model.complexTypes = items(prop(data, 'complexVariableTypes')).map((t) => ({
    ...named(t),
    fields: items(prop(t, 'fields')).map(variableOf),
  }));
  const ontology = prop(data, 'ontology');
  model.intents = items(prop(ontology, 'intents')).map((i) => ({
    ...named(i),
    builtIn:
      prop(i, 'isInBaseOntology')?.type === 'boolean' && (prop(i, 'isInBaseOntology') as { value: boolean }).value,
  }));
  model.concepts = items(prop(ontology, 'concepts')).map((c) => ({
    ...named(c),
    builtIn:
      prop(c, 'isInBaseOntology')?.type === 'boolean' && (prop(c, 'isInBaseOntology') as { value: boolean }).value,
    isA: str(c, 'isA'),
  }));
  model.dataHosts = items(prop(data, 'dressAliases')).map((d) => ({
    id: scalarText(prop(d, 'id')),
    alias: str(d, 'alias'),
    defaultValue: str(d, 'defaultValue'),
    range: rangeOf(d),
  }));
  model.backendConfigs = items(prop(data, 'backendConfig')).map((b) => ({
    id: str(b, 'id'),
    name: str(b, 'name'),
    urlExtension: str(b, 'urlExtension'),
    method: str(b, 'method'),
    dressAliasId: scalarText(prop(b, 'dressAliasId')),
    range: rangeOf(b),
  }));
  new ReferenceWalker(model).walkData(data);
  return model;
}

function scalarText(v: JsonValue | undefined): string {
  return v?.type === 'string' ? v.value : v?.type === 'number' ? String(v.value) : '';
}

/** One pass over the whole tree collecting references by key, with the context a key needs (its node, its list). */
class ReferenceWalker {
  private readonly refs: DialogRef[];
  /** Ontology names by id: a placeholder or annotation names its entity only when it writes that name (a date's
   * annotation writes its display text instead, e.g. `[June 23rd|<id>]` with a pattern). */
  private readonly conceptNames: Map<string, string>;
  private readonly intentNames: Map<string, string>;
  /** The node being walked (edges start there) and its recognition entity (branches, DTMF default to it). */
  private node: { id: string; entityId: string } | undefined;

  constructor(private readonly model: DialogModel) {
    this.refs = model.references;
    this.conceptNames = new Map(model.concepts.map((c) => [c.id, c.name]));
    this.intentNames = new Map(model.intents.map((i) => [i.id, i.name]));
  }

  walkData(data: JsonObject): void {
    const m = this.model;
    // Declarations that are also names the NLU side owns: the dialog's ontology copy and intent components.
    for (const i of m.intents) this.add('intentName', i.name, i.nameRange, 'ontology intent', true, i.id);
    for (const c of m.concepts) this.add('conceptName', c.name, c.nameRange, 'ontology concept', true, c.id);
    for (const c of m.components)
      if (c.intentId !== '') this.add('intentName', c.name, c.nameRange, 'intent component', true, c.intentId);
    for (const p of data.properties) {
      if (p.key === 'projectIntentMappings') {
        for (const x of items(p.value)) this.mapping(x, undefined);
        continue;
      }
      if (p.key === 'globalCommands') {
        for (const g of items(p.value)) {
          const v = prop(g, 'entityValue');
          if (v?.type === 'string') this.value(v, m.globalCommandsEntityId, 'global command');
          this.walk(g, 'globalCommands');
        }
        continue;
      }
      if (p.key === 'ontology') {
        for (const c of items(prop(p.value, 'concepts'))) {
          const isA = prop(c, 'isA');
          if (isA?.type === 'string' && isA.value !== '') this.ref('conceptId', isA, 'isA');
        }
        for (const i of items(prop(p.value, 'intents')))
          for (const id of items(prop(i, 'conceptIds')))
            if (id.type === 'string') this.ref('conceptId', id, 'intent entity');
        continue;
      }
      if (p.key === 'components') {
        for (const c of items(p.value)) {
          const intentId = prop(c, 'intentId');
          if (intentId?.type === 'string' && intentId.value !== '') this.ref('intentId', intentId, 'intent component');
          for (const n of items(prop(c, 'nodes'))) {
            const entity =
              n.type === 'object'
                ? str(
                    n.properties.find((x) => x.value.type === 'object' && x.key !== 'eventHandlers')?.value,
                    'entityId',
                  )
                : '';
            this.node = { id: str(n, 'id'), entityId: entity };
            const parent = prop(n, 'parentComponentId');
            if (parent?.type === 'string') this.ref('componentId', parent, 'parent component');
            if (n.type === 'object')
              for (const q of n.properties)
                if (q.key !== 'id' && q.key !== 'parentComponentId') this.walk(q.value, q.key);
            this.node = undefined;
          }
        }
        continue;
      }
      if (p.key === 'variables' || p.key === 'complexVariableTypes') continue;
      this.walk(p.value, p.key);
    }
  }

  private walk(v: JsonValue, key: string): void {
    if (v.type === 'array') {
      switch (key) {
        case 'clickables':
        case 'dtmfToEntityValueMapping':
        case 'nodeCommandOverrides':
          for (const x of v.items) {
            const value = prop(x, 'entityValue');
            const entity = str(x, 'entityId') || this.node?.entityId || '';
            if (value?.type === 'string') this.value(value, entity, ROLE[key] as string);
            this.walk(x, '');
          }
          return;
        case 'actionConfigurations':
          for (const x of v.items) {
            const value = prop(x, 'conceptValue');
            if (value?.type === 'string') this.value(value, this.node?.entityId ?? '', 'branch');
            this.walk(x, '');
          }
          return;
        case 'intentMappings':
          for (const x of v.items) this.mapping(x, this.node?.id);
          return;
        case 'displayTextAnnotations':
        case 'ttsTextAnnotations':
        case 'ttsAudioBackupAnnotations':
          for (const x of v.items) {
            const conceptId = str(x, 'conceptId');
            const s = prop(prop(x, 'properties'), 'string');
            if (conceptId !== '' && s?.type === 'string' && this.conceptNames.get(conceptId) === s.value)
              this.add('conceptName', s.value, innerOf(s) as TextRange, 'annotation', true, conceptId);
            // An annotation's `properties` are the editor's display hints (their variableId is not always a
            // declared variable in genuine exports); its references are `conceptId` and `variableExpression`.
            if (x.type === 'object')
              for (const q of x.properties) if (q.key !== 'properties') this.walk(q.value, q.key);
          }
          return;
        case 'outputVariableIds':
          for (const x of v.items)
            if (x.type === 'string' && x.value !== '') this.ref('variableId', x, 'output variable');
          return;
        case 'conceptIds':
          for (const x of v.items) if (x.type === 'string' && x.value !== '') this.ref('conceptId', x, 'entity');
          return;
        default:
          for (const x of v.items) this.walk(x, key);
          return;
      }
    }
    if (v.type === 'string') {
      if (v.value.includes(INVALID_REFERENCE))
        this.model.invalidReferences.push({ text: v.value, range: innerOf(v) as TextRange });
      if (v.value.includes('|')) this.placeholders(v);
      return;
    }
    if (v.type !== 'object') return;
    // Conditions and assignments name intents by name: {leftIntent: INTENT_VALUE, rightConstant} / {lhsIntent: INTENT_VALUE, constant}.
    if (str(v, 'leftIntent') === 'INTENT_VALUE') {
      const c = prop(v, 'rightConstant');
      if (c?.type === 'string' && c.value !== '')
        this.add('intentName', c.value, innerOf(c) as TextRange, 'condition', true);
    }
    if (str(v, 'lhsIntent') === 'INTENT_VALUE') {
      const c = prop(v, 'constant');
      if (c?.type === 'string' && c.value !== '')
        this.add('intentName', c.value, innerOf(c) as TextRange, 'assignment', true);
    }
    const leftConcept = str(v, 'leftConceptId');
    if (leftConcept !== '') {
      const c = prop(v, 'rightConstant');
      if (c?.type === 'string' && c.value !== '') this.value(c, leftConcept, 'condition');
    }
    for (const p of v.properties) {
      const x = p.value;
      if (x.type === 'string') {
        if (x.value === '') continue;
        if (p.key === 'intentId') this.ref('intentId', x, 'intent');
        else if (p.key === 'componentId') {
          this.ref('componentId', x, 'component');
          this.edge(x.value, 'component');
        } else if (NODE_REF_KEYS.has(p.key)) {
          this.ref('nodeId', x, 'node');
          this.edge(x.value, 'node');
        } else if (CONCEPT_REF_KEYS.has(p.key)) this.ref('conceptId', x, p.key);
        else if (VARIABLE_REF_KEYS.has(p.key)) this.ref('variableId', x, 'variable');
        else this.walk(x, p.key);
      } else {
        this.walk(x, p.key);
      }
    }
  }

  private mapping(x: JsonValue, nodeId: string | undefined): void {
    const intent = prop(x, 'intentId');
    const dest = prop(x, 'destination');
    const component = prop(dest, 'componentId');
    const node = prop(dest, 'nodeId');
    const target =
      component?.type === 'string'
        ? { kind: 'component' as const, v: component }
        : node?.type === 'string'
          ? { kind: 'node' as const, v: node }
          : undefined;
    this.model.mappings.push({
      id: str(x, 'id'),
      intentId: intent?.type === 'string' ? intent.value : '',
      intentRange: innerOf(intent) ?? rangeOf(x),
      destination: target
        ? { kind: target.kind, id: target.v.value, range: innerOf(target.v) as TextRange }
        : undefined,
      nodeId,
      range: rangeOf(x),
    });
    if (intent?.type === 'string') this.ref('intentId', intent, 'mapping');
    if (target && !target.v.value.includes(INVALID_REFERENCE)) {
      this.ref(target.kind === 'component' ? 'componentId' : 'nodeId', target.v, 'mapping destination');
      if (nodeId !== undefined) this.edge(target.v.value, target.kind);
    }
    if (target?.v.value.includes(INVALID_REFERENCE))
      this.model.invalidReferences.push({ text: target.v.value, range: innerOf(target.v) as TextRange });
  }

  private placeholders(v: JsonString): void {
    PLACEHOLDER.lastIndex = 0;
    const raw = this.model.text.slice(v.start + 1, v.end - 1);
    for (let m = PLACEHOLDER.exec(raw); m; m = PLACEHOLDER.exec(raw)) {
      const name = m[1] as string;
      const id = m[2] as string;
      const start = v.start + 1 + m.index + 1;
      if (this.conceptNames.get(id) === name)
        this.add('conceptName', name, { start, end: start + name.length }, 'placeholder', false, id);
      else if (this.intentNames.get(id) === name)
        this.add('intentName', name, { start, end: start + name.length }, 'placeholder', false, id);
    }
  }

  private value(v: JsonString, conceptId: string, role: string): void {
    if (v.value !== '') this.add('entityValue', v.value, innerOf(v) as TextRange, role, true, conceptId);
  }

  private ref(kind: DialogRefKind, v: JsonString, role: string): void {
    this.add(kind, v.value, innerOf(v) as TextRange, role, true);
  }

  private add(
    kind: DialogRefKind,
    value: string,
    range: TextRange,
    role: string,
    whole: boolean,
    conceptId?: string,
  ): void {
    const ref: DialogRef = { kind, value, range, role, whole };
    if (conceptId !== undefined) ref.conceptId = conceptId;
    this.refs.push(ref);
  }

  private edge(to: string, kind: 'node' | 'component'): void {
    if (this.node && to !== this.node.id) this.model.edges.push({ from: this.node.id, to, kind });
  }
}

const ROLE: Readonly<Record<string, string>> = {
  clickables: 'clickable',
  dtmfToEntityValueMapping: 'DTMF mapping',
  nodeCommandOverrides: 'command override',
};

/** Every declared node, by id. */
export function nodesById(model: DialogModel): Map<string, DialogNode> {
  const out = new Map<string, DialogNode>();
  for (const c of model.components) for (const n of c.nodes) out.set(n.id, n);
  return out;
}

/** Every declared variable id: project variables and the fields of complex types. */
export function variableIds(model: DialogModel): Set<string> {
  const out = new Set(model.variables.map((v) => v.id));
  for (const t of model.complexTypes) for (const f of t.fields) out.add(f.id);
  return out;
}
