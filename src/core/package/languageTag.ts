// A TRSX file's `xml:lang`: a language tag naming one project locale (locale.ts), in the Mix form `eng-USA` or as
// BCP-47 `en-US` (docs/platform-notes.md, "One meaning per rule"). The TRSX validator (TRSX009: is it a tag) and the
// project check (PRJ008: does it name the file's locale folder) both read it here. Kept apart from locale.ts so
// that the startup bundle, which checks locales, does not carry the three-letter tables.
import { localeOfMixLanguage } from './mixLanguage';

/** Mix's three-letter language and country, `eng-USA`, `fra-CAN` (any case). */
const MIX_TAG = /^[A-Za-z]{3}-[A-Za-z]{3}$/;
/** A BCP-47 language-[script-]region tag in any case: the region is required, a TRSX file is one locale. */
const BCP47_TAG = /^([A-Za-z]{2,3})(?:-([A-Za-z]{4}))?-([A-Za-z]{2}|[0-9]{3})$/;

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
