// The model-health report of a pulled project folder: every locale's TRSX file read in turn by one streaming
// scan (localeFile.ts: no tree and no list of samples, only a compact table of them), each rule run over it,
// then locale parity across what each locale declared. A folder's files are read from disk a window at a time
// (textWindows.ts): neither a whole file's bytes nor its text is ever held.
import { join } from 'node:path';
import { NotPlainUtf8Error, Utf8FileText, WholeText, type DocumentText } from '../formats/xml/textWindows';
import { listPackageFolder } from '../package/folder';
import { METADATA_FILE, classifyPackagePath } from '../package/layout';
import { isProjectFolder } from '../package/projectFolder';
import { noProgress, throwIfAborted, type Progress } from '../progress';
import { findLiteralCollisions } from './collisions';
import { countSamples } from './counts';
import {
  DEFAULT_HEALTH_OPTIONS,
  HEALTH_RULES,
  type HealthFinding,
  type HealthOptions,
  type HealthReport,
  type LocaleSummary,
} from './findings';
import { readLocaleFile, scanLocaleText } from './localeFile';
import { MentionFinder, mentionFindings, type MentionHit } from './mentions';
import { findParityGaps, inventoryOf, type LocaleInventory } from './parity';
import { findSimilarSamples } from './similarity';

export class NotAProjectFolderError extends Error {
  constructor(readonly dir: string) {
    super(
      `${dir} is not a pulled project folder (no ${METADATA_FILE} at its root); pull a project into it first (cstudio pull <projectId> ${dir}).`,
    );
    this.name = 'NotAProjectFolderError';
  }
}

export interface LocaleText {
  locale: string;
  /** Package path, e.g. `en-US/en-US.trsx`. */
  file: string;
  text: string;
}

/** A locale file's text as read from disk, a window at a time (Utf8Text.of). */
export interface LocaleSource {
  locale: string;
  file: string;
  source: DocumentText;
}

export interface ReportRunOptions {
  signal?: AbortSignal;
  progress?: Progress;
}

/** Builds a report one locale at a time: each locale's model is dropped once its rules have run. */
export class HealthAnalysis {
  private readonly options: HealthOptions;
  private readonly findings: HealthFinding[] = [];
  private readonly summaries: LocaleSummary[] = [];
  private readonly inventories: LocaleInventory[] = [];

  constructor(options: Partial<HealthOptions> = {}) {
    this.options = { ...DEFAULT_HEALTH_OPTIONS, ...options };
  }

  addLocale(locale: LocaleText | LocaleSource): void {
    const source = 'source' in locale ? locale.source : new WholeText(locale.text);
    // A windowed scan that gave up on an over-long token or a bad byte (rare files) is redone on the whole text.
    let done: boolean;
    try {
      done = this.tryLocale(locale.locale, locale.file, source);
    } catch (e) {
      if (!(e instanceof NotPlainUtf8Error)) throw e;
      done = false;
    }
    if (!done) this.tryLocale(locale.locale, locale.file, new WholeText(source.whole()));
  }

  /** False (nothing added) when `source`'s windowed scan gave up. */
  private tryLocale(locale: string, file: string, source: DocumentText): boolean {
    const hits: MentionHit[] = [];
    let finder: MentionFinder | undefined;
    const read = readLocaleFile(locale, file, source, (sample, range, document) => {
      finder ??= new MentionFinder(document);
      finder.check(sample, range, hits);
    });
    if (!read) return false;
    if (finder && !finder.isCurrent(read.document)) {
      // Intents or dictionaries after some samples (out of the schema's order): those samples again, with all of them.
      hits.length = 0;
      const whole = new MentionFinder(read.document);
      scanLocaleText(source, (sample, range) => whole.check(sample, range, hits));
    }
    this.summaries.push(countSamples(read, this.options, this.findings));
    findSimilarSamples(read, this.options.similarity, this.findings);
    mentionFindings(read, hits, this.findings);
    findLiteralCollisions(read, this.findings);
    this.inventories.push(inventoryOf(read));
    // The next locale is read into memory given back now, not at V8's next full GC (flatArrays.ts).
    read.samples.release();
    return true;
  }

  finish(): HealthReport {
    findParityGaps(this.inventories, this.findings);
    return { locales: this.summaries, findings: sortFindings(this.findings) };
  }
}

/** The report over locale texts already read (the editor's open documents, the bench). */
export function healthReport(
  locales: Iterable<LocaleText>,
  options: Partial<HealthOptions> = {},
  run: ReportRunOptions = {},
): HealthReport {
  const analysis = new HealthAnalysis(options);
  for (const locale of locales) {
    throwIfAborted(run.signal);
    run.progress?.report({ message: `Checking ${locale.file}` });
    analysis.addLocale(locale);
  }
  return analysis.finish();
}

/** Package paths and locales of a pulled folder's TRSX files. */
export async function localeFilesOf(
  dir: string,
  run: ReportRunOptions = {},
): Promise<Array<{ locale: string; file: string }>> {
  if (!(await isProjectFolder(dir))) throw new NotAProjectFolderError(dir);
  const out: Array<{ locale: string; file: string }> = [];
  for (const path of await listPackageFolder(dir, { signal: run.signal, progress: run.progress ?? noProgress })) {
    const info = classifyPackagePath(path);
    if (info.kind === 'trsx' && info.locale !== undefined) out.push({ locale: info.locale, file: path });
  }
  return out;
}

/**
 * The report of a pulled project folder, reading one locale file at a time. `texts` (by package path) are
 * reported instead of their files on disk: the editor's open documents. Callers run it in a worker
 * (reportInWorker.ts), whose bounded young generation keeps the peak memory down.
 */
export async function folderHealthReport(
  dir: string,
  options: Partial<HealthOptions> = {},
  run: ReportRunOptions = {},
  texts: Readonly<Record<string, string>> = {},
): Promise<HealthReport> {
  const analysis = new HealthAnalysis(options);
  for (const { locale, file } of await localeFilesOf(dir, run)) {
    throwIfAborted(run.signal);
    run.progress?.report({ message: `Checking ${file}` });
    const text = Object.hasOwn(texts, file) ? texts[file] : undefined;
    if (text !== undefined) {
      analysis.addLocale({ locale, file, text });
      continue;
    }
    const source = Utf8FileText.open(join(dir, file));
    try {
      analysis.addLocale({ locale, file, source });
    } finally {
      source.close();
    }
  }
  return analysis.finish();
}

const RULE_ORDER = new Map(HEALTH_RULES.map((r, i) => [r, i]));

function sortFindings(findings: HealthFinding[]): HealthFinding[] {
  return findings.sort(
    (a, b) =>
      (RULE_ORDER.get(a.rule) ?? 0) - (RULE_ORDER.get(b.rule) ?? 0) ||
      (a.location?.file ?? '').localeCompare(b.location?.file ?? '') ||
      (a.location?.startLine ?? 0) - (b.location?.startLine ?? 0),
  );
}
