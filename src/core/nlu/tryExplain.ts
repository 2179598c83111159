// "Why A and not B" for a tried utterance: a model trained in process (core/nlu/engine) from the pulled folder's
// TRSX of the locale, whose nearest training samples for each top candidate say what pulled the interpretation
// there, each with its TRSX line; and, for an entity a grammar matched, the grammar file. The explanation is of the
// folder's current training data: a folder edited since its last build explains the next build, not the deployed one.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeXmlBytes } from '../formats/xml/decode';
import { GRAMMARS_FOLDER, trsxPath } from '../package/layout';
import { trainingInputFromTrsx } from './engine/fromTrsx';
import { trainNluModel } from './engine/train';
import type { NearestSample, NluModel, TrainingInput } from './engine/types';

export interface FolderModel {
  readonly model: NluModel;
  readonly input: TrainingInput;
  /** The TRSX path relative to the folder (`en-US/en-US.trsx`), where sample lines point. */
  readonly trsx: string;
}

export interface CandidateWhy {
  readonly intent: string;
  readonly nearest: readonly NearestSample[];
}

/** Models of pulled folders' locales, trained once per TRSX text (grammar files included in the key). */
export class FolderModels {
  private readonly cache = new Map<string, { key: string; model: Promise<FolderModel> }>();

  async modelOf(folder: string, locale: string): Promise<FolderModel> {
    const trsx = trsxPath(locale);
    const text = decodeXmlBytes(await readFile(join(folder, trsx))).text;
    const grammars = await grammarTexts(folder, locale);
    const key = `${text.length}:${hash(text)}:${Object.entries(grammars)
      .map(([p, g]) => `${p}=${hash(g)}`)
      .join(',')}`;
    const slot = `${folder}\u0000${locale}`;
    const cached = this.cache.get(slot);
    if (cached?.key === key) return cached.model;
    const input = trainingInputFromTrsx(text, locale, { file: trsx, grammars });
    const model = trainNluModel(input).then((m) => ({ model: m, input, trsx }));
    this.cache.set(slot, { key, model });
    model.catch(() => this.cache.delete(slot));
    return model;
  }
}

/** The nearest training samples of each of the top `top` intents. */
export function explainCandidates(
  folderModel: FolderModel,
  text: string,
  intents: readonly string[],
  top = 2,
  k = 3,
): CandidateWhy[] {
  return intents
    .slice(0, top)
    .map((intent) => ({ intent, nearest: folderModel.model.nearestSamples(text, intent, k) }));
}

/**
 * The grammar file (relative to the folder) of a rule-based entity, when the folder has it: a project pulled by a
 * user who may not read restricted files has none.
 */
export function grammarFileOf(folderModel: FolderModel, locale: string, entity: string): string | undefined {
  const def = folderModel.input.entities.find((e) => e.name === entity);
  return def?.kind === 'grammar' && def.grammar !== undefined
    ? `${locale}/${def.fileName.replace(/^\.?\//, '')}`
    : undefined;
}

/** The locale's grammar files by the path a TRSX names them with (`grammars/X.grxml`). */
async function grammarTexts(folder: string, locale: string): Promise<Record<string, string>> {
  const dir = join(folder, locale, GRAMMARS_FOLDER);
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: Record<string, string> = {};
  for (const name of names.filter((n) => /\.grxml$/i.test(n)).sort()) {
    out[`${GRAMMARS_FOLDER}/${name}`] = decodeXmlBytes(await readFile(join(dir, name))).text;
  }
  return out;
}

/** FNV-1a of a text: tells one TRSX text from the next without keeping it. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}
