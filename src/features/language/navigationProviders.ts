// Thin providers for reading and moving around: hover, definition, references, rename, document and workspace
// symbols, over the core services.
import * as vscode from 'vscode';
import type { LanguageServices } from '../../core/language/languageServices';
import type { DocumentSymbolInfo, SymbolKind } from '../../core/language/types';
import type { Locator } from './documentIds';
import type { DocumentSync } from './documentSync';
import { toWorkspaceEdit } from './editingProviders';

const SYMBOL_KIND: Record<SymbolKind, vscode.SymbolKind> = {
  section: vscode.SymbolKind.Namespace,
  intent: vscode.SymbolKind.Event,
  concept: vscode.SymbolKind.Class,
  dictionary: vscode.SymbolKind.Enum,
  sample: vscode.SymbolKind.String,
  rule: vscode.SymbolKind.Function,
};

export class NavigationProvider implements vscode.HoverProvider, vscode.DefinitionProvider, vscode.ReferenceProvider, vscode.RenameProvider, vscode.DocumentSymbolProvider {
  constructor(private readonly services: LanguageServices, private readonly sync: DocumentSync, private readonly locator: Locator) {}

  provideHover(doc: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const id = this.sync.ensure(doc);
    const hover = this.services.hover(id, doc.offsetAt(position));
    if (!hover) return undefined;
    return new vscode.Hover(new vscode.MarkdownString(hover.markdown), new vscode.Range(doc.positionAt(hover.range.start), doc.positionAt(hover.range.end)));
  }

  provideDefinition(doc: vscode.TextDocument, position: vscode.Position): vscode.Location[] {
    const id = this.sync.ensure(doc);
    return this.services.definition(id, doc.offsetAt(position)).map((l) => this.locator.location(l.path, l.range));
  }

  provideReferences(doc: vscode.TextDocument, position: vscode.Position, context: vscode.ReferenceContext): vscode.Location[] {
    const id = this.sync.ensure(doc);
    return this.services.references(id, doc.offsetAt(position), context.includeDeclaration).map((l) => this.locator.location(l.path, l.range));
  }

  prepareRename(doc: vscode.TextDocument, position: vscode.Position): { range: vscode.Range; placeholder: string } {
    const id = this.sync.ensure(doc);
    const p = this.services.prepareRename(id, doc.offsetAt(position)); // throws a RenameError VS Code shows
    return { range: new vscode.Range(doc.positionAt(p.range.start), doc.positionAt(p.range.end)), placeholder: p.placeholder };
  }

  provideRenameEdits(doc: vscode.TextDocument, position: vscode.Position, newName: string): vscode.WorkspaceEdit {
    const id = this.sync.ensure(doc);
    return toWorkspaceEdit(this.services.rename(id, doc.offsetAt(position), newName), this.locator);
  }

  provideDocumentSymbols(doc: vscode.TextDocument): vscode.DocumentSymbol[] {
    const id = this.sync.ensure(doc);
    const convert = (s: DocumentSymbolInfo): vscode.DocumentSymbol => {
      const range = new vscode.Range(doc.positionAt(s.range.start), doc.positionAt(s.range.end));
      const selection = new vscode.Range(doc.positionAt(s.selectionRange.start), doc.positionAt(s.selectionRange.end));
      const symbol = new vscode.DocumentSymbol(s.name, s.detail ?? '', SYMBOL_KIND[s.kind], range, range.contains(selection) ? selection : range);
      symbol.children = s.children.map(convert);
      return symbol;
    };
    return this.services.documentSymbols(id).map(convert);
  }
}

/** Intents, concepts and rules of every TRSX and GrXML file in the workspace. */
export class WorkspaceSymbolProvider implements vscode.WorkspaceSymbolProvider {
  private files: Promise<string[]> | undefined;

  constructor(private readonly services: LanguageServices, private readonly locator: Locator) {}

  /** Files appeared or disappeared: list them again on the next search. */
  invalidate(): void {
    this.files = undefined;
  }

  async provideWorkspaceSymbols(query: string, token: vscode.CancellationToken): Promise<vscode.SymbolInformation[]> {
    this.files ??= Promise.resolve(vscode.workspace.findFiles('**/*.{trsx,grxml,srgs}', '**/{node_modules,.cstudio,.git}/**', 5000))
      .then((uris) => uris.filter((u) => u.scheme === 'file').map((u) => u.fsPath).sort());
    const paths = await this.files;
    const controller = new AbortController();
    const listener = token.onCancellationRequested(() => controller.abort());
    try {
      return this.services.workspaceSymbols(paths, query, controller.signal).map((s) =>
        new vscode.SymbolInformation(s.name, SYMBOL_KIND[s.kind], s.container ?? '', this.locator.location(s.location.path, s.location.range)));
    } finally {
      listener.dispose();
    }
  }
}
