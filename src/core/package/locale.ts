// The one owner of language tags. A project locale as the platform spells it: a project's `languages`, the locale
// folders of a package, the `locale` of imports, builds and data packs. The sandbox, sync, Create Project and the
// language services all ask here, so a locale one of them accepts is never refused by another.
// A TRSX file's `xml:lang` is a language tag naming such a locale, in the Mix form `eng-USA` or as BCP-47 `en-US`
// (docs/platform-notes.md): the TRSX validator (TRSX009) and the project check (PRJ008) both read it here.
import { localeOfMixLanguage } from './mixLanguage';

/** `en-US`, `fr-CA`, `zh-CN`, with a script subtag (`zh-Hant-TW`) or a numeric region (`es-419`). */
const LOCALE = /^[a-z]{2,3}(-[A-Z][a-z]{3})?-([A-Z]{2}|[0-9]{3})$/;
/** Mix's three-letter language and country, `eng-USA`, `fra-CAN` (any case). */
const MIX_TAG = /^[A-Za-z]{3}-[A-Za-z]{3}$/;
/** A BCP-47 language-[script-]region tag in any case: the region is required, a TRSX file is one locale. */
const BCP47_TAG = /^([A-Za-z]{2,3})(?:-([A-Za-z]{4}))?-([A-Za-z]{2}|[0-9]{3})$/;

/** An example for messages that ask for a locale. */
export const LOCALE_EXAMPLE = 'en-US';

export function isLocaleName(name: string): boolean {
  return LOCALE.test(name);
}

/** Whether a TRSX `xml:lang` names a locale: `eng-USA` (Mix) or `en-US` (BCP-47, region required). */
export function isLanguageTag(value: string): boolean {
  return MIX_TAG.test(value) || BCP47_TAG.test(value);
}

/**
 * The project locale a language tag names, in the platform's spelling (`eng-USA` → `en-US`, `EN-us` → `en-US`);
 * undefined when it is no language tag or a Mix form outside the known tables.
 */
export function localeOfLanguageTag(value: string): string | undefined {
  if (MIX_TAG.test(value)) return localeOfMixLanguage(value);
  const m = BCP47_TAG.exec(value);
  if (!m) return undefined;
  const [, language = '', script, region = ''] = m;
  const title = script === undefined ? '' : `-${script.charAt(0).toUpperCase()}${script.slice(1).toLowerCase()}`;
  return `${language.toLowerCase()}${title}-${region.toUpperCase()}`;
}
