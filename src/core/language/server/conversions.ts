// Conversions between the language services' plain shapes (UTF-16 offsets, paths) and the protocol's (positions,
// URIs). Open documents convert through their text; other files through the project index's line tables.
import {
  CompletionItemKind,
  DiagnosticSeverity,
  InsertTextFormat,
  MarkupKind,
  SymbolKind,
  type CompletionItem,
  type Diagnostic as LspDiagnostic,
  type DocumentSymbol,
  type Location as LspLocation,
  type Position,
  type Range,
  type TextEdit as LspTextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { Diagnostic, Severity, TextRange } from '../../formats/diagnostic';
import type { LanguageServices } from '../languageServices';
import type {
  CompletionItem as OurCompletion,
  CompletionKind,
  DocumentSymbolInfo,
  FileEdits,
  SymbolKind as OurSymbolKind,
  TextEdit,
} from '../types';
import type { UriBook } from './documentUris';

export const DIAGNOSTIC_SOURCE = 'cstudio';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};
const FROM_SEVERITY = new Map<DiagnosticSeverity | undefined, Severity>([
  [DiagnosticSeverity.Error, 'error'],
  [DiagnosticSeverity.Warning, 'warning'],
  [DiagnosticSeverity.Information, 'info'],
]);

const COMPLETION_KIND: Record<CompletionKind, CompletionItemKind> = {
  element: CompletionItemKind.Property,
  closeTag: CompletionItemKind.Property,
  attribute: CompletionItemKind.Field,
  value: CompletionItemKind.Value,
  intent: CompletionItemKind.Event,
  concept: CompletionItemKind.Class,
  rule: CompletionItemKind.Function,
  file: CompletionItemKind.File,
  keyword: CompletionItemKind.EnumMember,
};

export const SYMBOL_KIND: Record<OurSymbolKind, SymbolKind> = {
  section: SymbolKind.Namespace,
  intent: SymbolKind.Event,
  concept: SymbolKind.Class,
  dictionary: SymbolKind.Enum,
  sample: SymbolKind.String,
  rule: SymbolKind.Function,
  component: SymbolKind.Module,
  node: SymbolKind.Struct,
};

/** An open document's own offset ↔ position mapping (LanguageDocument: its line table follows edits). */
export interface PositionSource {
  offsetAt(p: Position): number;
  positionAt(offset: number): Position;
}

/**
 * Offsets ↔ positions of one open document (the protocol's default encoding, UTF-16, is the services' too), through
 * the document's line table, which follows edits incrementally: a 100k-line file is not re-scanned on every
 * keystroke.
 */
export class DocumentPositions {
  constructor(private readonly doc: PositionSource) {}

  offset(p: Position): number {
    return this.doc.offsetAt(p);
  }

  position(offset: number): Position {
    return this.doc.positionAt(offset);
  }

  range(r: TextRange): Range {
    return { start: this.position(r.start), end: this.position(r.end) };
  }

  textRange(r: Range): TextRange {
    return { start: this.offset(r.start), end: this.offset(r.end) };
  }
}

/** The open documents' positions, by document id (the services' document store). */
export interface OpenTexts {
  get(id: string): PositionSource | undefined;
}

/** Ranges and locations in any file the services name: open documents first, then files on disk. */
export class Locator {
  constructor(
    private readonly services: LanguageServices,
    private readonly uris: UriBook,
    private readonly texts: OpenTexts,
  ) {}

  range(path: string, r: TextRange): Range {
    const id = this.services.documents.byPath(path)?.id ?? path;
    const open = this.texts.get(id);
    if (open) return new DocumentPositions(open).range(r);
    const lines = this.services.projects.lines(path);
    if (!lines) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const a = lines.position(r.start);
    const b = lines.position(r.end);
    return { start: { line: a.line - 1, character: a.column - 1 }, end: { line: b.line - 1, character: b.column - 1 } };
  }

  location(path: string, r: TextRange): LspLocation {
    return { uri: this.uris.uriOf(path), range: this.range(path, r) };
  }

  workspaceEdit(files: readonly FileEdits[]): WorkspaceEdit {
    const changes: Record<string, LspTextEdit[]> = {};
    for (const f of files) {
      const edits = (changes[this.uris.uriOf(f.path)] ??= []);
      for (const e of f.edits) edits.push({ range: this.range(f.path, e.range), newText: e.newText });
    }
    return { changes };
  }
}

export function toLspDiagnostic(at: DocumentPositions, d: Diagnostic): LspDiagnostic {
  return {
    range: at.range(d.range),
    message: d.message,
    severity: SEVERITY[d.severity],
    code: d.code,
    source: DIAGNOSTIC_SOURCE,
  };
}

/** The client's diagnostics back in the services' shape (for code actions): ours only, matched by code. */
export function fromLspDiagnostic(at: DocumentPositions, d: LspDiagnostic): Diagnostic | undefined {
  if (d.source !== DIAGNOSTIC_SOURCE || typeof d.code !== 'string') return undefined;
  return {
    code: d.code,
    severity: FROM_SEVERITY.get(d.severity) ?? 'error',
    message: d.message,
    range: at.textRange(d.range),
  };
}

export function toLspTextEdits(at: DocumentPositions, edits: readonly TextEdit[]): LspTextEdit[] {
  return edits.map((e) => ({ range: at.range(e.range), newText: e.newText }));
}

export function toLspCompletion(at: DocumentPositions, c: OurCompletion, cursor: Position): CompletionItem {
  const range = at.range(c.range);
  const item: CompletionItem = {
    label: c.label,
    kind: COMPLETION_KIND[c.kind],
    insertTextFormat: c.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
  };
  // A replace range must stay on the cursor's line; elsewhere the client inserts at the cursor.
  if (range.start.line === cursor.line && range.end.line === cursor.line)
    item.textEdit = { range, newText: c.insertText };
  else item.insertText = c.insertText;
  if (c.detail !== undefined) item.detail = c.detail;
  if (c.documentation !== undefined) item.documentation = { kind: MarkupKind.Markdown, value: c.documentation };
  if (c.sortText !== undefined) item.sortText = c.sortText;
  return item;
}

export function toLspSymbol(at: DocumentPositions, s: DocumentSymbolInfo): DocumentSymbol {
  const range = at.range(s.range);
  const contained = s.selectionRange.start >= s.range.start && s.selectionRange.end <= s.range.end;
  return {
    name: s.name,
    detail: s.detail ?? '',
    kind: SYMBOL_KIND[s.kind],
    range,
    selectionRange: contained ? at.range(s.selectionRange) : range,
    children: s.children.map((c) => toLspSymbol(at, c)),
  };
}
