// Renaming an intent or a concept: its declaration and every reference, in this file and in the project's other
// locale files (they share one ontology). Special intents and predefined entities belong to the platform and
// are refused, as are names Mix would not accept and names already taken.

import { isPredefinedConcept, SPECIAL_INTENTS } from '../../formats/trsx/predefined';
import type { LanguageDocument } from '../documents';
import type { FileEdits, LanguageContext, RenamePreparation } from '../types';
import { referencesOf } from './navigation';
import { otherLocaleDeclarations } from './projectFiles';
import { trsxSymbolAt, trsxSymbols } from './symbols';

/** Names Mix accepts for intents and concepts (the validator's TRSX044 rule, plus non-empty). */
const BAD_NAME = /[\s<>&"']/;

export class RenameError extends Error {
  override name = 'RenameError';
}

function renameTarget(doc: LanguageDocument, offset: number): { kind: 'intent' | 'concept'; name: string; range: { start: number; end: number } } {
  const at = trsxSymbolAt(doc.trsx(), offset);
  if (!at || (at.kind !== 'intent' && at.kind !== 'concept')) throw new RenameError('Put the cursor on an intent or concept name (a declaration, intentref or conceptref) to rename it.');
  if (at.kind === 'intent' && SPECIAL_INTENTS.has(at.name)) throw new RenameError(`${at.name} is a special intent of every project; it cannot be renamed.`);
  if (at.kind === 'concept' && isPredefinedConcept(at.name)) throw new RenameError(`${at.name} is a predefined entity; it cannot be renamed.`);
  return at;
}

export function prepareTrsxRename(doc: LanguageDocument, offset: number): RenamePreparation {
  const at = renameTarget(doc, offset);
  return { range: at.range, placeholder: at.name };
}

export function trsxRename(ctx: LanguageContext, doc: LanguageDocument, offset: number, newName: string): FileEdits[] {
  const at = renameTarget(doc, offset);
  if (newName === at.name) return [];
  if (newName === '' || BAD_NAME.test(newName)) {
    throw new RenameError(`'${newName}' is not a valid ${at.kind} name: use letters, digits and _ (no spaces, quotes, <, > or &).`);
  }
  const taken = [trsxSymbols(doc.trsx()), ...otherLocaleDeclarations(ctx, doc.path).map((o) => o.symbols)]
    .some((s) => (at.kind === 'intent' ? s.intent(newName) : s.concept(newName)) !== undefined);
  if (taken || (at.kind === 'intent' && SPECIAL_INTENTS.has(newName)) || (at.kind === 'concept' && isPredefinedConcept(newName))) {
    throw new RenameError(`An ${at.kind} named '${newName}' already exists${at.kind === 'concept' && isPredefinedConcept(newName) ? ' (a predefined entity)' : ''}; choose another name.`);
  }
  const byPath = new Map<string, FileEdits>();
  for (const location of referencesOf(ctx, doc, at, true)) {
    let file = byPath.get(location.path);
    if (!file) { file = { path: location.path, edits: [] }; byPath.set(location.path, file); }
    file.edits.push({ range: location.range, newText: newName });
  }
  return [...byPath.values()];
}
