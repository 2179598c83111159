// One entry point per editor request, dispatching on the document's language. Plain text and offsets in,
// plain ranges and edits out; the extension's providers (src/features/language) only convert positions.

import type { Diagnostic, TextRange } from '../formats/diagnostic';
import { grxmlCodeLenses, trsxCodeLenses } from './codeLens';
import { DocumentStore, type LanguageDocument } from './documents';
import {
  dialogDefinition,
  dialogHover,
  dialogOutline,
  dialogReferences,
  dialogRename,
  prepareDialogRename,
} from './dialog/dialogNavigation';
import type { FileSystem } from './fileSystem';
import { formattingEdits, type FormattingOptions } from './formatting';
import { grxmlCodeActions } from './grxml/codeActions';
import { grxmlCompletions } from './grxml/completion';
import { grxmlDefinition, grxmlHover, grxmlReferences, grxmlRename, prepareGrxmlRename } from './grxml/navigation';
import { grxmlOutline } from './grxml/outline';
import { ProjectIndex } from './project/projectIndex';
import { trsxCodeActions } from './trsx/codeActions';
import { trsxCompletions } from './trsx/completion';
import { trsxHover } from './trsx/hover';
import { trsxDefinition, trsxReferences } from './trsx/navigation';
import { trsxOutline } from './trsx/outline';
import { prepareTrsxRename, trsxRename } from './trsx/rename';
import type {
  CodeActionInfo,
  CodeLensInfo,
  CompletionItem,
  DocumentSymbolInfo,
  FileEdits,
  HoverInfo,
  LanguageContext,
  Location,
  RenamePreparation,
  TextEdit,
  WorkspaceSymbolInfo,
} from './types';
import { workspaceSymbols } from './workspaceSymbols';

export class LanguageServices {
  readonly documents = new DocumentStore();
  readonly projects: ProjectIndex;

  constructor(fs: FileSystem) {
    this.projects = new ProjectIndex(fs, this.documents);
  }

  get context(): LanguageContext {
    return { documents: this.documents, projects: this.projects };
  }

  private doc(id: string): LanguageDocument {
    const doc = this.documents.get(id);
    if (!doc) throw new Error(`Document ${id} is not open in the language services.`);
    return doc;
  }

  completion(id: string, offset: number): CompletionItem[] {
    const doc = this.doc(id);
    if (doc.languageId === 'dialog') return [];
    return doc.languageId === 'trsx'
      ? trsxCompletions(this.context, doc, offset)
      : grxmlCompletions(this.context, doc, offset);
  }

  hover(id: string, offset: number): HoverInfo | undefined {
    const doc = this.doc(id);
    if (doc.languageId === 'dialog') return dialogHover(this.context, doc, offset);
    return doc.languageId === 'trsx' ? trsxHover(this.context, doc, offset) : grxmlHover(this.context, doc, offset);
  }

  definition(id: string, offset: number): Location[] {
    const doc = this.doc(id);
    if (doc.languageId === 'dialog') return dialogDefinition(this.context, doc, offset);
    return doc.languageId === 'trsx'
      ? trsxDefinition(this.context, doc, offset)
      : grxmlDefinition(this.context, doc, offset);
  }

  references(id: string, offset: number, includeDeclaration: boolean): Location[] {
    const doc = this.doc(id);
    if (doc.languageId === 'dialog') return dialogReferences(this.context, doc, offset, includeDeclaration);
    return doc.languageId === 'trsx'
      ? trsxReferences(this.context, doc, offset, includeDeclaration)
      : grxmlReferences(this.context, doc, offset, includeDeclaration);
  }

  /** Throws a RenameError (with a message for the user) when nothing renameable is at `offset`. */
  prepareRename(id: string, offset: number): RenamePreparation {
    const doc = this.doc(id);
    if (doc.languageId === 'dialog') return prepareDialogRename(doc, offset);
    return doc.languageId === 'trsx' ? prepareTrsxRename(doc, offset) : prepareGrxmlRename(this.context, doc, offset);
  }

  rename(id: string, offset: number, newName: string): FileEdits[] {
    const doc = this.doc(id);
    if (doc.languageId === 'dialog') return dialogRename(this.context, doc, offset, newName);
    return doc.languageId === 'trsx'
      ? trsxRename(this.context, doc, offset, newName)
      : grxmlRename(this.context, doc, offset, newName);
  }

  documentSymbols(id: string): DocumentSymbolInfo[] {
    const doc = this.doc(id);
    if (doc.languageId === 'dialog') return dialogOutline(doc);
    return doc.languageId === 'trsx' ? trsxOutline(doc) : grxmlOutline(doc);
  }

  workspaceSymbols(paths: readonly string[], query: string, signal?: AbortSignal): WorkspaceSymbolInfo[] {
    return workspaceSymbols(this.context, paths, query, signal);
  }

  formatting(id: string, options: FormattingOptions): TextEdit[] {
    // dialog.json is formatted by the editor's JSON support; ours keeps its bytes.
    if (this.doc(id).languageId === 'dialog') return [];
    return formattingEdits(this.doc(id), options);
  }

  codeActions(id: string, range: TextRange, diagnostics: readonly Diagnostic[]): CodeActionInfo[] {
    const doc = this.doc(id);
    if (doc.languageId === 'dialog') return [];
    return doc.languageId === 'trsx' ? trsxCodeActions(doc, diagnostics) : grxmlCodeActions(doc, range, diagnostics);
  }

  codeLenses(id: string): CodeLensInfo[] {
    const doc = this.doc(id);
    if (doc.languageId === 'dialog') return [];
    return doc.languageId === 'trsx' ? trsxCodeLenses(this.context, doc) : grxmlCodeLenses(doc);
  }
}
