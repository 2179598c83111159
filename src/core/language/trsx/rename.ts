// Renaming an intent, a concept (entity) or an entity value: the one owner of these edits, for the editor's rename
// (started in a TRSX file or in dialog.json) and `cstudio rename`. Intents and concepts: their declaration and
// every reference in this file and the project's other locale files (they share one ontology). Values: the
// entity's dictionary entries in every locale. Then the project's dialog.json (core/dialog/dialogEdits.ts): the
// names and values it writes. Special intents and predefined entities belong to the platform and are refused,
// as are names Mix would not accept and names already taken.

import { dialogRenameEdits, type NluTarget } from '../../dialog/dialogEdits';
import { entityValues, nluNamesOf } from '../../dialog/nluNames';
import { isPredefinedConcept, SPECIAL_INTENTS } from '../../formats/trsx/predefined';
import { escapeXmlAttribute } from '../../formats/xml/entities';
import { getAttribute } from '../../formats/xml/tree';
import type { LanguageDocument } from '../documents';
import { projectDialog } from '../dialog/projectDialog';
import type { FileEdits, LanguageContext, RenamePreparation, TextEdit } from '../types';
import { referencesOf } from './navigation';
import { otherLocaleDeclarations } from './projectFiles';
import { attributeValueAt, openTagAt } from '../xml/treeQuery';
import { trsxSymbolAt, trsxSymbols } from './symbols';

/** Names Mix accepts for intents and concepts (the validator's TRSX044 rule, plus non-empty). */
const BAD_NAME = /[\s<>&"']/;

export class RenameError extends Error {
  override name = 'RenameError';
}

function renameTarget(
  doc: LanguageDocument,
  offset: number,
): { target: NluTarget; range: { start: number; end: number } } {
  const result = doc.trsx();
  const at = trsxSymbolAt(result, offset);
  let found: { target: NluTarget; range: { start: number; end: number } } | undefined;
  if (at?.kind === 'intent') found = { target: { kind: 'intent', name: at.name }, range: at.range };
  else if (at?.kind === 'concept') found = { target: { kind: 'entity', name: at.name }, range: at.range };
  else {
    // A dictionary entry's value: renaming it renames the entity value (the dialog's clickables, branches, …).
    const tag = openTagAt(result.tree, offset);
    const a = tag && tag.element.name === 'entry' ? attributeValueAt(tag.element, offset) : undefined;
    const dictionary = tag?.element.parent;
    const entity =
      dictionary && 'name' in dictionary && dictionary.name === 'dictionary'
        ? dictionary.attributes.find((x) => x.name === 'conceptref')?.value
        : undefined;
    if (a?.name === 'value' && entity !== undefined)
      found = { target: { kind: 'value', entity, value: a.value }, range: a.valueRange };
  }
  if (!found)
    throw new RenameError(
      "Put the cursor on an intent or concept name (a declaration, intentref or conceptref) or on an entry's value to rename it.",
    );
  refusePlatformName(found.target);
  return found;
}

/** Throws for names that belong to the platform (special intents, predefined entities). */
export function refusePlatformName(target: NluTarget): void {
  if (target.kind === 'intent' && SPECIAL_INTENTS.has(target.name))
    throw new RenameError(`${target.name} is a special intent of every project; it cannot be renamed.`);
  if (target.kind !== 'intent') {
    const entity = target.kind === 'entity' ? target.name : target.entity;
    if (isPredefinedConcept(entity))
      throw new RenameError(
        `${entity} is a predefined entity; ${target.kind === 'value' ? 'its values' : 'it'} cannot be renamed.`,
      );
  }
}

export function prepareTrsxRename(doc: LanguageDocument, offset: number): RenamePreparation {
  const at = renameTarget(doc, offset);
  return { range: at.range, placeholder: at.target.kind === 'value' ? at.target.value : at.target.name };
}

export function trsxRename(ctx: LanguageContext, doc: LanguageDocument, offset: number, newName: string): FileEdits[] {
  return renameNlu(ctx, doc, renameTarget(doc, offset).target, newName);
}

/**
 * Every edit of renaming `target` to `newName` in the project of `doc` (a TRSX document: its project's other
 * locales and dialog.json are found from its path). Throws RenameError with a message for the user.
 */
export function renameNlu(
  ctx: LanguageContext,
  doc: LanguageDocument,
  target: NluTarget,
  newName: string,
): FileEdits[] {
  refusePlatformName(target);
  const old = target.kind === 'value' ? target.value : target.name;
  if (newName === old) return [];
  const files = [{ path: doc.id, symbols: trsxSymbols(doc.trsx()) }, ...otherLocaleDeclarations(ctx, doc.path)];
  const out = new Map<string, FileEdits>();
  const add = (path: string, edit: TextEdit): void => {
    let file = out.get(path);
    if (!file) {
      file = { path, edits: [] };
      out.set(path, file);
    }
    file.edits.push(edit);
  };
  if (target.kind === 'value') {
    if (newName === '') throw new RenameError('An entity value cannot be empty.');
    const declared = files.some((f) => f.symbols.concept(target.entity) !== undefined);
    if (!declared) throw new RenameError(`No entity named '${target.entity}' in the project's TRSX files.`);
    const project = doc.path === undefined ? undefined : ctx.projects.projectOf(doc.path);
    const names = project ? ctx.projects.nluNames(project) : nluNamesOf([doc.trsx().document]);
    if (names && entityValues(names, target.entity).values.has(newName)) {
      throw new RenameError(
        `'${newName}' is already a value of entity '${target.entity}'; choose another value (or edit the dictionary to merge them).`,
      );
    }
    for (const f of files) valueEdits(ctx, f.path, doc, target.entity, target.value, newName, add);
    if (out.size === 0)
      throw new RenameError(
        `'${target.value}' is not a value of entity '${target.entity}' (no dictionary entry has it).`,
      );
  } else {
    const kind = target.kind === 'intent' ? 'intent' : 'concept';
    if (newName === '' || BAD_NAME.test(newName)) {
      throw new RenameError(
        `'${newName}' is not a valid ${kind} name: use letters, digits and _ (no spaces, quotes, <, > or &).`,
      );
    }
    const taken = files.some(
      (f) => (kind === 'intent' ? f.symbols.intent(newName) : f.symbols.concept(newName)) !== undefined,
    );
    if (
      taken ||
      (kind === 'intent' && SPECIAL_INTENTS.has(newName)) ||
      (kind === 'concept' && isPredefinedConcept(newName))
    ) {
      throw new RenameError(
        `An ${kind} named '${newName}' already exists${kind === 'concept' && isPredefinedConcept(newName) ? ' (a predefined entity)' : ''}; choose another name.`,
      );
    }
    const declared = files.some(
      (f) => (kind === 'intent' ? f.symbols.intent(target.name) : f.symbols.concept(target.name)) !== undefined,
    );
    if (!declared) throw new RenameError(`No ${kind} named '${target.name}' in the project's TRSX files.`);
    for (const location of referencesOf(ctx, doc, { kind, name: target.name }, true))
      add(location.path, { range: location.range, newText: newName });
  }
  const dialog = projectDialog(ctx, doc.path);
  if (dialog) {
    const project = ctx.projects.projectOf(dialog.path);
    const edits = dialogRenameEdits(
      dialog.model,
      target,
      newName,
      project ? ctx.projects.nluNames(project) : undefined,
    );
    for (const e of edits) add(dialog.id, e);
  }
  return [...out.values()];
}

/** Dictionary entries of `entity` whose value is `value`: the `value` attribute, or a new one beside the literal. */
function valueEdits(
  ctx: LanguageContext,
  path: string,
  doc: LanguageDocument,
  entity: string,
  value: string,
  newName: string,
  add: (path: string, edit: TextEdit) => void,
): void {
  const result = path === doc.id ? doc.trsx() : ctx.projects.trsxHeader(path);
  if (!result) return;
  const symbols = trsxSymbols(result);
  for (const d of result.document.dictionaries) {
    if (d.conceptref !== entity) continue;
    for (const entry of d.entries) {
      const el = symbols.element(entry);
      if (!el) continue;
      if (entry.value === value) {
        const a = getAttribute(el, 'value');
        if (a) add(path, { range: a.valueRange, newText: escapeXmlAttribute(newName) });
      } else if (entry.value === undefined && entry.literal === value) {
        // The literal is what is said; the value becomes the new name.
        const literal = getAttribute(el, 'literal');
        if (literal)
          add(path, {
            range: { start: literal.valueRange.end + 1, end: literal.valueRange.end + 1 },
            newText: ` value="${escapeXmlAttribute(newName)}"`,
          });
      }
    }
  }
}
