// The one definition of a project locale as the platform spells it: a project's `languages`, the locale folders of a
// package, the `locale` of imports, builds and data packs. The sandbox, sync, Create Project and the language
// services all ask here, so a locale one of them accepts is never refused by another.
// (A TRSX file's `xml:lang` is a language tag naming such a locale, also in the Mix form `eng-USA`: languageTag.ts.)

/** `en-US`, `fr-CA`, `zh-CN`, with a script subtag (`zh-Hant-TW`) or a numeric region (`es-419`). */
const LOCALE = /^[a-z]{2,3}(-[A-Z][a-z]{3})?-([A-Z]{2}|[0-9]{3})$/;

/** An example for messages that ask for a locale. */
export const LOCALE_EXAMPLE = 'en-US';

export function isLocaleName(name: string): boolean {
  return LOCALE.test(name);
}
