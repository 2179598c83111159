// Workspace symbols: intents and concepts of every TRSX file, rules of every grammar, filtered by a query the way
// VS Code's symbol search does (the query's characters appear in order, case-insensitively).

import { basename } from 'node:path';
import { languageOfPath } from './documents';
import { grxmlSymbols } from './grxml/symbols';
import { localeOfTrsxPath } from './project/projectIndex';
import { trsxSymbols } from './trsx/symbols';
import type { LanguageContext, WorkspaceSymbolInfo } from './types';

export const MAX_WORKSPACE_SYMBOLS = 1000;

/** True when the characters of `query` appear in `name` in order (case-insensitive); an empty query matches all. */
export function fuzzyMatch(query: string, name: string): boolean {
  const q = query.toLowerCase();
  const n = name.toLowerCase();
  let i = 0;
  for (let k = 0; k < n.length && i < q.length; k++) if (n[k] === q[i]) i++;
  return i === q.length;
}

/** Symbols of `paths` (TRSX and GrXML files; open documents are read from the editor) matching `query`. */
export function workspaceSymbols(
  ctx: LanguageContext,
  paths: readonly string[],
  query: string,
  signal?: AbortSignal,
): WorkspaceSymbolInfo[] {
  const out: WorkspaceSymbolInfo[] = [];
  const add = (symbol: WorkspaceSymbolInfo): boolean => {
    if (fuzzyMatch(query, symbol.name)) out.push(symbol);
    return out.length < MAX_WORKSPACE_SYMBOLS;
  };
  for (const path of paths) {
    if (signal?.aborted) break;
    const language = languageOfPath(path);
    const id = ctx.documents.byPath(path)?.id ?? path;
    if (language === 'trsx') {
      const header = ctx.projects.trsxHeader(path);
      if (!header) continue;
      const container = localeOfTrsxPath(path) ?? basename(path);
      const symbols = trsxSymbols(header);
      for (const i of symbols.intents)
        if (!add({ name: i.name, kind: 'intent', container, location: { path: id, range: i.nameRange } })) return out;
      for (const c of symbols.concepts)
        if (!add({ name: c.name, kind: 'concept', container, location: { path: id, range: c.nameRange } })) return out;
    } else if (language === 'grxml') {
      const result = ctx.projects.grxml(path);
      if (!result) continue;
      for (const r of grxmlSymbols(result).rules) {
        if (
          r.id !== '' &&
          !add({ name: r.id, kind: 'rule', container: basename(path), location: { path: id, range: r.idRange } })
        )
          return out;
      }
    }
  }
  return out;
}
