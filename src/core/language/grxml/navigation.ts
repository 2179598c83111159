// GrXML navigation: a ruleref (or the root attribute) goes to its rule, an external ruleref to the rule in the
// other grammar file (or that file's root rule, or the file itself); references of a rule include rulerefs in
// the grammars next to it (same folder, same project) that point into this file. Hovers show a rule's first
// alternatives. Rename rewrites the id, local references and those external references.

import { dirname } from 'node:path';
import { isLegalRuleName, isSpecialRuleName } from '../../formats/grxml/attributes';
import { confinedGrammarPath } from '../../formats/grxml/resolveFile';
import type { GrxmlParseResult } from '../../formats/grxml/parse';
import type { LanguageDocument } from '../documents';
import type { FileEdits, HoverInfo, LanguageContext, Location, RenamePreparation } from '../types';
import { RenameError } from '../trsx/rename';
import { escapeMarkdownLine } from '../../markdown';
import { ruleAlternatives } from './render';
import { grxmlSymbolAt, grxmlSymbols, type RuleReference } from './symbols';

const SPECIAL_DOCS: Readonly<Record<string, string>> = {
  NULL: 'matches the empty input (always succeeds, consumes nothing).',
  VOID: 'never matches (a rule that uses it can never match).',
  GARBAGE: 'matches any speech (one or more words, as few as possible).',
};

/**
 * The file an external reference points to, or undefined when it cannot name a local file inside the referencing
 * grammar's folder tree (navigation never reads a file a grammar may not refer to).
 */
export function referencedFile(fromPath: string | undefined, file: string): string | undefined {
  if (fromPath === undefined) return undefined;
  try {
    return confinedGrammarPath(file, fromPath, []);
  } catch {
    return undefined;
  }
}

interface Target {
  path: string;
  result: GrxmlParseResult | undefined;
  /** The rule id (the referenced grammar's root when the reference names none). */
  rule: string | undefined;
}

function targetOf(ctx: LanguageContext, doc: LanguageDocument, ref: RuleReference): Target | undefined {
  if (ref.file === undefined) return { path: doc.id, result: doc.grxml(), rule: ref.rule };
  const path = referencedFile(doc.path, ref.file);
  if (path === undefined) return undefined;
  const result = ctx.projects.grxml(path);
  return { path: ctx.documents.byPath(path)?.id ?? path, result, rule: ref.rule ?? result?.grammar.root };
}

export function grxmlDefinition(ctx: LanguageContext, doc: LanguageDocument, offset: number): Location[] {
  const at = grxmlSymbolAt(doc.grxml(), offset);
  if (!at) return [];
  if (at.kind === 'rule') return [{ path: doc.id, range: at.range }];
  const target = targetOf(ctx, doc, at.reference);
  if (!target) return [];
  const fileStart = [{ path: target.path, range: { start: 0, end: 0 } }];
  if (at.onFile) return fileStart;
  const rule = target.result && target.rule !== undefined ? grxmlSymbols(target.result).rule(target.rule) : undefined;
  if (rule) return [{ path: target.path, range: rule.idRange }];
  // An external grammar that exists but lacks the rule: its file is the next best place to go.
  return at.reference.file !== undefined && target.result ? fileStart : [];
}

export function grxmlHover(ctx: LanguageContext, doc: LanguageDocument, offset: number): HoverInfo | undefined {
  const at = grxmlSymbolAt(doc.grxml(), offset);
  if (!at) return undefined;
  if (at.kind === 'ruleref') {
    const special = at.reference.element.attributes.find((a) => a.name === 'special');
    if (special && SPECIAL_DOCS[special.value.trim()])
      return {
        range: at.reference.valueRange,
        markdown: `**$${special.value.trim()}** ${SPECIAL_DOCS[special.value.trim()]}`,
      };
  }
  const range = at.kind === 'rule' ? at.range : at.reference.valueRange;
  const target =
    at.kind === 'rule' ? { path: doc.id, result: doc.grxml(), rule: at.id } : targetOf(ctx, doc, at.reference);
  if (!target?.result || target.rule === undefined)
    return { range, markdown: `Rule reference — the grammar it names could not be read.` };
  const rule = target.result.grammar.rulesById.get(target.rule);
  if (!rule)
    return {
      range,
      markdown: `**Rule** \`${target.rule}\` is not defined${at.kind === 'ruleref' && at.reference.file ? ` in ${at.reference.file}` : ''}.`,
    };
  const { shown, total } = ruleAlternatives(rule, 5);
  const where = at.kind === 'ruleref' && at.reference.file ? ` in ${at.reference.file}` : '';
  const lines = [
    `**Rule** \`${rule.id}\`${where} — ${rule.scope}${target.result.grammar.root === rule.id ? ', root' : ''}`,
    '',
  ];
  lines.push(total > 1 ? `First alternatives (${Math.min(total, shown.length)} of ${total}):` : 'Matches:');
  for (const alt of shown) lines.push(`- ${escapeMarkdownLine(alt)}`);
  return { range, markdown: lines.join('\n') };
}

interface RuleRefLocation {
  path: string;
  ref: RuleReference;
}

/** References to rule `id` of the grammar at `path` from the other grammars around it. */
function externalReferences(
  ctx: LanguageContext,
  path: string | undefined,
  id: string,
  isRoot: boolean,
): RuleRefLocation[] {
  if (path === undefined) return [];
  const out: RuleRefLocation[] = [];
  for (const other of ctx.projects.relatedGrammars(path)) {
    const result = ctx.projects.grxml(other);
    if (!result) continue;
    const otherId = ctx.documents.byPath(other)?.id ?? other;
    for (const ref of grxmlSymbols(result).references) {
      if (ref.file === undefined || (ref.rule !== id && !(ref.rule === undefined && isRoot))) continue;
      if (referencedFile(other, ref.file) === path) out.push({ path: otherId, ref });
    }
  }
  return out;
}

function ruleIdAt(
  ctx: LanguageContext,
  doc: LanguageDocument,
  offset: number,
): { id: string; range: { start: number; end: number } } | undefined {
  const at = grxmlSymbolAt(doc.grxml(), offset);
  if (!at) return undefined;
  if (at.kind === 'rule') return { id: at.id, range: at.range };
  if (at.reference.file !== undefined || at.reference.rule === undefined || at.onFile) return undefined;
  return { id: at.reference.rule, range: at.reference.nameRange };
}

export function grxmlReferences(
  ctx: LanguageContext,
  doc: LanguageDocument,
  offset: number,
  includeDeclaration: boolean,
): Location[] {
  const target = ruleIdAt(ctx, doc, offset);
  if (!target) return [];
  const table = grxmlSymbols(doc.grxml());
  const out: Location[] = [];
  if (includeDeclaration)
    for (const r of table.rules) if (r.id === target.id) out.push({ path: doc.id, range: r.idRange });
  for (const ref of table.localReferences(target.id)) out.push({ path: doc.id, range: ref.nameRange });
  for (const ext of externalReferences(ctx, doc.path, target.id, doc.grxml().grammar.root === target.id))
    out.push({
      path: ext.path,
      range: ext.ref.fileRange && ext.ref.rule === undefined ? ext.ref.fileRange : ext.ref.nameRange,
    });
  return out;
}

export function prepareGrxmlRename(ctx: LanguageContext, doc: LanguageDocument, offset: number): RenamePreparation {
  const target = ruleIdAt(ctx, doc, offset);
  if (!target)
    throw new RenameError(
      'Put the cursor on a rule id, a local rule reference (#rule) or the root attribute to rename a rule.',
    );
  return { range: target.range, placeholder: target.id };
}

export function grxmlRename(ctx: LanguageContext, doc: LanguageDocument, offset: number, newName: string): FileEdits[] {
  const target = ruleIdAt(ctx, doc, offset);
  if (!target)
    throw new RenameError(
      'Put the cursor on a rule id, a local rule reference (#rule) or the root attribute to rename a rule.',
    );
  if (newName === target.id) return [];
  if (!isLegalRuleName(newName) || isSpecialRuleName(newName)) {
    throw new RenameError(
      `'${newName}' is not a legal rule id: use letters, digits and _ (no ".", ":" or "-", not NULL, VOID or GARBAGE).`,
    );
  }
  const table = grxmlSymbols(doc.grxml());
  if (table.rule(newName))
    throw new RenameError(`A rule named '${newName}' already exists in this grammar; choose another name.`);
  const own: FileEdits = { path: doc.id, edits: [] };
  for (const r of table.rules) if (r.id === target.id) own.edits.push({ range: r.idRange, newText: newName });
  for (const ref of table.localReferences(target.id)) own.edits.push({ range: ref.nameRange, newText: newName });
  const byPath = new Map<string, FileEdits>([[doc.id, own]]);
  for (const ext of externalReferences(ctx, doc.path, target.id, false)) {
    let file = byPath.get(ext.path);
    if (!file) {
      file = { path: ext.path, edits: [] };
      byPath.set(ext.path, file);
    }
    file.edits.push({ range: ext.ref.nameRange, newText: newName });
  }
  return [...byPath.values()];
}

/** The folder external references of a grammar resolve against (for completion of file names). */
export function grammarFolder(doc: LanguageDocument): string | undefined {
  return doc.path === undefined ? undefined : dirname(doc.path);
}
