// The questions of Build Project, in order: services, locales, notes, NLU model type, data sources. Each is a
// quick pick (notes an input box); answers become the platform's BuildProjectModelBody.
import {
  BUILD_SERVICES,
  type BuildDataSource,
  type BuildProjectModelBody,
  type BuildService,
} from '../../../../core/platform/buildTypes';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import type { ProjectTarget } from '../../targets';
import { askText } from '../explorerCommand';

const TITLE = 'Build Project';
export const DEFAULT_DATA_SOURCE = 'nuance_custom_data';
const SERVICE_DETAILS: Readonly<Record<BuildService, string>> = {
  ASR: 'speech recognition (per locale)',
  NLU: 'language understanding (per locale)',
  DIALOG: 'the dialog application',
};
const MODEL_TYPES = [
  { label: 'FAST', description: 'quicker to train; the default' },
  { label: 'ACCURATE', description: 'slower to train, better results on larger projects' },
] as const;

export interface BuildAnswers {
  readonly services: readonly BuildService[];
  readonly locales: readonly string[];
  readonly body: BuildProjectModelBody;
}

async function nonEmpty<T>(pending: Promise<T[] | undefined>, what: string, empty: string): Promise<T[]> {
  const chosen = await answered(pending, what);
  if (chosen.length === 0) throw new Error(empty);
  return chosen;
}

/** Data sources offered: the default plus those earlier builds of the project used. */
async function knownDataSources(target: ProjectTarget, signal?: AbortSignal): Promise<string[]> {
  const page = await target.client.builds.listPage(target.projectId, 50, 0, { signal });
  return [...new Set([DEFAULT_DATA_SOURCE, ...page.items.flatMap((b) => b.dataSources)])];
}

export async function askBuild(deps: ExplorerCommandDeps, target: ProjectTarget): Promise<BuildAnswers> {
  const title = `${TITLE}: "${target.projectName}"`;
  const services = await nonEmpty(
    deps.prompter.pickMany(
      BUILD_SERVICES.map((s) => ({ label: s, description: SERVICE_DETAILS[s], value: s, picked: true })),
      { title, placeholder: 'Services to build' },
    ),
    TITLE,
    `Build Project: choose at least one service (ASR, NLU or DIALOG) to build "${target.projectName}".`,
  );
  if (target.languages.length === 0)
    throw new Error(`Project "${target.projectName}" (${target.projectId}) lists no locales; add one before building.`);
  const locales =
    target.languages.length === 1
      ? [...target.languages]
      : await nonEmpty(
          deps.prompter.pickMany(
            target.languages.map((l) => ({ label: l, value: l, picked: true })),
            { title, placeholder: 'Locales to build' },
          ),
          TITLE,
          `Build Project: choose at least one locale of "${target.projectName}" (${target.languages.join(', ')}).`,
        );
  const notes = await askText(deps, TITLE, {
    title,
    prompt: 'Notes for this build (optional)',
    placeholder: 'e.g. new coffee sizes',
  });
  const nlu = services.includes('NLU');
  const modelType = nlu
    ? await answered(
        deps.prompter.pick(
          MODEL_TYPES.map((m) => ({ ...m, value: m.label })),
          { title, placeholder: 'NLU model type' },
        ),
        TITLE,
      )
    : undefined;
  let dataSources: BuildDataSource[] | undefined;
  if (nlu || services.includes('ASR')) {
    const known = await knownDataSources(target);
    const names = await answered(
      deps.prompter.pickMany(
        known.map((n) => ({
          label: n,
          description: n === DEFAULT_DATA_SOURCE ? 'default' : undefined,
          value: n,
          picked: n === DEFAULT_DATA_SOURCE,
        })),
        { title, placeholder: 'Data sources (none chosen: the platform default)' },
      ),
      TITLE,
    );
    if (names.length > 0) dataSources = locales.map((locale) => ({ locale, names }));
  }
  const part = { ...(notes ? { notes } : {}), ...(dataSources ? { dataSources } : {}) };
  const body: BuildProjectModelBody = {
    locales,
    ...(services.includes('ASR') ? { asr: part } : {}),
    ...(nlu ? { nlu: { ...part, ...(modelType ? { settings: { modelType } } : {}) } } : {}),
    ...(services.includes('DIALOG') ? { dialog: notes ? { notes } : {} } : {}),
  };
  return { services, locales, body };
}
