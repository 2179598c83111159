// The model URN of an Interpret request: `urn:nuance-mix:tag:model/<contextTag>/mix.nlu?=language=<xxx-XXX>`
// (../shared/spec/nlu-runtime-notes.md; the public demo client's default is
// `urn:nuance-mix:tag:model/REPLACE_ME/mix.nlu?=language=eng-USA`, app/src/components/nluaas.js). The context
// tag names an application configuration; the language is the platform's three-letter form of a locale
// (core/package/mixLanguage.ts owns the mapping).
import { localeOfMixLanguage, mixLanguageOf } from '../../core/package/mixLanguage';
import { RuntimeError } from './runtimeErrors';

export interface ModelRef {
  contextTag: string;
  /** As written in the URN, e.g. `eng-USA`. */
  language: string;
  /** The project locale it stands for, e.g. `en-US`. */
  locale: string;
}

const URN = /^urn:nuance-mix:tag:model\/([^/?]+)\/mix\.nlu(?:\?=?(.*))?$/;
const EXAMPLE = 'urn:nuance-mix:tag:model/<context tag>/mix.nlu?=language=eng-USA';

export function parseModelUrn(uri: string): ModelRef {
  const m = URN.exec(uri.trim());
  if (!m?.[1]) throw RuntimeError.badRequest(`model.uri "${uri}" is not an NLU model URN; use ${EXAMPLE}.`);
  let contextTag: string;
  try {
    contextTag = decodeURIComponent(m[1]);
  } catch {
    throw RuntimeError.badRequest(`model.uri "${uri}" has malformed percent-encoding in its context tag.`);
  }
  const params = new URLSearchParams((m[2] ?? '').replace(/^\?/, ''));
  const language = params.get('language');
  if (!language)
    throw RuntimeError.badRequest(
      `model.uri "${uri}" names no language; add ?=language=eng-USA (the three-letter form of the locale).`,
    );
  const locale = localeOfMixLanguage(language);
  if (!locale)
    throw RuntimeError.badRequest(
      `model.uri "${uri}": language "${language}" is not a locale the runtime knows; write it as eng-USA, fra-CAN, …`,
    );
  return { contextTag, language, locale };
}

/** The URN of a configuration's model of one service (`nlu`, `asr`) in one locale, as the platform spells it. */
export function modelUrnOf(contextTag: string, service: string, locale: string): string {
  return `urn:nuance-mix:tag:model/${contextTag}/mix.${service}?=language=${mixLanguageOf(locale) ?? locale}`;
}
