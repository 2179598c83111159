// The platform's runtime spelling of a locale: a three-letter language and a three-letter country, `eng-USA`
// for `en-US` (ISO 639-2/T and ISO 3166-1 alpha-3), as in a model URN's `language=` and a TRSX `xml:lang`.
// One owner for both directions, so the sandbox's runtime and the client's `try` agree on every locale.
// The tables cover the languages and countries of the platform's data packs; anything else is refused by
// name rather than guessed.

const LANGUAGES: Readonly<Record<string, string>> = {
  ar: 'ara',
  bg: 'bul',
  ca: 'cat',
  cs: 'ces',
  cy: 'cym',
  da: 'dan',
  de: 'deu',
  el: 'ell',
  en: 'eng',
  es: 'spa',
  eu: 'eus',
  fa: 'fas',
  fi: 'fin',
  fr: 'fra',
  gl: 'glg',
  he: 'heb',
  hi: 'hin',
  hr: 'hrv',
  hu: 'hun',
  id: 'ind',
  it: 'ita',
  ja: 'jpn',
  ko: 'kor',
  ms: 'msa',
  nb: 'nob',
  nl: 'nld',
  no: 'nor',
  pl: 'pol',
  pt: 'por',
  ro: 'ron',
  ru: 'rus',
  sk: 'slk',
  sl: 'slv',
  sv: 'swe',
  th: 'tha',
  tr: 'tur',
  uk: 'ukr',
  vi: 'vie',
  yue: 'yue',
  zh: 'zho',
};

const COUNTRIES: Readonly<Record<string, string>> = {
  AE: 'ARE',
  AR: 'ARG',
  AT: 'AUT',
  AU: 'AUS',
  BE: 'BEL',
  BG: 'BGR',
  BR: 'BRA',
  CA: 'CAN',
  CH: 'CHE',
  CL: 'CHL',
  CN: 'CHN',
  CO: 'COL',
  CZ: 'CZE',
  DE: 'DEU',
  DK: 'DNK',
  EG: 'EGY',
  ES: 'ESP',
  FI: 'FIN',
  FR: 'FRA',
  GB: 'GBR',
  GR: 'GRC',
  HK: 'HKG',
  HR: 'HRV',
  HU: 'HUN',
  ID: 'IDN',
  IE: 'IRL',
  IL: 'ISR',
  IN: 'IND',
  IR: 'IRN',
  IT: 'ITA',
  JP: 'JPN',
  KR: 'KOR',
  MX: 'MEX',
  MY: 'MYS',
  NL: 'NLD',
  NO: 'NOR',
  NZ: 'NZL',
  PE: 'PER',
  PL: 'POL',
  PT: 'PRT',
  RO: 'ROU',
  RU: 'RUS',
  SA: 'SAU',
  SE: 'SWE',
  SG: 'SGP',
  SI: 'SVN',
  SK: 'SVK',
  TH: 'THA',
  TR: 'TUR',
  TW: 'TWN',
  UA: 'UKR',
  US: 'USA',
  VN: 'VNM',
  ZA: 'ZAF',
};

const invert = (table: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(table).map(([k, v]) => [v, k]));
const LANGUAGES_BACK = invert(LANGUAGES);
const COUNTRIES_BACK = invert(COUNTRIES);

/** `eng-USA` for `en-US`; undefined when a part is not in the tables. */
export function mixLanguageOf(locale: string): string | undefined {
  const m = /^([a-z]{2,3})-([A-Z]{2})$/.exec(locale);
  const language = m?.[1] && (LANGUAGES[m[1]] ?? (LANGUAGES_BACK[m[1]] ? m[1] : undefined));
  const country = m?.[2] && COUNTRIES[m[2]];
  return language && country ? `${language}-${country}` : undefined;
}

/** `en-US` for `eng-USA` (any case, `_` or `-`); undefined when it is not a known three-letter form. */
export function localeOfMixLanguage(language: string): string | undefined {
  const m = /^([A-Za-z]{3})[-_]([A-Za-z]{3})$/.exec(language.trim());
  const lang = m?.[1] && LANGUAGES_BACK[m[1].toLowerCase()];
  const country = m?.[2] && COUNTRIES_BACK[m[2].toUpperCase()];
  return lang && country ? `${lang}-${country}` : undefined;
}
