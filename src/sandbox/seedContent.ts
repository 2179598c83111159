// NLU content of the demo projects: every entity kind (list with literals per locale, freeform, regex,
// rule-based with a grammar file, relational isA/hasA), intents with links, annotated samples (one
// nested) in two locales, restricted files and a dialog.json (seedDialog.ts).
import type { TrsxConcept, TrsxDocument, TrsxIntent, TrsxSample, SampleNode } from '../core/formats/trsx/model';
import type { LocaleContent, ProjectContent } from './state';
import { COFFEE_DIALOG } from './seedDialog';

const SOURCE = {
  name: 'nuance_custom_data',
  displayName: 'nuance_custom_data',
  version: '1.0',
  type: 'CUSTOM',
  useForOOV: true,
};
const ONTOLOGY_BASE = 'http://localhost:8080/resources/ontology-1.0.xml';

const a = (conceptref: string, ...content: SampleNode[]): SampleNode => ({ conceptref, content });
const sample = (intentref: string, ...content: SampleNode[]): TrsxSample => ({
  intentref,
  count: 1,
  excluded: false,
  fullyVerified: true,
  content,
});
const intent = (name: string, ...links: string[]): TrsxIntent => ({
  name,
  links: links.map((conceptref) => ({ conceptref })),
});

const COFFEE_CONCEPTS: TrsxConcept[] = [
  { name: 'COFFEE_TYPE', settings: [], relations: [] },
  { name: 'COFFEE_SIZE', settings: [{ name: 'canonicalize', value: 'true' }], relations: [] },
  { name: 'CUSTOMER_NAME', freetext: true, settings: [{ name: 'isSensitive', value: 'true' }], relations: [] },
  { name: 'ORDER_NUMBER', dataType: 'alphanum', regex: '[A-Z]{2}[0-9]{4}', settings: [], relations: [] },
  { name: 'PICKUP_TIME', ruleGrammarFileName: 'grammars/PICKUP_TIME.grxml', settings: [], relations: [] },
  {
    name: 'DRINK',
    settings: [],
    relations: [
      { type: 'hasA', conceptref: 'COFFEE_SIZE' },
      { type: 'hasA', conceptref: 'COFFEE_TYPE' },
    ],
  },
  { name: 'FAVORITE_DRINK', settings: [], relations: [{ type: 'isA', conceptref: 'COFFEE_TYPE' }] },
];

const COFFEE_INTENTS: TrsxIntent[] = [
  intent('ORDER_COFFEE', 'COFFEE_TYPE', 'COFFEE_SIZE', 'CUSTOMER_NAME', 'PICKUP_TIME', 'DRINK'),
  intent('CHECK_ORDER', 'ORDER_NUMBER'),
  intent('CANCEL_ORDER', 'ORDER_NUMBER'),
  intent('SET_FAVORITE', 'FAVORITE_DRINK'),
  intent('ASK_HOURS'),
];

function coffeeDocument(
  lang: string,
  literals: { types: Array<[string, string]>; sizes: Array<[string, string]> },
  samples: TrsxSample[],
): TrsxDocument {
  return {
    lang,
    version: '2.6',
    metadata: [
      { key: 'short_name', value: 'Coffee Shop' },
      { key: 'created_by', value: 'Conversational Studio sandbox' },
    ],
    sources: [{ ...SOURCE }],
    ontologyBase: ONTOLOGY_BASE,
    intents: structuredClone(COFFEE_INTENTS),
    concepts: structuredClone(COFFEE_CONCEPTS),
    dictionaries: [
      { conceptref: 'COFFEE_TYPE', entries: literals.types.map(([literal, value]) => ({ literal, value })) },
      { conceptref: 'COFFEE_SIZE', entries: literals.sizes.map(([literal, value]) => ({ literal, value })) },
    ],
    samples,
  };
}

const EN_US_COFFEE = coffeeDocument(
  'eng-USA',
  {
    types: [
      ['americano', 'americano'],
      ['cappuccino', 'cappuccino'],
      ['cap', 'cappuccino'],
      ['latte', 'latte'],
      ['café latte', 'latte'],
      ['espresso', 'espresso'],
    ],
    sizes: [
      ['small', 'S'],
      ['tall', 'S'],
      ['medium', 'M'],
      ['large', 'L'],
      ['venti', 'L'],
    ],
  },
  [
    sample('ORDER_COFFEE', 'I would like a ', a('COFFEE_SIZE', 'large'), ' ', a('COFFEE_TYPE', 'latte')),
    sample(
      'ORDER_COFFEE',
      'can I get ',
      a('DRINK', a('COFFEE_SIZE', 'a small'), ' ', a('COFFEE_TYPE', 'cappuccino')),
      ' for ',
      a('CUSTOMER_NAME', 'Sam'),
    ),
    sample('ORDER_COFFEE', 'an ', a('COFFEE_TYPE', 'espresso'), ' ready ', a('PICKUP_TIME', 'at noon'), ' please'),
    sample('CHECK_ORDER', 'where is my order ', a('ORDER_NUMBER', 'AB1234')),
    sample('CANCEL_ORDER', 'cancel order ', a('ORDER_NUMBER', 'CD5678')),
    sample('SET_FAVORITE', 'my usual is a ', a('FAVORITE_DRINK', 'cappuccino')),
    sample('ASK_HOURS', 'when do you open tomorrow'),
    { ...sample('ASK_HOURS', 'are you open on Sundays?'), count: 3 },
    // Enough samples for every intent to meet the model-health minimum (5), so the clean demo reports nothing.
    sample('ORDER_COFFEE', 'a ', a('COFFEE_SIZE', 'medium'), ' ', a('COFFEE_TYPE', 'americano'), ' to go'),
    sample(
      'ORDER_COFFEE',
      "I'll have a ",
      a('COFFEE_SIZE', 'tall'),
      ' ',
      a('COFFEE_TYPE', 'latte'),
      ' ',
      a('PICKUP_TIME', 'in ten minutes'),
    ),
    sample('CHECK_ORDER', 'what is the status of order ', a('ORDER_NUMBER', 'JK7890')),
    sample('CHECK_ORDER', 'track my order ', a('ORDER_NUMBER', 'LM2345')),
    sample('CHECK_ORDER', 'how long until order ', a('ORDER_NUMBER', 'NP4567'), ' is done'),
    sample('CHECK_ORDER', 'check on order ', a('ORDER_NUMBER', 'QR8901')),
    sample('CANCEL_ORDER', 'please cancel my order ', a('ORDER_NUMBER', 'ST2345')),
    sample('CANCEL_ORDER', 'I want to cancel order ', a('ORDER_NUMBER', 'UV6789')),
    sample('CANCEL_ORDER', 'scrap order ', a('ORDER_NUMBER', 'WX1234')),
    sample('CANCEL_ORDER', 'never mind, drop order ', a('ORDER_NUMBER', 'YZ5678')),
    sample('SET_FAVORITE', 'my favorite is an ', a('FAVORITE_DRINK', 'americano')),
    sample('SET_FAVORITE', 'save ', a('FAVORITE_DRINK', 'latte'), ' as my favorite'),
    sample('SET_FAVORITE', 'I always get a ', a('FAVORITE_DRINK', 'cappuccino')),
    sample('SET_FAVORITE', 'remember that I like ', a('FAVORITE_DRINK', 'espresso')),
    sample('ASK_HOURS', 'what time do you close tonight'),
    sample('ASK_HOURS', 'are you open on holidays'),
    sample('ASK_HOURS', 'what are your opening hours'),
  ],
);

const FR_CA_COFFEE = coffeeDocument(
  'fra-CAN',
  {
    types: [
      ['allongé', 'americano'],
      ['cappuccino', 'cappuccino'],
      ['café au lait', 'latte'],
      ['latté', 'latte'],
      ['espresso', 'espresso'],
    ],
    sizes: [
      ['petit', 'S'],
      ['moyen', 'M'],
      ['grand', 'L'],
    ],
  },
  [
    sample('ORDER_COFFEE', 'je voudrais un ', a('COFFEE_SIZE', 'grand'), ' ', a('COFFEE_TYPE', 'café au lait')),
    sample(
      'ORDER_COFFEE',
      'un ',
      a('DRINK', a('COFFEE_TYPE', 'cappuccino'), ' ', a('COFFEE_SIZE', 'moyen')),
      ' pour ',
      a('CUSTOMER_NAME', 'Élise'),
    ),
    sample('CHECK_ORDER', 'où en est ma commande ', a('ORDER_NUMBER', 'EF9012')),
    sample('CANCEL_ORDER', 'annulez la commande ', a('ORDER_NUMBER', 'GH3456')),
    sample('SET_FAVORITE', "d'habitude je prends un ", a('FAVORITE_DRINK', 'allongé')),
    sample('ASK_HOURS', 'à quelle heure ouvrez-vous ?'),
    sample('ORDER_COFFEE', 'un ', a('COFFEE_SIZE', 'petit'), ' ', a('COFFEE_TYPE', 'espresso'), " s'il vous plaît"),
    sample('ORDER_COFFEE', 'je prendrais un ', a('COFFEE_TYPE', 'latté'), ' ', a('COFFEE_SIZE', 'moyen')),
    sample(
      'ORDER_COFFEE',
      'un ',
      a('COFFEE_TYPE', 'allongé'),
      ' pour ',
      a('CUSTOMER_NAME', 'Marc'),
      ' ',
      a('PICKUP_TIME', 'dans dix minutes'),
    ),
    sample('CHECK_ORDER', 'quel est le statut de la commande ', a('ORDER_NUMBER', 'JK7890')),
    sample('CHECK_ORDER', 'est-ce que la commande ', a('ORDER_NUMBER', 'LM2345'), ' est prête'),
    sample('CHECK_ORDER', 'suivre ma commande ', a('ORDER_NUMBER', 'NP4567')),
    sample('CHECK_ORDER', 'des nouvelles de la commande ', a('ORDER_NUMBER', 'QR8901')),
    sample('CANCEL_ORDER', 'je veux annuler la commande ', a('ORDER_NUMBER', 'ST2345')),
    sample('CANCEL_ORDER', 'annulez ma commande ', a('ORDER_NUMBER', 'UV6789')),
    sample('CANCEL_ORDER', 'oubliez la commande ', a('ORDER_NUMBER', 'WX1234')),
    sample('CANCEL_ORDER', 'annulation de la commande ', a('ORDER_NUMBER', 'YZ5678')),
    sample('SET_FAVORITE', 'mon préféré est un ', a('FAVORITE_DRINK', 'cappuccino')),
    sample('SET_FAVORITE', 'enregistrez le ', a('FAVORITE_DRINK', 'café au lait'), ' comme favori'),
    sample('SET_FAVORITE', 'je prends toujours un ', a('FAVORITE_DRINK', 'espresso')),
    sample('SET_FAVORITE', "mon habitude c'est un ", a('FAVORITE_DRINK', 'latté')),
    sample('ASK_HOURS', 'quand fermez-vous ce soir'),
    sample('ASK_HOURS', 'êtes-vous ouverts le dimanche'),
    sample('ASK_HOURS', "quelles sont vos heures d'ouverture"),
    sample('ASK_HOURS', 'à quelle heure fermez-vous'),
  ],
);

function grammar(lang: string, items: string[]): string {
  const alternatives = items.map((i) => `      <item>${i}</item>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="${lang}" root="PICKUP_TIME" mode="voice" tag-format="semantics/1.0">
  <rule id="PICKUP_TIME" scope="public">
    <one-of>
${alternatives}
    </one-of>
  </rule>
</grammar>
`;
}

const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

export function coffeeShopContent(): ProjectContent {
  const enUS: LocaleContent = {
    trsx: structuredClone(EN_US_COFFEE),
    files: {
      'grammars/PICKUP_TIME.grxml': b64(grammar('en-US', ['at noon', 'in ten minutes', 'right now'])),
      '_client_prons.txt': b64('cappuccino\tk a p u tS i n o\n'),
      '_tmfe.tsv': b64('cap\tcappuccino\n'),
    },
  };
  const frCA: LocaleContent = {
    trsx: structuredClone(FR_CA_COFFEE),
    files: { 'grammars/PICKUP_TIME.grxml': b64(grammar('fr-CA', ['à midi', 'dans dix minutes', 'tout de suite'])) },
  };
  return { formatVersion: 1, locales: { 'en-US': enUS, 'fr-CA': frCA }, dialog: COFFEE_DIALOG };
}

/** A small one-locale project (used for the shared and the partner projects). */
export function smallContent(shortName: string, intents: string[]): ProjectContent {
  const doc: TrsxDocument = {
    lang: 'eng-USA',
    version: '2.6',
    metadata: [{ key: 'short_name', value: shortName }],
    sources: [{ ...SOURCE }],
    ontologyBase: ONTOLOGY_BASE,
    intents: intents.map((n) => intent(n)),
    concepts: [],
    dictionaries: [],
    samples: intents.map((n) => sample(n, `example of ${n.toLowerCase().replace(/_/g, ' ')}`)),
  };
  return {
    formatVersion: 1,
    locales: { 'en-US': { trsx: doc, files: {} } },
    dialog: `${JSON.stringify({ data: { name: shortName, components: [] } }, null, 2)}\n`,
  };
}
