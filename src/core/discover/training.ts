// "Already a sample": the pulled folder's TRSX samples per locale, keyed by normalized text (core/formats/sampleText.ts),
// so an utterance is in training when its normalized literal equals a sample's, and "the intent differs" when
// none of the matching samples has the utterance's intent.
import { readdir, readFile } from 'node:fs/promises';
import { normalizedSampleText } from '../formats/trsx/sample-text';
import { normalize } from '../formats/sampleText';
import { trsxPath } from '../package/layout';
import { readTrsxDocument } from '../sync/trsxFile';
import { STATE_DIR } from '../workspace/workspacePaths';
import { join } from 'node:path';

export interface TrainingMatch {
  readonly inTraining: boolean;
  /** Intents of the matching samples (empty when not in training). */
  readonly intents: readonly string[];
}

export class TrainingIndex {
  /** locale → normalized text → intents. */
  private readonly byLocale = new Map<string, Map<string, Set<string>>>();
  /** locale → intents the TRSX declares (what a sample may be added under). */
  private readonly declared = new Map<string, string[]>();

  static empty(): TrainingIndex {
    return new TrainingIndex();
  }

  /** Reads every `<locale>/<locale>.trsx` of a pulled folder; an unreadable file is an error naming it. */
  static async load(root: string): Promise<TrainingIndex> {
    const index = new TrainingIndex();
    const entries = await readdir(root, { withFileTypes: true });
    for (const e of entries) {
      if (!e.isDirectory() || e.name === STATE_DIR) continue;
      const path = trsxPath(e.name);
      const bytes = await readFile(join(root, path)).catch(() => undefined);
      if (!bytes) continue;
      const read = readTrsxDocument(bytes, path);
      if (!read.ok) throw new Error(read.problem);
      index.declared.set(e.name, read.document.intents.map((i) => i.name).sort());
      if (!index.byLocale.has(e.name)) index.byLocale.set(e.name, new Map());
      for (const s of read.document.samples) index.add(e.name, normalizedSampleText(s.content), s.intentref);
    }
    return index;
  }

  /** Locales with a TRSX in the folder. */
  get locales(): string[] {
    return [...this.byLocale.keys()];
  }

  /** Intents declared in a locale's TRSX (every locale's when none is given). */
  intents(locale?: string): string[] {
    const lists = locale !== undefined ? [this.declared.get(locale) ?? []] : [...this.declared.values()];
    return [...new Set(lists.flat())].sort();
  }

  add(locale: string, text: string, intent: string): void {
    let texts = this.byLocale.get(locale);
    if (!texts) this.byLocale.set(locale, (texts = new Map()));
    const key = normalize(text);
    let intents = texts.get(key);
    if (!intents) texts.set(key, (intents = new Set()));
    intents.add(intent);
  }

  /** Without a locale (a record that names none), any locale's samples count. */
  match(text: string, locale: string | undefined): TrainingMatch {
    const key = normalize(text);
    const maps =
      locale !== undefined && this.byLocale.has(locale)
        ? [this.byLocale.get(locale)]
        : locale === undefined
          ? [...this.byLocale.values()]
          : [];
    const intents = new Set<string>();
    for (const m of maps) for (const i of m?.get(key) ?? []) intents.add(i);
    return { inTraining: intents.size > 0, intents: [...intents] };
  }
}
