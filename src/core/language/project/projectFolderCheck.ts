// A pulled project folder checked the way the editor checks it: every locale's TRSX file and every grammar
// under `<locale>/grammars/`, each with its own format rules and the project's cross-file checks (other
// locales, grammar files, restricted files). `cstudio validate DIR` prints the result, so CI sees what the
// editor shows. Files are opened one at a time, so memory stays that of the largest file, not the project.

import { join } from 'node:path';
import type { Diagnostic } from '../../formats/diagnostic';
import { decodeXmlBytes } from '../../formats/xml/decode';
import { throwIfAborted } from '../../progress';
import { DiagnosticsEngine } from '../diagnosticsEngine';
import type { LanguageId } from '../documents';
import type { FileSystem } from '../fileSystem';
import { METADATA_FILE } from '../../package/layout';

export interface CheckedProjectFile {
  /** Absolute path of the file. */
  path: string;
  text: string;
  diagnostics: Diagnostic[];
}

/** The checked files of the project at `root`; undefined when `root` holds no metadata.json (not a project folder). */
export function checkProjectFolder(
  root: string,
  fs: FileSystem,
  signal?: AbortSignal,
): CheckedProjectFile[] | undefined {
  const engine = new DiagnosticsEngine(fs);
  engine.setRoots([root]);
  const project = engine.projects.projectOf(join(root, METADATA_FILE));
  if (!project || project.root !== root) return undefined;
  const files: Array<{ path: string; language: LanguageId }> = [
    ...project.locales.map((l) => ({ path: l.trsxPath, language: 'trsx' as const })),
    ...project.grammars.map((g) => ({ path: g.path, language: 'grxml' as const })),
  ];
  const dialog = engine.projects.dialogPath(project);
  if (dialog) files.push({ path: dialog, language: 'dialog' as const });
  const out: CheckedProjectFile[] = [];
  for (const file of files) {
    throwIfAborted(signal);
    const bytes = fs.readFile(file.path);
    if (!bytes) continue;
    const text = decodeXmlBytes(bytes).text;
    engine.open(file.path, file.language, 1, text, file.path);
    out.push({ path: file.path, text, diagnostics: engine.diagnostics(file.path)?.diagnostics ?? [] });
    engine.close(file.path);
  }
  return out;
}
