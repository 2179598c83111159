// Parsing BuildProjectModelBody (platform-api.md, "Build") into a build task. The services built are the
// ones the body names (`asr`, `nlu`, `dialog`); a body naming none builds all three, as the public CLI
// always sends all three. Every problem is a 400 that names the field.
import { badRequest } from '../errors';
import type { ProjectContent, ProjectRecord } from '../state';
import { optionalString, requireLocale, requireObject, typeName, type JsonObject } from '../validate';
import { BUILD_SERVICES, type BuildService, type BuildTask } from './model';

export const MODEL_TYPES = ['FAST', 'ACCURATE', 'LEGACY'] as const;

const KEY: Record<BuildService, string> = { ASR: 'asr', NLU: 'nlu', DIALOG: 'dialog' };

function serviceObject(body: JsonObject, key: string): JsonObject | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  return requireObject(v, `"${key}" part of the build request`);
}

function parseDataSources(
  part: JsonObject,
  key: string,
  locales: string[],
  content: ProjectContent,
): Record<string, string[]> {
  const raw = part.dataSources;
  if (raw === undefined || raw === null) return {};
  if (!Array.isArray(raw))
    throw badRequest(`Field "${key}.dataSources" must be an array of {locale, names} (got ${typeName(raw)}).`);
  const out: Record<string, string[]> = {};
  raw.forEach((item, i) => {
    const entry = requireObject(item, `${key}.dataSources[${i}]`);
    const locale = requireLocale(optionalString(entry, 'locale') ?? '', `${key}.dataSources[${i}].locale`);
    if (!locales.includes(locale))
      throw badRequest(
        `Field "${key}.dataSources[${i}].locale" is ${locale}, which this build does not include (${locales.join(', ')}).`,
      );
    const names = entry.names;
    if (!Array.isArray(names) || names.length === 0 || names.some((n) => typeof n !== 'string')) {
      throw badRequest(
        `Field "${key}.dataSources[${i}].names" must be a non-empty array of data-source names, e.g. ["nuance_custom_data"].`,
      );
    }
    const known = new Set((content.locales[locale]?.trsx.sources ?? []).map((s) => s.name));
    known.add('nuance_custom_data');
    const unknown = (names as string[]).filter((n) => !known.has(n));
    if (unknown.length > 0)
      throw badRequest(
        `Unknown data source ${unknown.map((n) => `"${n}"`).join(', ')} for ${locale} in "${key}.dataSources"; known: ${[...known].join(', ')}.`,
      );
    out[locale] = [...new Set([...(out[locale] ?? []), ...(names as string[])])];
  });
  return out;
}

export function parseBuildRequest(raw: unknown, project: ProjectRecord, content: ProjectContent): BuildTask {
  const body = requireObject(raw ?? {}, 'build request (BuildProjectModelBody)');
  const rawLocales = body.locales;
  let locales = [...project.languages];
  if (rawLocales !== undefined && rawLocales !== null) {
    if (!Array.isArray(rawLocales) || rawLocales.some((l) => typeof l !== 'string'))
      throw badRequest('Field "locales" must be an array of locales such as ["en-US"].');
    if (rawLocales.length > 0) locales = [...new Set(rawLocales as string[])];
  }
  locales.forEach((l, i) => {
    requireLocale(l, `locales[${i}]`);
    if (!project.languages.includes(l))
      throw badRequest(`Project ${project.id} has no locale ${l}; its locales are ${project.languages.join(', ')}.`);
  });
  const parts = new Map(BUILD_SERVICES.map((s) => [s, serviceObject(body, KEY[s])] as const));
  const named = BUILD_SERVICES.filter((s) => parts.get(s) !== undefined);
  const services = named.length > 0 ? named : [...BUILD_SERVICES];
  const task: BuildTask = { kind: 'build', services, locales, notes: {}, dataSources: {} };
  for (const service of services) {
    const part = parts.get(service);
    if (!part) continue;
    const key = KEY[service];
    const notes = optionalString(part, 'notes');
    if (notes !== undefined) task.notes[service] = notes;
    if (service !== 'DIALOG') {
      const sources = parseDataSources(part, key, locales, content);
      if (Object.keys(sources).length > 0) task.dataSources[service] = sources;
    }
  }
  const settings = parts.get('NLU')?.settings;
  if (settings !== undefined && settings !== null) {
    const modelType = optionalString(requireObject(settings, '"nlu.settings" part of the build request'), 'modelType');
    // mix-cli sends `modelType: ""` when no --nlu-model-type is given (projects-helpers.ts): the default.
    if (modelType !== undefined && modelType !== '') {
      const upper = modelType.toUpperCase();
      if (!(MODEL_TYPES as readonly string[]).includes(upper))
        throw badRequest(`Field "nlu.settings.modelType" is "${modelType}"; allowed: ${MODEL_TYPES.join(', ')}.`);
      task.modelType = upper;
    }
  }
  return task;
}
