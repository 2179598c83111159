// The project a file belongs to, for cross-file features: a pulled project is a folder with metadata.json,
// one `<locale>/<locale>.trsx` per locale and rule-based grammars under `<locale>/grammars/`. Files open in
// the editor are read from the document store (their unsaved text); the others from disk, parsed once per
// modification time. Layouts are cached until `invalidate()` (the extension calls it when files are created,
// deleted or renamed).

import { basename, dirname, join, relative, sep } from 'node:path';
import { readDialog, type DialogModel } from '../../dialog/dialogModel';
import { nluNamesOf, type NluNames } from '../../dialog/nluNames';
import { LineIndex } from '../../formats/diagnostic';
import { parseGrxml, type GrxmlParseResult } from '../../formats/grxml/parse';
import { parseTrsx, type TrsxParseResult } from '../../formats/trsx/parse';
import { decodeXmlBytes } from '../../formats/xml/decode';
import { relativeInside } from '../../fs/pathInside';
import {
  classifyPackagePath,
  DIALOG_FILE,
  GRAMMARS_FOLDER,
  METADATA_FILE,
  PRONS_FILE,
  TMFE_FILE,
  trsxPath,
} from '../../package/layout';
import { WorkspacePaths } from '../../workspace/workspacePaths';
import type { DocumentStore } from '../documents';
import type { FileSystem } from '../fileSystem';

export interface ProjectLocale {
  locale: string;
  trsxPath: string;
}

export interface ProjectGrammar {
  locale: string;
  path: string;
  /** Path relative to the locale folder, `/`-separated (how `ruleGrammarFileName` names it). */
  relative: string;
}

export interface Project {
  root: string;
  locales: ProjectLocale[];
  grammars: ProjectGrammar[];
  /**
   * Whether the folder was pulled without the restricted files (grammars, pronunciations, transformations):
   * exports include them only for professional-services users, so their absence is expected, not damage.
   */
  restrictedWithheld: boolean;
}

/** How far above a file the project root may be: `<root>/<locale>/grammars/<name>/<name>.grxml`. */
const MAX_LEVELS = 5;
const MAX_GRAMMAR_FILES = 2000;

interface DiskEntry {
  mtimeMs: number;
  size: number;
  text: string;
  lines?: LineIndex;
  trsx?: TrsxParseResult;
  header?: TrsxParseResult;
  grxml?: GrxmlParseResult;
  dialog?: DialogModel | Error;
}

export class ProjectIndex {
  private readonly roots = new Map<string, string | null>();
  private readonly layouts = new Map<string, Project>();
  private readonly disk = new Map<string, DiskEntry>();

  constructor(
    private readonly fs: FileSystem,
    private readonly documents: DocumentStore,
  ) {}

  /** Forgets folder layouts (files appeared or disappeared); parsed files are re-checked by modification time anyway. */
  invalidate(): void {
    this.roots.clear();
    this.layouts.clear();
  }

  projectOf(path: string): Project | undefined {
    const root = this.rootOf(dirname(path));
    if (root === undefined) return undefined;
    let layout = this.layouts.get(root);
    if (!layout) {
      layout = this.scan(root);
      this.layouts.set(root, layout);
    }
    return layout;
  }

  /** The locale folder a project file lives in (`en-US` for `<root>/en-US/...`). */
  localeOf(project: Project, path: string): string | undefined {
    const rel = relativeInside(project.root, path);
    if (rel === undefined) return undefined;
    const first = rel.split(sep)[0];
    return project.locales.some((l) => l.locale === first) ? first : undefined;
  }

  /** Current text of a file: the open document's, else the file's on disk. */
  text(path: string): string | undefined {
    return this.documents.byPath(path)?.text ?? this.entry(path)?.text;
  }

  lines(path: string): LineIndex | undefined {
    const doc = this.documents.byPath(path);
    if (doc) return doc.lines();
    const entry = this.entry(path);
    if (!entry) return undefined;
    entry.lines ??= new LineIndex(entry.text);
    return entry.lines;
  }

  trsx(path: string): TrsxParseResult | undefined {
    const doc = this.documents.byPath(path);
    if (doc) return doc.languageId === 'trsx' ? doc.trsx() : undefined;
    const entry = this.entry(path);
    if (!entry) return undefined;
    entry.trsx ??= parseTrsx(entry.text);
    return entry.trsx;
  }

  /**
   * A parse good for the file's names (ontology and dictionaries), cheap for files not open: only the text
   * before the first <samples> is read (the schema puts samples last), so its offsets are the file's own.
   */
  trsxHeader(path: string): TrsxParseResult | undefined {
    const doc = this.documents.byPath(path);
    if (doc) return doc.languageId === 'trsx' ? doc.trsxForNames().result : undefined;
    const entry = this.entry(path);
    if (!entry) return undefined;
    if (!entry.header) {
      const samples = entry.text.indexOf('<samples');
      entry.header =
        samples === -1
          ? (entry.trsx ??= parseTrsx(entry.text))
          : parseTrsx(`${entry.text.slice(0, samples)}</project>`);
    }
    return entry.header;
  }

  grxml(path: string): GrxmlParseResult | undefined {
    const doc = this.documents.byPath(path);
    if (doc) return doc.languageId === 'grxml' ? doc.grxml() : undefined;
    const entry = this.entry(path);
    if (!entry) return undefined;
    entry.grxml ??= parseGrxml(entry.text, { uri: path });
    return entry.grxml;
  }

  /** The project's dialog.json, when it has one (open in the editor or on disk). */
  dialogPath(project: Project): string | undefined {
    const path = join(project.root, DIALOG_FILE);
    return this.exists(path) ? path : undefined;
  }

  /** The dialog model of a dialog.json (the open document's text, else the file's); undefined when unreadable. */
  dialog(path: string): DialogModel | undefined {
    const doc = this.documents.byPath(path);
    if (doc) {
      if (doc.languageId !== 'dialog') return undefined;
      try {
        return doc.dialog();
      } catch {
        return undefined;
      }
    }
    const entry = this.entry(path);
    if (!entry) return undefined;
    if (!entry.dialog) {
      try {
        entry.dialog = readDialog(entry.text);
      } catch (e) {
        entry.dialog = e as Error;
      }
    }
    return entry.dialog instanceof Error ? undefined : entry.dialog;
  }

  /** What the project's TRSX files declare (all locales), for the dialog's cross-file checks; undefined without TRSX. */
  nluNames(project: Project): NluNames | undefined {
    // An open TRSX counts with its current text (the dialog's checks follow a rename as it is applied); a file on
    // disk by its cheap header parse.
    const documents = project.locales.flatMap((l) => {
      const open = this.documents.byPath(l.trsxPath);
      const result = open?.languageId === 'trsx' ? open.trsx() : this.trsxHeader(l.trsxPath);
      return result ? [result.document] : [];
    });
    return documents.length === 0 ? undefined : nluNamesOf(documents);
  }

  /** Grammar files in the same folder as `path` (and the project's grammars when it is in one), `path` excluded. */
  relatedGrammars(path: string): string[] {
    const dir = dirname(path);
    const found = new Set<string>();
    for (const name of this.fs.readDirectory(dir)) if (/\.(grxml|srgs)$/i.test(name)) found.add(join(dir, name));
    for (const g of this.projectOf(path)?.grammars ?? []) found.add(g.path);
    for (const doc of this.documents.all())
      if (doc.languageId === 'grxml' && doc.path !== undefined && dirname(doc.path) === dir) found.add(doc.path);
    found.delete(path);
    return [...found].sort();
  }

  exists(path: string): boolean {
    return this.documents.byPath(path) !== undefined || this.fs.stat(path)?.isDirectory === false;
  }

  private entry(path: string): DiskEntry | undefined {
    const info = this.fs.stat(path);
    if (!info || info.isDirectory) {
      this.disk.delete(path);
      return undefined;
    }
    const cached = this.disk.get(path);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const bytes = this.fs.readFile(path);
    if (!bytes) return undefined;
    const entry: DiskEntry = { mtimeMs: info.mtimeMs, size: info.size, text: decodeXmlBytes(bytes).text };
    this.disk.set(path, entry);
    return entry;
  }

  private rootOf(folder: string): string | undefined {
    const chain: string[] = [];
    let dir = folder;
    let found: string | undefined;
    for (let level = 0; level <= MAX_LEVELS; level++) {
      const known = this.roots.get(dir);
      if (known !== undefined) {
        found = known ?? undefined;
        break;
      }
      chain.push(dir);
      if (this.fs.stat(join(dir, METADATA_FILE))?.isDirectory === false) {
        found = dir;
        break;
      }
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
    for (const d of chain) this.roots.set(d, found ?? null);
    return found;
  }

  private scan(root: string): Project {
    const locales: ProjectLocale[] = [];
    const grammars: ProjectGrammar[] = [];
    for (const name of this.fs.readDirectory(root).sort()) {
      const trsxFile = join(root, ...trsxPath(name).split('/'));
      if (this.fs.stat(trsxFile)?.isDirectory !== false && !this.documents.byPath(trsxFile)) continue;
      locales.push({ locale: name, trsxPath: trsxFile });
      const localeDir = join(root, name);
      for (const path of this.grammarFiles(join(localeDir, GRAMMARS_FOLDER), MAX_GRAMMAR_FILES - grammars.length)) {
        grammars.push({ locale: name, path, relative: relative(localeDir, path).split(sep).join('/') });
      }
    }
    return { root, locales, grammars, restrictedWithheld: this.restrictedWithheld(root, locales, grammars) };
  }

  /** The pull's own record when the folder was pulled; else: no restricted file anywhere in it (a regular user's export). */
  private restrictedWithheld(
    root: string,
    locales: readonly ProjectLocale[],
    grammars: readonly ProjectGrammar[],
  ): boolean {
    const state = this.fs.readFile(new WorkspacePaths(root).stateFile);
    if (state) {
      try {
        const visible = (JSON.parse(new TextDecoder().decode(state)) as { restrictedVisible?: unknown })
          .restrictedVisible;
        if (typeof visible === 'boolean') return !visible;
      } catch {
        // An unreadable state file: judge by the folder's content, as for a folder that was never pulled.
      }
    }
    if (grammars.length > 0) return false;
    return !locales.some((l) =>
      [PRONS_FILE, TMFE_FILE].some((name) => this.fs.stat(join(root, l.locale, name))?.isDirectory === false),
    );
  }

  /** Whether `path` is one of the files only professional-services users receive (the package layout's rule). */
  isRestricted(project: Project, path: string): boolean {
    const rel = relativeInside(project.root, path);
    return rel !== undefined && classifyPackagePath(rel.split(sep).join('/')).restricted;
  }

  private grammarFiles(folder: string, limit: number): string[] {
    const out: string[] = [];
    const stack = [{ dir: folder, depth: 0 }];
    while (stack.length > 0 && out.length < limit) {
      const { dir, depth } = stack.pop() as { dir: string; depth: number };
      for (const name of this.fs.readDirectory(dir).sort()) {
        const path = join(dir, name);
        const info = this.fs.stat(path);
        if (info?.isDirectory && depth < 3) stack.push({ dir: path, depth: depth + 1 });
        else if (info && !info.isDirectory && /\.grxml$/i.test(name) && out.length < limit) out.push(path);
      }
    }
    return out.sort();
  }
}

/** `en-US` for `.../en-US/en-US.trsx`; undefined when the file is not laid out as a locale file. */
export function localeOfTrsxPath(path: string): string | undefined {
  const name = basename(path).replace(/\.trsx$/i, '');
  return basename(dirname(path)) === name ? name : undefined;
}
