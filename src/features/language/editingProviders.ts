// Thin providers for writing: completion, formatting, code actions and CodeLens. Each converts positions to
// offsets, asks the core services (src/core/language) and converts the answer back.
import * as vscode from 'vscode';
import type { Diagnostic } from '../../core/formats/diagnostic';
import type { LanguageServices } from '../../core/language/languageServices';
import type { CodeActionInfo, CompletionKind, FileEdits, TextEdit } from '../../core/language/types';
import { CommandIds } from '../../host/commandIds';
import type { Settings } from '../../host/settings';
import { DIAGNOSTIC_SOURCE } from './diagnosticsController';
import type { Locator } from './documentIds';
import type { DocumentSync } from './documentSync';

const COMPLETION_KIND: Record<CompletionKind, vscode.CompletionItemKind> = {
  element: vscode.CompletionItemKind.Property,
  closeTag: vscode.CompletionItemKind.Property,
  attribute: vscode.CompletionItemKind.Field,
  value: vscode.CompletionItemKind.Value,
  intent: vscode.CompletionItemKind.Event,
  concept: vscode.CompletionItemKind.Class,
  rule: vscode.CompletionItemKind.Function,
  file: vscode.CompletionItemKind.File,
  keyword: vscode.CompletionItemKind.EnumMember,
};

export function toWorkspaceEdit(files: readonly FileEdits[], locator: Locator): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  for (const f of files) {
    const uri = locator.uriOf(f.path);
    for (const e of f.edits) edit.replace(uri, locator.range(f.path, e.range), e.newText);
  }
  return edit;
}

function toTextEdits(doc: vscode.TextDocument, edits: readonly TextEdit[]): vscode.TextEdit[] {
  return edits.map((e) => vscode.TextEdit.replace(new vscode.Range(doc.positionAt(e.range.start), doc.positionAt(e.range.end)), e.newText));
}

export class CompletionProvider implements vscode.CompletionItemProvider {
  static readonly triggers = ['<', '"', "'", ' ', '#', '/'];
  constructor(private readonly services: LanguageServices, private readonly sync: DocumentSync) {}

  provideCompletionItems(doc: vscode.TextDocument, position: vscode.Position): vscode.CompletionItem[] {
    const id = this.sync.ensure(doc);
    return this.services.completion(id, doc.offsetAt(position)).map((c) => {
      const item = new vscode.CompletionItem(c.label, COMPLETION_KIND[c.kind]);
      item.insertText = c.snippet ? new vscode.SnippetString(c.insertText) : c.insertText;
      const start = doc.positionAt(c.range.start);
      const end = doc.positionAt(c.range.end);
      if (start.line === position.line && end.line === position.line) item.range = new vscode.Range(start, end);
      if (c.detail !== undefined) item.detail = c.detail;
      if (c.documentation !== undefined) item.documentation = new vscode.MarkdownString(c.documentation);
      if (c.sortText !== undefined) item.sortText = c.sortText;
      return item;
    });
  }
}

export class FormattingProvider implements vscode.DocumentFormattingEditProvider {
  constructor(private readonly services: LanguageServices, private readonly sync: DocumentSync, private readonly settings: Settings) {}

  provideDocumentFormattingEdits(doc: vscode.TextDocument, options: vscode.FormattingOptions): vscode.TextEdit[] {
    const id = this.sync.ensure(doc);
    const trsxIndent = this.settings.value.format.indent;
    return toTextEdits(doc, this.services.formatting(id, { tabSize: options.tabSize, insertSpaces: options.insertSpaces, trsxIndent }));
  }
}

export class CodeActionProvider implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix, vscode.CodeActionKind.RefactorRewrite];
  constructor(private readonly services: LanguageServices, private readonly sync: DocumentSync, private readonly locator: Locator) {}

  provideCodeActions(doc: vscode.TextDocument, range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const id = this.sync.ensure(doc);
    const ours = context.diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE && typeof d.code === 'string');
    const plain: Diagnostic[] = ours.map((d) => ({
      code: d.code as string, severity: 'error', message: d.message,
      range: { start: doc.offsetAt(d.range.start), end: doc.offsetAt(d.range.end) },
    }));
    const actions = this.services.codeActions(id, { start: doc.offsetAt(range.start), end: doc.offsetAt(range.end) }, plain);
    return actions.map((a) => this.toAction(a, ours, plain));
  }

  private toAction(a: CodeActionInfo, ours: readonly vscode.Diagnostic[], plain: readonly Diagnostic[]): vscode.CodeAction {
    const action = new vscode.CodeAction(a.title, a.kind === 'quickfix' ? vscode.CodeActionKind.QuickFix : vscode.CodeActionKind.RefactorRewrite);
    action.edit = toWorkspaceEdit(a.edits, this.locator);
    if (a.diagnostic) {
      const i = plain.indexOf(a.diagnostic);
      const fixed = i >= 0 ? ours[i] : undefined;
      if (fixed) action.diagnostics = [fixed];
    }
    if (a.preferred) action.isPreferred = true;
    return action;
  }
}

export class CodeLensProvider implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly services: LanguageServices, private readonly sync: DocumentSync) {}

  /** Other files of a project changed (their counts show on this file's lenses). */
  refresh(): void {
    this.changed.fire();
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    const id = this.sync.ensure(doc);
    return this.services.codeLenses(id).map((lens) => {
      const range = new vscode.Range(doc.positionAt(lens.range.start), doc.positionAt(lens.range.end));
      if (lens.kind === 'testGrammar') {
        return new vscode.CodeLens(range, { title: lens.title, command: CommandIds.grammarTest, arguments: [doc.uri, lens.rule] });
      }
      // VS Code's own "find references" (our reference provider answers it) when clicked: nothing computed before.
      return new vscode.CodeLens(range, { title: lens.title, command: 'editor.action.findReferences', arguments: [doc.uri, range.start] });
    });
  }

  dispose(): void {
    this.changed.dispose();
  }
}
