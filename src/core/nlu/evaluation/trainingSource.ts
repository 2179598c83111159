// What a local evaluation trains on: a pulled project folder (one locale's TRSX and its grammars), a .trsx file
// (grammars from a `grammars/` folder beside it), or a CSV of `intent,text` samples (a benchmark's train.csv).
// The engine is passed in (its train and TRSX-reading functions), so this module depends on its contract only.
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { localeFilesOf } from '../../health/report';
import { GRAMMARS_FOLDER } from '../../package/layout';
import type { TrainingInput, TrainingInputFromTrsx, TrainNluModel } from '../engine/types';
import { readCsvTestSet } from './csvTestSet';

export interface NluEngine {
  train: TrainNluModel;
  fromTrsx: TrainingInputFromTrsx;
}

export interface TrainingSource {
  input: TrainingInput;
  /** The file trained on (a project folder's locale TRSX), as a path. */
  file: string;
  locale: string;
}

/** TRAINING cannot be used: the message names it and the fix. */
export class TrainingSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TrainingSourceError';
  }
}

const DEFAULT_CSV_LOCALE = 'en-US';

export async function loadTrainingSource(
  path: string,
  engine: Pick<NluEngine, 'fromTrsx'>,
  locale?: string,
): Promise<TrainingSource> {
  const info = await stat(path).catch(() => undefined);
  if (!info)
    throw new TrainingSourceError(
      `Cannot read ${path}: no such file or folder; give a pulled project folder, a .trsx file or a CSV of intent,text.`,
    );
  if (info.isDirectory()) return fromFolder(path, engine, locale);
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return fromCsv(path, locale ?? DEFAULT_CSV_LOCALE);
  if (ext !== '.trsx' && ext !== '.xml')
    throw new TrainingSourceError(`${path}: train on a pulled project folder, a .trsx file or a .csv (intent,text).`);
  const text = await readFile(path, 'utf8');
  const lang = /<project\b[^>]*\bxml:lang="([^"]+)"/.exec(text.slice(0, 4096))?.[1];
  const l = locale ?? lang ?? DEFAULT_CSV_LOCALE;
  return {
    input: engine.fromTrsx(text, l, { file: path, grammars: await grammarsIn(join(dirname(path), GRAMMARS_FOLDER)) }),
    file: path,
    locale: l,
  };
}

async function fromFolder(
  dir: string,
  engine: Pick<NluEngine, 'fromTrsx'>,
  locale: string | undefined,
): Promise<TrainingSource> {
  let files: Array<{ locale: string; file: string }>;
  try {
    files = await localeFilesOf(dir);
  } catch (e) {
    throw new TrainingSourceError(
      `${dir} is not a pulled project folder (${(e as Error).message}); give its folder (with metadata.json) or a .trsx file.`,
    );
  }
  const chosen =
    locale === undefined ? (files.length === 1 ? files[0] : undefined) : files.find((f) => f.locale === locale);
  if (!chosen) {
    const have = files.map((f) => f.locale).join(', ') || 'none';
    throw new TrainingSourceError(
      locale === undefined
        ? `${dir} has ${files.length} locales (${have}); choose one with --locale.`
        : `${dir} has no locale ${locale} (it has: ${have}).`,
    );
  }
  const file = join(dir, chosen.file);
  const text = await readFile(file, 'utf8');
  return {
    input: engine.fromTrsx(text, chosen.locale, {
      file,
      grammars: await grammarsIn(join(dir, chosen.locale, GRAMMARS_FOLDER)),
    }),
    file,
    locale: chosen.locale,
  };
}

/** GrXML texts of a locale's grammars folder by `grammars/<file>`: the path a TRSX's ruleGrammarFileName gives, relative to
 * the locale folder, as the sandbox's NLU build keys them. */
async function grammarsIn(dir: string): Promise<Record<string, string>> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: Record<string, string> = {};
  for (const name of names.sort()) {
    if (extname(name).toLowerCase() === '.grxml')
      out[`${GRAMMARS_FOLDER}/${name}`] = await readFile(join(dir, name), 'utf8');
  }
  return out;
}

async function fromCsv(path: string, locale: string): Promise<TrainingSource> {
  const set = readCsvTestSet(await readFile(path, 'utf8'), path, basename(path));
  const intents = [...new Set(set.utterances.map((u) => u.intent))].map((name) => ({ name, entities: [] }));
  const samples = set.utterances.map((u) => ({
    text: u.text,
    intent: u.intent,
    weight: 1,
    annotations: [],
    source: { file: path, line: u.line, offset: 0 },
  }));
  return { input: { locale, intents, samples, entities: [] }, file: path, locale };
}
