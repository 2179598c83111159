// The models of NLU builds: an NLU build trains one model per locale with the engine (core/nlu/engine) and keeps
// its serialized artifact in the data folder, `<data>/models/<build label>/<locale>.nlu`. The runtime loads an
// artifact on first use and keeps a few loaded. A build without an artifact (seeded builds, data folders older
// than the runtime, an artifact deleted by hand) is trained from its snapshot (the TRSX and grammar files the
// build was made from, builds/records.ts) on first use, and the artifact written then: the engine is
// deterministic, so that model is the one the build would have stored.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../core/fs/atomicFile';
import type { Logger } from '../../core/logger';
import type { TrsxDocument } from '../../core/formats/trsx/model';
import { trainingInputFromDocument } from '../../core/nlu/engine/fromTrsx';
import { loadNluModel, serializeNluModel } from '../../core/nlu/engine/serialize';
import { trainNluModel } from '../../core/nlu/engine/train';
import type { NluModel } from '../../core/nlu/engine/types';

/** What a model is trained from: one locale's TRSX and its grammar files (path → base64). */
export interface ModelSource {
  trsx: TrsxDocument;
  grammars: Record<string, string>;
}

export interface TrainedModel {
  model: NluModel;
  trainingMs: number;
}

/** Loaded models kept in memory; more are loaded again from their artifacts. */
const KEEP_LOADED = 16;

export class NluModels {
  private readonly loaded = new Map<string, Promise<NluModel>>();

  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
  ) {}

  static forDataDir(dataDir: string, logger: Logger): NluModels {
    return new NluModels(join(dataDir, 'models'), logger);
  }

  /** Trains the model of one locale of a build, stores its artifact and keeps it loaded. */
  async train(buildLabel: string, locale: string, source: ModelSource): Promise<TrainedModel> {
    const started = performance.now();
    const model = await trainNluModel(
      trainingInputFromDocument(source.trsx, locale, { grammars: decodeGrammars(source.grammars) }),
    );
    const trainingMs = Math.round(performance.now() - started);
    await mkdir(join(this.dir, buildLabel), { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.file(buildLabel, locale), serializeNluModel(model));
    this.remember(key(buildLabel, locale), Promise.resolve(model));
    this.logger.info(
      `trained ${buildLabel} ${locale}: ${model.info.intents.length} intents, ${model.info.samples} samples in ${trainingMs} ms`,
    );
    return { model, trainingMs };
  }

  /**
   * The model of one locale of a build: loaded, read from its artifact, or trained from `source()` when it has
   * none; undefined when there is neither an artifact nor a source.
   */
  async model(
    buildLabel: string,
    locale: string,
    source: () => ModelSource | undefined,
  ): Promise<NluModel | undefined> {
    const k = key(buildLabel, locale);
    const cached = this.loaded.get(k);
    if (cached) {
      this.remember(k, cached);
      return cached;
    }
    const bytes = await readFile(this.file(buildLabel, locale)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    });
    if (bytes) {
      const model = Promise.resolve(loadNluModel(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
      this.remember(k, model);
      return model;
    }
    const from = source();
    if (!from) return undefined;
    const pending = this.train(buildLabel, locale, from).then((t) => t.model);
    this.remember(k, pending);
    pending.catch(() => this.loaded.delete(k));
    return pending;
  }

  /** Forgets a deleted build's models and removes their artifacts. */
  async forget(buildLabel: string): Promise<void> {
    for (const k of [...this.loaded.keys()]) if (k.startsWith(`${buildLabel}/`)) this.loaded.delete(k);
    await rm(join(this.dir, buildLabel), { recursive: true, force: true });
  }

  private remember(k: string, model: Promise<NluModel>): void {
    this.loaded.delete(k);
    this.loaded.set(k, model);
    for (const old of this.loaded.keys()) {
      if (this.loaded.size <= KEEP_LOADED) break;
      this.loaded.delete(old);
    }
  }

  private file(buildLabel: string, locale: string): string {
    return join(this.dir, buildLabel, `${locale}.nlu`);
  }
}

const key = (buildLabel: string, locale: string): string => `${buildLabel}/${locale}`;

function decodeGrammars(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(files).map(([path, base64]) => [path, Buffer.from(base64, 'base64').toString('utf8')]),
  );
}
