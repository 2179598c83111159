// Language features of dialog.json over core/dialog's model: the outline (components → nodes), hover on any
// UUID, go to definition and find references within the file and across to the project's TRSX files (intents and
// entities by UUID through the dialog's ontology, and by name where the dialog writes names), and rename (the
// edits come from trsx/rename.ts's renameNlu, the one owner).

import type { DialogModel, DialogRef } from '../../dialog/dialogModel';
import type { NluTarget } from '../../dialog/dialogEdits';
import type { TextRange } from '../../formats/diagnostic';
import type { LanguageDocument } from '../documents';
import { referencesOf } from '../trsx/navigation';
import { refusePlatformName, renameNlu, RenameError } from '../trsx/rename';
import { dialogLocations } from './dialogLocations';
import { projectTrsxDocument } from './projectDialog';
import { trsxSymbols } from '../trsx/symbols';
import type { DocumentSymbolInfo, FileEdits, HoverInfo, LanguageContext, Location, RenamePreparation } from '../types';

/** What a UUID of the file declares. */
interface Declared {
  what: string;
  name: string;
  range: TextRange;
  target?: NluTarget;
}

const declarations = new WeakMap<DialogModel, Map<string, Declared>>();

/** Every id the file declares: components, nodes, variables (and complex types' fields), ontology intents and entities, mappings, data hosts. */
export function declaredIds(model: DialogModel): Map<string, Declared> {
  let out = declarations.get(model);
  if (out) return out;
  out = new Map();
  for (const c of model.components) {
    out.set(c.id, { what: c.intentId ? 'intent component' : 'component', name: c.name, range: c.idRange });
    for (const n of c.nodes)
      out.set(n.id, { what: `${n.kind || 'node'} in ${c.name}`, name: n.name, range: n.idRange });
  }
  for (const v of model.variables)
    out.set(v.id, { what: `variable (${v.simpleType || 'complex'})`, name: v.name, range: v.idRange });
  for (const t of model.complexTypes) {
    out.set(t.id, { what: 'complex variable type', name: t.name, range: t.idRange });
    for (const f of t.fields)
      out.set(f.id, { what: `field of ${t.name} (${f.simpleType || 'complex'})`, name: f.name, range: f.idRange });
  }
  // The ontology's intents and entities also lead to the TRSX names they stand for.
  const ontology = [
    ['intent', model.intents],
    ['entity', model.concepts],
  ] as const;
  for (const [kind, declared] of ontology)
    for (const d of declared)
      out.set(d.id, {
        what: d.builtIn ? `platform ${kind}` : kind,
        name: d.name,
        range: d.idRange,
        target: { kind, name: d.name },
      });
  declarations.set(model, out);
  return out;
}

export function dialogOutline(doc: LanguageDocument): DocumentSymbolInfo[] {
  let model: DialogModel;
  try {
    model = doc.dialog();
  } catch {
    return [];
  }
  return model.components.map((c) => ({
    name: c.name || c.id,
    detail: c.intentId ? 'intent component' : 'component',
    kind: 'component' as const,
    range: c.range,
    selectionRange: c.nameRange,
    children: c.nodes.map((n) => ({
      name: n.name || n.id,
      detail: n.kind,
      kind: 'node' as const,
      range: n.range,
      selectionRange: n.nameRange,
      children: [],
    })),
  }));
}

const UUID = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/g;

/** The UUID under the cursor, read from the text around it. */
function uuidAt(doc: LanguageDocument, offset: number): { id: string; range: TextRange } | undefined {
  const from = Math.max(0, offset - 40);
  const text = doc.slice(from, offset + 40);
  UUID.lastIndex = 0;
  for (let m = UUID.exec(text); m; m = UUID.exec(text)) {
    const start = from + m.index;
    if (start <= offset && offset <= start + m[0].length)
      return { id: m[0], range: { start, end: start + m[0].length } };
  }
  return undefined;
}

/** The reference or declaration under the cursor, as an NLU target when it names one. */
function targetAt(model: DialogModel, offset: number): { target: NluTarget; range: TextRange } | undefined {
  const ref = refAt(model, offset);
  if (!ref) return undefined;
  return targetOf(model, ref);
}

function refAt(model: DialogModel, offset: number): DialogRef | undefined {
  return model.references.find((r) => r.range.start <= offset && offset <= r.range.end);
}

function targetOf(model: DialogModel, ref: DialogRef): { target: NluTarget; range: TextRange } | undefined {
  switch (ref.kind) {
    case 'intentName':
      return { target: { kind: 'intent', name: ref.value }, range: ref.range };
    case 'conceptName':
      return { target: { kind: 'entity', name: ref.value }, range: ref.range };
    case 'entityValue': {
      const entity = model.concepts.find((c) => c.id === ref.conceptId)?.name;
      return entity === undefined
        ? undefined
        : { target: { kind: 'value', entity, value: ref.value }, range: ref.range };
    }
    case 'intentId':
    case 'conceptId': {
      const d = declaredIds(model).get(ref.value);
      return d?.target ? { target: d.target, range: ref.range } : undefined;
    }
    default:
      return undefined;
  }
}

export function dialogHover(ctx: LanguageContext, doc: LanguageDocument, offset: number): HoverInfo | undefined {
  let model: DialogModel;
  try {
    model = doc.dialog();
  } catch {
    return undefined;
  }
  const at = uuidAt(doc, offset);
  if (!at) return undefined;
  const d = declaredIds(model).get(at.id);
  if (!d) {
    const mapping = model.mappings.find((m) => m.id === at.id);
    return {
      markdown: mapping
        ? `**intent mapping** of \`${declaredIds(model).get(mapping.intentId)?.name ?? mapping.intentId}\``
        : `\`${at.id}\`: not declared in this file.`,
      range: at.range,
    };
  }
  const line = doc.positionAt(d.range.start).line + 1;
  const lines = [`**${d.what}** \`${d.name || at.id}\``, `Defined on line ${line} of dialog.json.`];
  if (d.target?.kind === 'intent' || d.target?.kind === 'entity') {
    const trsx = trsxDeclarations(ctx, doc.path, d.target);
    if (trsx.length > 0)
      lines.push(`Declared in the TRSX: ${trsx.map((l) => l.path.split(/[\\/]/).slice(-2).join('/')).join(', ')}.`);
    else if (!d.what.startsWith('platform')) lines.push('Not declared in the TRSX.');
  }
  return { markdown: lines.join('\n\n'), range: at.range };
}

/** TRSX declarations of an intent or entity across the project's locale files. */
function trsxDeclarations(ctx: LanguageContext, path: string | undefined, target: NluTarget): Location[] {
  const project = path === undefined ? undefined : ctx.projects.projectOf(path);
  if (!project) return [];
  const out: Location[] = [];
  for (const l of project.locales) {
    const header = ctx.projects.trsxHeader(l.trsxPath);
    if (!header) continue;
    const symbols = trsxSymbols(header);
    const id = ctx.documents.byPath(l.trsxPath)?.id ?? l.trsxPath;
    if (target.kind === 'intent') {
      const d = symbols.intent(target.name);
      if (d) out.push({ path: id, range: d.nameRange });
    } else if (target.kind === 'entity') {
      const d = symbols.concept(target.name);
      if (d) out.push({ path: id, range: d.nameRange });
    } else {
      for (const dict of header.document.dictionaries) {
        if (dict.conceptref !== target.entity) continue;
        for (const e of dict.entries) {
          if ((e.value ?? e.literal) !== target.value) continue;
          const el = symbols.element(e);
          const a = el?.attributes.find((x) => x.name === (e.value === undefined ? 'literal' : 'value'));
          if (a) out.push({ path: id, range: a.valueRange });
        }
      }
    }
  }
  return out;
}

export function dialogDefinition(ctx: LanguageContext, doc: LanguageDocument, offset: number): Location[] {
  let model: DialogModel;
  try {
    model = doc.dialog();
  } catch {
    return [];
  }
  const ref = refAt(model, offset);
  if (ref && (ref.kind === 'componentId' || ref.kind === 'nodeId' || ref.kind === 'variableId')) {
    const d = declaredIds(model).get(ref.value);
    return d ? [{ path: doc.id, range: d.range }] : [];
  }
  const t = ref ? targetOf(model, ref) : undefined;
  if (t) {
    const trsx = trsxDeclarations(ctx, doc.path, t.target);
    if (trsx.length > 0) return trsx;
  }
  // An ontology id with no TRSX declaration: its declaration in this file.
  const at = uuidAt(doc, offset);
  const d = at ? declaredIds(model).get(at.id) : undefined;
  return d ? [{ path: doc.id, range: d.range }] : [];
}

export function dialogReferences(
  ctx: LanguageContext,
  doc: LanguageDocument,
  offset: number,
  includeDeclaration: boolean,
): Location[] {
  let model: DialogModel;
  try {
    model = doc.dialog();
  } catch {
    return [];
  }
  const t = targetAt(model, offset) ?? declaredTargetAt(model, doc, offset);
  if (!t) {
    // Components, nodes, variables: references by id within the file.
    const at = uuidAt(doc, offset);
    if (!at) return [];
    const out = model.references
      .filter((r) => r.value === at.id && (r.kind === 'componentId' || r.kind === 'nodeId' || r.kind === 'variableId'))
      .map((r) => ({ path: doc.id, range: r.range }));
    const d = declaredIds(model).get(at.id);
    if (includeDeclaration && d) out.unshift({ path: doc.id, range: d.range });
    return out;
  }
  return nluReferences(ctx, doc.path, t.target, includeDeclaration);
}

function declaredTargetAt(
  model: DialogModel,
  doc: LanguageDocument,
  offset: number,
): { target: NluTarget; range: TextRange } | undefined {
  const at = uuidAt(doc, offset);
  const d = at ? declaredIds(model).get(at.id) : undefined;
  return d?.target && at ? { target: d.target, range: at.range } : undefined;
}

/**
 * Every place of the project naming `target`: TRSX declarations and references (all locales), then dialog.json's
 * names and UUID references. `path`: any file of the project.
 */
export function nluReferences(
  ctx: LanguageContext,
  path: string | undefined,
  target: NluTarget,
  includeDeclaration: boolean,
): Location[] {
  const out: Location[] = [];
  const trsx = path === undefined ? undefined : projectTrsxDocument(ctx, path);
  if (trsx && target.kind !== 'value')
    for (const l of referencesOf(
      ctx,
      trsx,
      { kind: target.kind === 'intent' ? 'intent' : 'concept', name: target.name },
      includeDeclaration,
    ))
      out.push(l);
  if (trsx && target.kind === 'value' && includeDeclaration)
    for (const l of trsxDeclarations(ctx, path, target)) out.push(l);
  for (const l of dialogLocations(ctx, path, target)) out.push(l);
  return out;
}

export function prepareDialogRename(doc: LanguageDocument, offset: number): RenamePreparation {
  let model: DialogModel;
  try {
    model = doc.dialog();
  } catch (e) {
    throw new RenameError(`dialog.json cannot be read: ${(e as Error).message}`);
  }
  const t = targetAt(model, offset) ?? declaredTargetAt(model, doc, offset);
  if (!t)
    throw new RenameError(
      'Put the cursor on an intent or entity (its name or UUID) or an entity value to rename it in the dialog and the TRSX.',
    );
  refusePlatformName(t.target);
  // Renaming from a UUID edits names: the placeholder shows the name.
  return { range: t.range, placeholder: t.target.kind === 'value' ? t.target.value : t.target.name };
}

export function dialogRename(
  ctx: LanguageContext,
  doc: LanguageDocument,
  offset: number,
  newName: string,
): FileEdits[] {
  const model = doc.dialog();
  const t = targetAt(model, offset) ?? declaredTargetAt(model, doc, offset);
  if (!t) throw new RenameError('Nothing to rename here.');
  if (doc.path === undefined) throw new RenameError('Save dialog.json in a project folder to rename across its files.');
  const trsx = projectTrsxDocument(ctx, doc.path);
  if (!trsx)
    throw new RenameError(
      'This dialog.json is not in a project folder with a TRSX file (metadata.json, <locale>/<locale>.trsx).',
    );
  return renameNlu(ctx, trsx, t.target, newName);
}
