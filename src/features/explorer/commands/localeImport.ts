// The flow both content imports share (an intent's samples, a list entity's literals): choose the file, check
// and read it, choose the locale, confirm a replace, then run the import as a job. The commands say only what
// they import and how it is sent.
import { basename } from 'node:path';
import type { ImportFile } from '../../../core/platform/nluTypes';
import type { Job } from '../../../core/platform/types';
import { answered } from '../../../host/prompter';
import type { ExplorerCommandDeps } from '../commandDeps';
import { runJob, type JobOutcome } from '../jobRunner';
import type { ProjectPart } from '../refreshAfter';
import { pickLocale, type ProjectTarget } from '../targets';
import { ExplorerCommand } from './explorerCommand';
import { readImportFile } from './importFile';

export interface LocaleImport {
  /** Replace (asks first) rather than append. */
  readonly replace: boolean;
  /** The command's title: `Append Intent Samples`. */
  readonly title: string;
  /** The intent or entity, as the messages name it. */
  readonly name: string;
  /** What is imported, in messages: `samples`; `kind` for refusals: `intent samples`. */
  readonly content: string;
  readonly kind: string;
  /** The file extensions accepted (`.trsx`), and how the file dialog names them. */
  readonly extensions: readonly string[];
  readonly filterLabel: string;
  /** Shown before a replace: what is deleted first. */
  readonly replaceDetail: string;
  readonly send: (locale: string, file: ImportFile, signal: AbortSignal) => Promise<Job>;
  /** The parts of the project the tree refreshes afterwards. */
  readonly afterwards: ProjectPart[];
}

/** Runs one import; undefined when the user declined the replace. */
export async function importForLocale(
  deps: ExplorerCommandDeps,
  target: ProjectTarget,
  spec: LocaleImport,
): Promise<JobOutcome | undefined> {
  const { title, name, content } = spec;
  const path = await answered(
    deps.prompter.openFile({
      title: `${title}: "${name}"`,
      filters: { [spec.filterLabel]: spec.extensions.map((e) => e.replace(/^\./, '')) },
    }),
    title,
  );
  const file = await readImportFile(path, spec.extensions, spec.kind);
  const locale = await pickLocale(deps, target, `${title}: locale`);
  if (spec.replace) {
    const ok = await deps.prompter.confirm(`Replace the ${locale} ${content} of "${name}" with ${basename(path)}?`, {
      detail: spec.replaceDetail,
      action: 'Replace',
    });
    if (!ok) return undefined;
  }
  const verb = spec.replace ? 'Replace' : 'Append';
  return runJob(
    deps,
    target,
    `${verb} ${locale} ${content} of "${name}" from ${file.fileName}`,
    (signal) => spec.send(locale, file, signal),
    spec.afterwards,
  );
}

/** Append … or Replace …: the subclass says which (`replace`), what it imports and where to, and how it is sent. */
export abstract class LocaleImportCommand<T extends ProjectTarget> extends ExplorerCommand {
  protected abstract readonly replace: boolean;
  /** What is imported, in the command's title: `Intent Samples`. */
  protected abstract readonly what: string;
  /** The intent or entity the file goes to. */
  protected abstract resolve(arg: unknown, title: string): Promise<T>;
  protected abstract spec(target: T): Omit<LocaleImport, 'replace' | 'title'>;

  async execute(arg?: unknown): Promise<JobOutcome | undefined> {
    const title = `${this.replace ? 'Replace' : 'Append'} ${this.what}`;
    const target = await this.resolve(arg, title);
    return importForLocale(this.deps, target, { ...this.spec(target), replace: this.replace, title });
  }
}
