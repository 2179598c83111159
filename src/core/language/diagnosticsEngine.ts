// Everything the editor shows as problems for TRSX and GrXML documents: well-formedness and the format rules
// (TRSX incrementally, see trsx/incrementalValidator.ts), plus the cross-file checks of the project the file
// belongs to. The language server (server/diagnosticsScheduler.ts) runs one engine over the documents its other
// services hold; the unit tests and the benchmark drive it directly.

import { dialogDiagnostic, dialogDiagnostics } from '../dialog/dialogDiagnostics';
import type { Diagnostic } from '../formats/diagnostic';
import { validateGrxml } from '../formats/grxml/validate';
import { sortDiagnostics } from '../formats/trsx/validate';
import { DocumentStore, type LanguageDocument, type LanguageId } from './documents';
import type { FileSystem } from './fileSystem';
import { projectGrammarResolver } from './grxml/resolver';
import { GrammarChecks, grxmlProjectDiagnostics, trsxProjectDiagnostics } from './project/projectDiagnostics';
import { ProjectIndex } from './project/projectIndex';
import type { TextChange } from './textChange';
import { IncrementalTrsxValidator } from './trsx/incrementalValidator';
import type { LanguageContext } from './types';

export interface DocumentDiagnostics {
  id: string;
  version: number;
  diagnostics: Diagnostic[];
  /** True when the TRSX rules were re-checked only for the edited samples. */
  incremental: boolean;
}

export class DiagnosticsEngine {
  readonly documents: DocumentStore;
  readonly projects: ProjectIndex;
  private readonly validators = new Map<string, IncrementalTrsxValidator>();
  /** Grammar validation, cached per parse; the grammar tester shares it, so a grammar is validated once. */
  readonly grammarChecks: GrammarChecks;
  private roots: string[] = [];

  /** `shared`: the documents and projects of the other services in the same process, so each text is parsed once. */
  constructor(fs: FileSystem, shared?: LanguageContext) {
    this.documents = shared?.documents ?? new DocumentStore();
    this.projects = shared?.projects ?? new ProjectIndex(fs, this.documents);
    this.grammarChecks = new GrammarChecks(this.context, () => this.roots);
  }

  get context(): LanguageContext {
    return { documents: this.documents, projects: this.projects };
  }

  /** Folders grammar files may be read from (the workspace folders); empty: each grammar's own folder. */
  setRoots(roots: readonly string[]): void {
    this.roots = [...roots];
  }

  open(id: string, languageId: LanguageId, version: number, text: string, path?: string): void {
    this.documents.open(id, languageId, version, text, path);
    this.validators.delete(id);
    this.projects.invalidate();
  }

  change(id: string, version: number, changes: readonly TextChange[]): void {
    const doc = this.documents.get(id);
    if (!doc) throw new Error(`Document ${id} is not open in the diagnostics engine; open it before sending changes.`);
    doc.update(version, changes);
  }

  close(id: string): void {
    this.documents.close(id);
    this.validators.delete(id);
    this.projects.invalidate();
  }

  /** Files were created, deleted or renamed on disk: project layouts are read again. */
  filesChanged(): void {
    this.projects.invalidate();
  }

  diagnostics(id: string): DocumentDiagnostics | undefined {
    const doc = this.documents.get(id);
    if (!doc) return undefined;
    const ctx = this.context;
    if (doc.languageId === 'trsx') {
      let validator = this.validators.get(id);
      if (!validator) {
        const created = new IncrementalTrsxValidator();
        validator = created;
        this.validators.set(id, created);
        doc.onTrsxStep = (step) => created.step(step);
      }
      const result = doc.trsx();
      const validation = validator.validate(result);
      const project = trsxProjectDiagnostics(ctx, doc, result, this.grammarChecks);
      const diagnostics =
        project.length === 0 ? validation.diagnostics : sortDiagnostics([...validation.diagnostics, ...project]);
      return { id, version: doc.version, diagnostics, incremental: validation.incremental };
    }
    if (doc.languageId === 'dialog')
      return { id, version: doc.version, diagnostics: this.dialogDiagnostics(doc), incremental: false };
    const parsed = doc.grxml();
    const own = validateGrxml(parsed, { resolveExternal: projectGrammarResolver(this.projects, this.roots) });
    const diagnostics = sortDiagnostics([...own, ...grxmlProjectDiagnostics(ctx, doc)]);
    return { id, version: doc.version, diagnostics, incremental: false };
  }

  private dialogDiagnostics(doc: LanguageDocument): Diagnostic[] {
    let model;
    try {
      model = doc.dialog();
    } catch (e) {
      const offset = (e as { offset?: number }).offset ?? 0;
      return [
        dialogDiagnostic('DLG013', (e as Error).message, { start: offset, end: Math.min(doc.length, offset + 1) }),
      ];
    }
    const project = doc.path === undefined ? undefined : this.projects.projectOf(doc.path);
    return dialogDiagnostics(model, project ? this.projects.nluNames(project) : undefined);
  }

  /** Open documents of the same project as `id` (their cross-file diagnostics may change with it). */
  projectSiblings(id: string): string[] {
    const doc = this.documents.get(id);
    const project = doc?.path === undefined ? undefined : this.projects.projectOf(doc.path);
    if (!project) return [];
    return this.documents
      .all()
      .filter((d) => d.id !== id && d.path !== undefined && this.projects.projectOf(d.path)?.root === project.root)
      .map((d) => d.id);
  }
}
