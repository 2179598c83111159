// What both push plans start from: the local changes against the base, with the local model of each changed
// TRSX file, and the non-TRSX changes sorted into what a push may send and what it must leave alone. Each
// changed TRSX file is parsed once: validated (its problems collected), then diffed against the base, of
// which only hashes of its items are kept (diffWalks), so one model is alive at a time.
import type { TrsxDocument } from '../formats/trsx/model';
import { path as apiPath, queryString } from '../platform/paths';
import { throwIfAborted } from '../progress';
import type { FileChange } from './compare';
import { FolderFiles, type PackageFiles } from './packageFiles';
import { diffWalks, type SemanticChange, type TrsxDiff } from './semantic/trsxDiff';
import { walkDocument } from './semantic/trsxItems';
import { walkTrsxBytes } from './trsxFile';
import { changedSamplesWindow, windowWithHeader } from './semantic/changedWindow';
import { changedSamplesWindowOf, withSources, type ByteSource } from './semantic/windowSources';
import { validateTrsxFile, type ValidationProblem, type WindowLines } from './validation';

export interface LocaleChanges {
  readonly locale: string;
  readonly path: string;
  readonly local: TrsxDocument;
  readonly diff: TrsxDiff;
}

export interface PlanContext {
  readonly projectId: string;
  /** Whether the base held restricted files, i.e. the pull could see them. */
  readonly restrictedVisible: boolean;
  readonly local: PackageFiles;
  /** Modified TRSX files with their semantic changes. */
  readonly locales: LocaleChanges[];
  /** Every other meaningful change (JSON files, restricted files, added or removed TRSX, unknown files). */
  readonly otherFiles: FileChange[];
}

export interface AnalyzedChanges {
  readonly locales: LocaleChanges[];
  readonly otherFiles: FileChange[];
  readonly problems: ValidationProblem[];
}

/**
 * Validates and diffs the changed files found by a file-level comparison of base and workspace. With `windowed`
 * (an append plan, which sends only additions), a TRSX file changed only inside <samples> is validated and diffed
 * on its header and the changed samples (changedWindow.ts): the rest is the base's bytes, which the platform
 * exported; `local` is then that window's model, not the whole file's.
 */
export async function analyzeChanges(
  local: PackageFiles,
  base: PackageFiles,
  changes: readonly FileChange[],
  signal?: AbortSignal,
  windowed = false,
): Promise<AnalyzedChanges> {
  const locales: LocaleChanges[] = [];
  const otherFiles: FileChange[] = [];
  const problems: ValidationProblem[] = [];
  for (const change of changes) {
    throwIfAborted(signal);
    const trsx = change.kind === 'trsx' && change.change !== 'removed';
    // Folders: the window is found reading both files through small buffers, neither held whole (windowSources.ts).
    const fromFiles =
      trsx && windowed && change.change === 'modified'
        ? await samplesWindowOfFiles(base, local, change.path, signal)
        : undefined;
    // Nothing of the local bytes outlives this iteration (the models hold strings): a transient read will do.
    const bytes = trsx && !fromFiles ? await local.readTransient(change.path, signal) : undefined;
    const baseBytes = bytes && change.change === 'modified' ? await base.read(change.path, signal) : undefined;
    const window = fromFiles ?? (windowed && baseBytes && bytes ? samplesWindow(baseBytes, bytes) : undefined);
    const subject = window?.after ?? bytes;
    if (!subject) {
      otherFiles.push(change);
      continue;
    }
    const checked = validateTrsxFile(change.path, subject, window?.lines);
    for (const p of checked.problems) problems.push(p); // a file may have 100,000s: no spread (call-stack size)
    if (change.change !== 'modified' || !change.locale || checked.problems.some((p) => p.severity === 'error')) {
      otherFiles.push(change);
      continue;
    }
    const read = diffWalks(
      walkTrsxBytes(window?.before ?? baseBytes, `the base copy of ${change.path}`),
      walkDocument(checked.document),
    );
    if (!read.ok) {
      otherFiles.push({ ...change, problem: read.problem });
      continue;
    }
    const diff = read.diff;
    if (diff.changes.length > 0)
      locales.push({ locale: change.locale, path: change.path, local: checked.document, diff });
  }
  return { locales, otherFiles, problems };
}

/** The changed samples of a file with its header, and where the window's lines sit in the file; undefined when no window applies. */
interface WindowWithLines {
  readonly before: Uint8Array;
  readonly after: Uint8Array;
  readonly lines: WindowLines;
}

function samplesWindow(before: Uint8Array, after: Uint8Array): WindowWithLines | undefined {
  const found = changedSamplesWindow(before, after);
  if (!found) return undefined;
  const docs = windowWithHeader(found, before, after);
  const lines = newlinesIn(after.subarray(found.samplesStart, found.start));
  const from = new TextDecoder().decode(after.subarray(0, found.samplesStart)).length;
  return { before: docs.before, after: docs.after, lines: { from, lines } };
}

/** samplesWindow for a file and its base copy in folders, read around the change; undefined when no window applies. */
async function samplesWindowOfFiles(
  base: PackageFiles,
  local: PackageFiles,
  path: string,
  signal?: AbortSignal,
): Promise<WindowWithLines | undefined> {
  if (!(base instanceof FolderFiles) || !(local instanceof FolderFiles)) return undefined;
  return withSources(base.fullPath(path), local.fullPath(path), async (before, after) => {
    const found = await changedSamplesWindowOf(before, after, signal);
    if (found.kind !== 'window') return undefined;
    const w = found.window;
    const header = await after.read(0, w.samplesStart, new Uint8Array(w.samplesStart));
    // The window's core (between the head and tail it is wrapped in) with the whole header instead, as windowWithHeader.
    const core = (b: Uint8Array): Uint8Array => b.subarray(w.head.length, b.length - w.tail.length);
    return {
      before: Buffer.concat([header, core(w.before), w.tail]),
      after: Buffer.concat([header, core(w.after), w.tail]),
      lines: {
        from: new TextDecoder().decode(header).length,
        lines: await countLines(after, w.samplesStart, w.start, signal),
      },
    };
  });
}

/** Line breaks in bytes [from, to) of a source, counted through a small buffer. */
async function countLines(source: ByteSource, from: number, to: number, signal?: AbortSignal): Promise<number> {
  const buffer = new Uint8Array(Math.min(1024 * 1024, Math.max(1, to - from)));
  let lines = 0;
  for (let at = from; at < to; ) {
    throwIfAborted(signal);
    const got = await source.read(at, Math.min(buffer.length, to - at), buffer);
    lines += newlinesIn(got);
    at += got.length;
  }
  return lines;
}

/** The line breaks ('\n') in `bytes`: what a window's line offset counts. */
function newlinesIn(bytes: Uint8Array): number {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let lines = 0;
  for (let at = buf.indexOf(0x0a); at >= 0; at = buf.indexOf(0x0a, at + 1)) lines++;
  return lines;
}

export function changesOf(
  l: LocaleChanges,
  kind: SemanticChange['kind'],
  change?: SemanticChange['change'],
): SemanticChange[] {
  return l.diff.changes.filter((c) => c.kind === kind && (change === undefined || c.change === change));
}

/** `label (en-US)` */
export function inLocale(label: string, locale: string): string {
  return `${label} (${locale})`;
}

export const endpoints = {
  ontologyAppend: (p: string): string => apiPath`/v4/projects/${p}/ontology/.append`,
  samples: (p: string, intent: string, action: '.append' | '.replace', locale: string): string =>
    `${apiPath`/v4/projects/${p}/intents/${intent}/samples`}/${action}${queryString({ locale })}`,
  literals: (p: string, entity: string, action: '.append' | '.replace', locale: string): string =>
    `${apiPath`/v4/projects/${p}/entities/${entity}/literals`}/${action}${queryString({ locale })}`,
  packageReplace: (p: string): string => apiPath`/v4/projects/${p}/.replace`,
};

/** Why a non-TRSX file change is not sent by the granular operations. */
export function describeOtherChange(f: FileChange): string {
  if (f.kind === 'metadata')
    return `${f.path} ${f.change}: project settings never change through a push; rename the project or edit its channels on the platform.`;
  if (f.kind === 'unknown') return `${f.path} ${f.change}: not part of the package layout, so never sent.`;
  if (f.problem) return `${f.path} ${f.change}: ${f.problem}`;
  return `${f.path} ${f.change}`;
}
