// Fixed platform facts the sandbox serves through its discovery endpoints: the engine pack, language topics,
// TTS voices, data types and the server version (shapes of mix-cli's test data, docs/platform-notes.md
// "Discovery endpoints"). One engine pack exists; new projects get its id unless the request names another.
import { COMPATIBLE_DATA_TYPES, CUSTOM_KINDS, DATA_TYPES } from '../nlu/entityKinds';

export const SANDBOX_ENGINE_PACK_ID = '6f1c2b3a-5d4e-4f60-8a7b-9c0d1e2f3a4b';
export const DATAPACK_VERSION = '4.7.0';
/** Features of the sandbox engine pack (the projects list's `enginePackFeatures` with `includeFeatures=true`). */
export const ENGINE_PACK_FEATURES: readonly string[] = ['ASR', 'NLU', 'DIALOG', 'TTS'];

/** Locales the sandbox's language topics offer, with their data pack versions (newest first). */
const TOPIC_LOCALES: Readonly<Record<string, readonly string[]>> = {
  gen: ['en-US', 'en-GB', 'fr-CA', 'fr-FR', 'de-DE', 'es-US'],
  flo: ['en-US'],
};
const VERSIONS: readonly string[] = [DATAPACK_VERSION, '4.5.0'];

export function enginePacks(): Array<Record<string, unknown>> {
  const topics = Object.fromEntries(
    Object.entries(TOPIC_LOCALES).map(([topic, locales]) => [
      topic,
      {
        locales: Object.fromEntries(
          locales.map((l) => [l, { versions: VERSIONS.map((version) => ({ version, isSupported: true })) }]),
        ),
      },
    ]),
  );
  return [
    {
      enginePackId: SANDBOX_ENGINE_PACK_ID,
      version: '4.2.0',
      dialogVersion: '6.0.0',
      nluVersion: '4',
      asrVersion: '4.0.0',
      ttsVersion: '4.0.0',
      isDefault: true,
      topics,
    },
  ];
}

export function languageTopics(): Array<Record<string, unknown>> {
  return Object.entries(TOPIC_LOCALES).map(([name, locales], i) => ({
    id: String(i + 1),
    name,
    locales: locales.map((locale) => ({ locale, versions: [...VERSIONS].reverse() })),
  }));
}

export function voices(): Array<Record<string, unknown>> {
  return [
    {
      name: 'Ava-Ml',
      restricted: false,
      gender: 'FEMALE',
      model: 'ENHANCED',
      locale: 'en-US',
      sampleRateHz: [8000, 22050],
      foreignLanguages: ['es-US'],
      styles: [],
    },
    {
      name: 'Evan',
      restricted: false,
      gender: 'MALE',
      model: 'NEURAL',
      locale: 'en-US',
      sampleRateHz: [8000, 16000, 22050],
      foreignLanguages: [],
      styles: ['cheerful'],
    },
    {
      name: 'Amelie-Ml',
      restricted: false,
      gender: 'FEMALE',
      model: 'STANDARD',
      locale: 'fr-CA',
      sampleRateHz: [22050],
      foreignLanguages: ['en-US'],
      styles: [],
    },
  ];
}

const DATA_TYPE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  NOT_SET: 'No data type set (the default).',
  ALPHANUM: 'Letters and digits.',
  AMOUNT: 'A monetary amount.',
  BOOLEAN: 'True or false.',
  DATE: 'A calendar date.',
  DIGITS: 'A string of digits.',
  DISTANCE: 'A distance.',
  NO_FORMAT: 'Text kept as spoken.',
  NUMBER: 'A number.',
  TEMPERATURE: 'A temperature.',
  TIME: 'A time of day.',
  YES_NO: 'Yes or no.',
};

/** `GET /v4/data-types`: every data type, and (unless excluded) the custom entity kinds that accept it. */
export function dataTypes(includeCompatible: boolean): Array<Record<string, unknown>> {
  return DATA_TYPES.map((name) => ({
    name,
    schema: {
      title: name,
      type: 'string',
      additionalProperties: false,
      description: DATA_TYPE_DESCRIPTIONS[name] ?? '',
      properties: {},
    },
    ...(includeCompatible
      ? {
          compatibleEntityTypes: CUSTOM_KINDS.filter((k) => COMPATIBLE_DATA_TYPES[k].includes(name)).map((k) => ({
            name: k,
            default: name === 'NOT_SET' && k === 'LIST',
          })),
        }
      : {}),
  }));
}

export function versionInfo(host: string, sandboxVersion: string): Record<string, string> {
  return { mixEnvironment: 'sandbox', mixVersion: sandboxVersion, apiVersion: 'v4', mixAPIServer: host };
}
