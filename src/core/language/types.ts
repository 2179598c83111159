// The shapes the language services return: plain offsets into a document's text (UTF-16), paths that name
// documents (the id of an open document, or a file path), and edits. The extension turns them into VS Code's
// objects; nothing here knows about VS Code.

import type { Diagnostic, TextRange } from '../formats/diagnostic';
import type { DocumentStore } from './documents';
import type { ProjectIndex } from './project/projectIndex';

/** What every service reads: the open documents and the projects they belong to. */
export interface LanguageContext {
  documents: DocumentStore;
  projects: ProjectIndex;
}

export interface TextEdit {
  range: TextRange;
  newText: string;
}

export interface FileEdits {
  /** A document id or file path. */
  path: string;
  edits: TextEdit[];
}

export interface Location {
  path: string;
  range: TextRange;
}

export type CompletionKind =
  | 'element'
  | 'closeTag'
  | 'attribute'
  | 'value'
  | 'intent'
  | 'concept'
  | 'rule'
  | 'file'
  | 'keyword';

export interface CompletionItem {
  label: string;
  kind: CompletionKind;
  /** Replaces `range`; a snippet (`$1`, `$0`) when `snippet` is true. */
  insertText: string;
  snippet?: boolean;
  range: TextRange;
  /** One line shown beside the label. */
  detail?: string;
  /** Markdown. */
  documentation?: string;
  /** Orders items (lower first); defaults to the label. */
  sortText?: string;
}

export interface HoverInfo {
  /** Markdown. */
  markdown: string;
  range: TextRange;
}

export type SymbolKind = 'section' | 'intent' | 'concept' | 'dictionary' | 'sample' | 'rule' | 'component' | 'node';

export interface DocumentSymbolInfo {
  name: string;
  detail?: string;
  kind: SymbolKind;
  range: TextRange;
  selectionRange: TextRange;
  children: DocumentSymbolInfo[];
}

export interface WorkspaceSymbolInfo {
  name: string;
  kind: SymbolKind;
  /** Where it lives, shown beside it (the locale, the grammar file name). */
  container?: string;
  location: Location;
}

export type CodeActionKind = 'quickfix' | 'refactor.rewrite';

export interface CodeActionInfo {
  title: string;
  kind: CodeActionKind;
  edits: FileEdits[];
  /** The diagnostic this action fixes. */
  diagnostic?: Diagnostic;
  preferred?: boolean;
}

/** A CodeLens: a title over a range and what clicking it does (`references`: find the references there). */
export type CodeLensInfo =
  | { kind: 'references'; range: TextRange; title: string }
  | { kind: 'testGrammar'; range: TextRange; title: string; rule: string };

export interface RenamePreparation {
  range: TextRange;
  placeholder: string;
}
