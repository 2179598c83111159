// The grammar tester's copy of a grammar (the language server holds the editor's documents; the tester runs in the
// extension host when asked, and reads the grammar at that moment): a document is put into the tester's services at
// its current version just before a test, never mirrored edit by edit.
import type * as vscode from 'vscode';
import type { LanguageServices } from '../../core/language/languageServices';
import { idOf, languageOf, pathOf } from './documentIds';

export class DocumentSync {
  constructor(private readonly services: LanguageServices) {}

  /** Makes sure the services hold `doc` at its current version; returns its id. */
  ensure(doc: vscode.TextDocument): string {
    const id = idOf(doc);
    const language = languageOf(doc);
    const held = this.services.documents.get(id);
    if (language && (!held || held.version !== doc.version || held.languageId !== language)) {
      this.services.documents.open(id, language, doc.version, doc.getText(), pathOf(doc));
      this.services.projects.invalidate();
    }
    return id;
  }
}
