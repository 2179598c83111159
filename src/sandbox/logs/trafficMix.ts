// What makes simulated traffic worth reviewing: besides the project's own samples, callers paraphrase, the
// recognizer mishears, people ask for things the application does not do, the model picks the wrong intent,
// and entities come with values the training never saw. Each turn draws one kind at the documented rates
// (docs/platform-notes.md "Runtime traffic"), from the simulation's seeded generator, so a seed replays the
// same utterances. Every planted kind is made NOT to match a training sample (after folding, see below) and
// gets a recognition confidence at or below PLANTED_MAX_CONFIDENCE; verbatim training sentences keep a
// confidence above it. (The interpretation logged for a turn is the deployed model's own, runtime/sessionNlu.ts;
// the drawn confidence is the recognizer's, and the interpretation's only where no model is deployed.)
// Fillers and out-of-domain requests are in the locale's language: a fr-CA caller does not say "um … please".
// The sandbox does not
// share the client's normalization (docs/architecture.md): its own folding keeps letters and digits only, which
// is coarser than any the client may use, so a text that differs here differs there too.
import type { Utterance } from './sessionEvents';

/** Letters and digits only, case folded: two texts differing here are different words under any normalization. */
function fold(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

export const TRAFFIC_KINDS = [
  'training',
  'paraphrase',
  'asrError',
  'outOfDomain',
  'wrongIntent',
  'unseenEntity',
] as const;
export type TrafficKind = (typeof TRAFFIC_KINDS)[number];

/** Share of turns of each kind; sums to 1. */
export const TRAFFIC_RATES: Readonly<Record<TrafficKind, number>> = {
  training: 0.55,
  paraphrase: 0.12,
  asrError: 0.1,
  outOfDomain: 0.08,
  wrongIntent: 0.07,
  unseenEntity: 0.08,
};

/** Planted (not-in-training) utterances never score above this; training sentences always do. */
export const PLANTED_MAX_CONFIDENCE = 0.6;
/** Confidence range [low, high] per kind. */
const CONFIDENCE: Readonly<Record<TrafficKind, readonly [number, number]>> = {
  training: [0.75, 0.99],
  paraphrase: [0.4, 0.6],
  asrError: [0.3, 0.58],
  outOfDomain: [0.05, 0.35],
  wrongIntent: [0.3, 0.55],
  unseenEntity: [0.45, 0.6],
};

/** What callers of one language add around a sentence, and ask for that no application here does. */
interface LanguageTraffic {
  openers: readonly string[];
  closers: readonly string[];
  outOfDomain: readonly string[];
}

const LANGUAGE_TRAFFIC: Readonly<Record<string, LanguageTraffic>> = {
  en: {
    openers: ['um ', 'uh ', 'so ', 'hey ', 'yeah ', 'okay so ', 'hi there ', 'well ', 'could you '],
    closers: [' please', ' right now', ' thanks', ' if you can', ' for me', ' thank you'],
    outOfDomain: [
      'what is the weather like tomorrow',
      'play some jazz music',
      'how tall is the eiffel tower',
      'tell me a joke',
      'set an alarm for seven',
      'who won the game last night',
      'book a flight to boston',
      'what time is it in tokyo',
      'turn off the lights',
      'how do I reset my password',
    ],
  },
  fr: {
    openers: ['euh ', 'alors ', 'bonjour ', 'oui ', 'bon ', 'donc ', 'allô ', 'eh bien ', 'pouvez-vous '],
    closers: [" s'il vous plaît", ' tout de suite', ' merci', ' si possible', ' pour moi', ' merci beaucoup'],
    outOfDomain: [
      'quel temps fera-t-il demain',
      'mets de la musique jazz',
      'quelle est la hauteur de la tour eiffel',
      'raconte-moi une blague',
      'règle une alarme pour sept heures',
      'qui a gagné le match hier soir',
      'réserve un vol pour montréal',
      'quelle heure est-il à tokyo',
      'éteins les lumières',
      'comment réinitialiser mon mot de passe',
    ],
  },
  es: {
    openers: ['eh ', 'bueno ', 'hola ', 'sí ', 'pues ', 'oiga ', 'a ver ', 'mire '],
    closers: [' por favor', ' ahora mismo', ' gracias', ' si puede', ' para mí', ' muchas gracias'],
    outOfDomain: [
      'qué tiempo hará mañana',
      'pon música de jazz',
      'cuánto mide la torre eiffel',
      'cuéntame un chiste',
      'pon una alarma a las siete',
      'quién ganó el partido anoche',
      'reserva un vuelo a madrid',
      'qué hora es en tokio',
    ],
  },
  de: {
    openers: ['äh ', 'also ', 'hallo ', 'ja ', 'na ja ', 'okay also ', 'können Sie '],
    closers: [' bitte', ' sofort', ' danke', ' wenn möglich', ' für mich', ' vielen Dank'],
    outOfDomain: [
      'wie wird das Wetter morgen',
      'spiel Jazzmusik',
      'wie hoch ist der Eiffelturm',
      'erzähl mir einen Witz',
      'stell einen Wecker auf sieben',
      'wer hat gestern das Spiel gewonnen',
      'buch einen Flug nach Berlin',
    ],
  },
};

/** A locale's language traffic; a language without its own has no fillers and no out-of-domain requests. */
function languageTraffic(locale: string): LanguageTraffic {
  return LANGUAGE_TRAFFIC[locale.split('-')[0] ?? ''] ?? { openers: [], closers: [], outOfDomain: [] };
}
const UNSEEN_LITERALS = [
  'mocha',
  'hazelnut',
  'flat white',
  'macchiato',
  'cortado',
  'pumpkin spice',
  'chai',
  'extra large',
  'Jordan',
  'Priya',
];

export interface TrafficTurn {
  utterance: Utterance;
  kind: TrafficKind;
}

/** Draws turns for one locale's pool of training utterances. */
export class TrafficMix {
  private readonly trained: Set<string>;
  private readonly intents: string[];
  private readonly literals: Set<string>;
  private readonly language: LanguageTraffic;

  /** `locale` picks the fillers' and out-of-domain requests' language. */
  constructor(
    private readonly pool: readonly Utterance[],
    locale: string,
  ) {
    this.language = languageTraffic(locale);
    this.trained = new Set(pool.map((u) => fold(u.text)));
    this.intents = [...new Set(pool.map((u) => u.intent))];
    this.literals = new Set(pool.flatMap((u) => u.entities.map((e) => fold(e.literal))));
  }

  next(rand: () => number): TrafficTurn {
    const base = pick(this.pool, rand);
    const kind = drawKind(rand);
    // A kind that cannot be made from this pool (one intent, no entity, every attempt already trained) is a paraphrase,
    // and a paraphrase that cannot be made is the training sentence: the draw never fails.
    const planted =
      this.plant(kind, base, rand) ?? (kind !== 'paraphrase' ? this.plant('paraphrase', base, rand) : undefined);
    const turn = planted ?? { kind: 'training' as const, utterance: { ...base } };
    turn.utterance.confidence = confidence(turn.kind, rand);
    return turn;
  }

  private plant(kind: TrafficKind, base: Utterance, rand: () => number): TrafficTurn | undefined {
    for (let attempt = 0; attempt < 8; attempt++) {
      const u = this.make(kind, base, rand);
      if (!u) return undefined;
      if (kind === 'training' || !this.trained.has(fold(u.text))) return { kind, utterance: u };
    }
    return undefined;
  }

  private make(kind: TrafficKind, base: Utterance, rand: () => number): Utterance | undefined {
    switch (kind) {
      case 'training':
        return { ...base };
      case 'paraphrase':
        return paraphrase(base, this.language, rand);
      case 'asrError':
        return mishear(base, rand);
      case 'outOfDomain':
        return this.language.outOfDomain.length === 0
          ? undefined
          : { text: pick(this.language.outOfDomain, rand), intent: pick(this.intents, rand), entities: [] };
      case 'wrongIntent': {
        const others = this.intents.filter((i) => i !== base.intent);
        const said = paraphrase(base, this.language, rand);
        return others.length === 0 || !said ? undefined : { ...said, intent: pick(others, rand) };
      }
      case 'unseenEntity':
        return this.unseenEntity(base, rand);
    }
  }

  private unseenEntity(base: Utterance, rand: () => number): Utterance | undefined {
    // Innermost entities only: replacing a parent's literal would break its children's.
    const leaves = base.entities.filter((e) => !base.entities.some((o) => o !== e && e.literal.includes(o.literal)));
    if (leaves.length === 0) return undefined;
    const entity = pick(leaves, rand);
    const fresh = /\d/.test(entity.literal)
      ? entity.literal.replace(/\d/g, () => String(Math.floor(rand() * 10)))
      : pick(
          UNSEEN_LITERALS.filter((l) => !this.literals.has(fold(l))),
          rand,
        );
    if (!fresh || fold(fresh) === fold(entity.literal)) return undefined;
    const text = base.text.replace(entity.literal, fresh);
    const entities = base.entities
      .map((e) =>
        e === entity
          ? { name: e.name, literal: fresh }
          : e.literal.includes(entity.literal)
            ? { name: e.name, literal: e.literal.replace(entity.literal, fresh) }
            : e,
      )
      .filter((e) => text.includes(e.literal));
    return { text, intent: base.intent, entities };
  }
}

function drawKind(rand: () => number): TrafficKind {
  let r = rand();
  for (const kind of TRAFFIC_KINDS) {
    r -= TRAFFIC_RATES[kind];
    if (r < 0) return kind;
  }
  return 'training';
}

function confidence(kind: TrafficKind, rand: () => number): number {
  const [low, high] = CONFIDENCE[kind];
  return Math.round((low + rand() * (high - low)) * 1000) / 1000;
}

/** Filler words of the locale's language around the sentence, as callers add them; none for a language without. */
function paraphrase(base: Utterance, language: LanguageTraffic, rand: () => number): Utterance | undefined {
  const { openers, closers } = language;
  if (openers.length === 0 || closers.length === 0) return undefined;
  const r = rand();
  const text =
    r < 0.4
      ? pick(openers, rand) + base.text
      : r < 0.75
        ? base.text + pick(closers, rand)
        : pick(openers, rand) + base.text + pick(closers, rand);
  return { text, intent: base.intent, entities: base.entities.map((e) => ({ ...e })) };
}

/** One word outside the entities dropped, doubled or misheard (a letter changed), as a recognizer errs. */
function mishear(base: Utterance, rand: () => number): Utterance | undefined {
  const words = base.text.split(' ');
  const inEntity = (w: string): boolean => base.entities.some((e) => e.literal.split(' ').includes(w));
  const candidates = words.map((w, i) => i).filter((i) => !inEntity(words[i] ?? '') && (words[i] ?? '').length > 1);
  if (candidates.length === 0) return undefined;
  const i = pick(candidates, rand);
  const word = words[i] ?? '';
  const r = rand();
  if (r < 0.3 && words.length > 2) words.splice(i, 1);
  else if (r < 0.5) words.splice(i, 0, word);
  else
    words[i] =
      word.slice(0, -1) +
      pick(
        ['a', 'e', 'o', 'n', 't'].filter((c) => !word.endsWith(c)),
        rand,
      );
  return { text: words.join(' '), intent: base.intent, entities: base.entities.map((e) => ({ ...e })) };
}

function pick<T>(items: readonly T[], rand: () => number): T {
  return items[Math.floor(rand() * items.length)] as T;
}
