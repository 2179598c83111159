// Go to definition and find references for TRSX names: intentref ↔ intent, conceptref ↔ concept (annotations,
// intent links, relations), dictionary ↔ concept, and a concept's rule-based grammar file. Names are shared by
// the project's locale files, so declarations and references are looked up in all of them.

import { dirname, resolve } from 'node:path';
import { dialogLocations } from '../dialog/dialogLocations';
import type { LanguageDocument } from '../documents';
import type { LanguageContext, Location } from '../types';
import { otherLocaleDeclarations, otherLocaleSymbols } from './projectFiles';
import { trsxSymbolAt, trsxSymbols, type TrsxSymbolAt, type TrsxSymbols } from './symbols';

/** Where a concept's `ruleGrammarFileName` points: relative to the folder of its TRSX file (the locale folder). */
export function ruleGrammarPath(trsxPath: string, fileName: string): string {
  return resolve(dirname(trsxPath), fileName);
}

export function trsxDefinition(ctx: LanguageContext, doc: LanguageDocument, offset: number): Location[] {
  const result = doc.trsx();
  const at = trsxSymbolAt(result, offset);
  if (!at) return [];
  const here = trsxSymbols(result);
  switch (at.kind) {
    case 'grammarFile':
      return doc.path === undefined ? [] : [{ path: ruleGrammarPath(doc.path, at.name), range: { start: 0, end: 0 } }];
    case 'dataType':
      return [];
    case 'intent': {
      const local = here.intent(at.name);
      if (local) return [{ path: doc.id, range: local.nameRange }];
      return otherLocaleDeclarations(ctx, doc.path).flatMap((o) => {
        const d = o.symbols.intent(at.name);
        return d ? [{ path: o.path, range: d.nameRange }] : [];
      });
    }
    case 'concept': {
      // On a concept's own name, "definition" is its dictionary (dictionary ↔ concept); elsewhere, the concept.
      if (at.declaration) {
        const dictionary = here.dictionary(at.name);
        return [{ path: doc.id, range: dictionary ? dictionary.nameRange : at.range }];
      }
      const local = here.concept(at.name);
      if (local) return [{ path: doc.id, range: local.nameRange }];
      return otherLocaleDeclarations(ctx, doc.path).flatMap((o) => {
        const d = o.symbols.concept(at.name);
        return d ? [{ path: o.path, range: d.nameRange }] : [];
      });
    }
  }
}

export function trsxReferences(
  ctx: LanguageContext,
  doc: LanguageDocument,
  offset: number,
  includeDeclaration: boolean,
): Location[] {
  const at = trsxSymbolAt(doc.trsx(), offset);
  if (!at || (at.kind !== 'intent' && at.kind !== 'concept')) return [];
  // dialog.json names intents and entities too (by name and, through its ontology, by UUID).
  const dialog = dialogLocations(
    ctx,
    doc.path,
    at.kind === 'intent' ? { kind: 'intent', name: at.name } : { kind: 'entity', name: at.name },
  );
  return [...referencesOf(ctx, doc, at, includeDeclaration), ...dialog];
}

/** Every declaration (optionally) and reference of an intent or concept, in this file then the other locales. */
export function referencesOf(
  ctx: LanguageContext,
  doc: LanguageDocument,
  at: Pick<Extract<TrsxSymbolAt, { kind: 'intent' | 'concept' }>, 'kind' | 'name'>,
  includeDeclaration: boolean,
): Location[] {
  const files: Array<{ path: string; symbols: TrsxSymbols }> = [
    { path: doc.id, symbols: trsxSymbols(doc.trsx()) },
    ...otherLocaleSymbols(ctx, doc.path),
  ];
  const out: Location[] = [];
  for (const { path, symbols } of files) {
    if (at.kind === 'intent') {
      if (includeDeclaration)
        for (const d of symbols.intents) if (d.name === at.name) out.push({ path, range: d.nameRange });
      for (const r of symbols.intentReferences()) if (r.name === at.name) out.push({ path, range: r.range });
    } else {
      if (includeDeclaration)
        for (const d of symbols.concepts) if (d.name === at.name) out.push({ path, range: d.nameRange });
      for (const r of symbols.conceptReferences()) if (r.name === at.name) out.push({ path, range: r.range });
    }
  }
  return out;
}
