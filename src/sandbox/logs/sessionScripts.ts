// What simulated callers say, taken from the application: for each configuration deployed under the
// topic's credential, the project's own annotated samples (per locale of the configuration's NLU or ASR
// builds) become utterances with their intent and entities, and the project's channels decide the audio
// rate (8 kHz for telephony channels, 16 kHz otherwise). A project without samples falls back to a small
// generic set, so any deployed configuration produces traffic. The traffic mix (trafficMix.ts) turns those
// sentences into what callers really say: paraphrases, recognition errors, out-of-domain requests and so on.
import { sampleText, type SampleNode } from '../../core/formats/trsx/model';
import type { AppConfigRecord } from '../apps/model';
import type { ProjectContent, ProjectRecord } from '../state';
import type { SessionNlu, SessionScript, Utterance } from './sessionEvents';
import { TrafficMix } from './trafficMix';

export interface ScriptSource {
  topic: string;
  config: AppConfigRecord;
  project: ProjectRecord | undefined;
  content: ProjectContent | undefined;
  /** The configuration's deployed NLU model per locale (runtime/sessionNlu.ts); a locale without one keeps the script's intent. */
  nlu?: ReadonlyMap<string, SessionNlu>;
}

const FALLBACK: Utterance[] = [
  { text: 'What are your opening hours', intent: 'ASK_HOURS', entities: [] },
  { text: 'I want to speak to an agent', intent: 'AGENT', entities: [] },
  {
    text: 'Check the status of order AB1234',
    intent: 'CHECK_ORDER',
    entities: [{ name: 'ORDER_NUMBER', literal: 'AB1234' }],
  },
];
const FIRST_PROMPT = 'Welcome! How can I help you today?';
const NEXT_PROMPTS = ['Got it. Anything else?', 'Sure. What else can I do for you?', 'Okay. Is there anything more?'];
const TELEPHONY_MODES = new Set(['AUDIO_SCRIPT', 'DTMF']);

/** A script factory for one configuration: each call draws a new session. */
export function scriptFactory(source: ScriptSource): (rand: () => number) => SessionScript {
  const { config, project, content } = source;
  const locales = unique([...config.builds.nlu, ...config.builds.asr].map((b) => b.locale));
  if (locales.length === 0) for (const item of project?.languages ?? ['en-US']) locales.push(item);
  const mixes = new Map(locales.map((l) => [l, new TrafficMix(utterancesOf(content, l), l)]));
  const channels = project?.channels.filter((c) => c.isActive) ?? [];
  return (rand) => {
    const locale = pick(locales, rand) ?? 'en-US';
    const mix = mixes.get(locale) ?? new TrafficMix(FALLBACK, locale);
    const channel = pick(channels, rand);
    const turns = Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, i) => ({
      prompt: i === 0 ? FIRST_PROMPT : (pick(NEXT_PROMPTS, rand) ?? FIRST_PROMPT),
      ...mix.next(rand),
    }));
    return {
      topic: source.topic,
      contextTag: config.tag,
      locale,
      turns,
      channel: channel?.codeName ?? 'default',
      sampleRate: channel && channel.modes.some((m) => TELEPHONY_MODES.has(m)) ? 8000 : 16000,
      builds: {
        asr: config.builds.asr[0]?.buildLabel,
        nlu: config.builds.nlu[0]?.buildLabel,
        dialog: config.builds.dialog?.buildLabel,
      },
      ...(source.nlu?.get(locale) ? { nlu: source.nlu.get(locale) } : {}),
    };
  };
}

/** The training sentences of one locale, as utterances (excluded samples left out). */
export function utterancesOf(content: ProjectContent | undefined, locale: string): Utterance[] {
  const samples = content?.locales[locale]?.trsx.samples ?? [];
  const out: Utterance[] = [];
  for (const s of samples) {
    if (s.excluded) continue;
    const text = sampleText(s.content).replace(/\s+/g, ' ').trim();
    if (text) out.push({ text, intent: s.intentref, entities: annotations(s.content) });
  }
  return out.length > 0 ? out : FALLBACK;
}

function annotations(nodes: readonly SampleNode[]): Utterance['entities'] {
  return nodes.flatMap((n) =>
    typeof n === 'string'
      ? []
      : [{ name: n.conceptref, literal: sampleText(n.content).replace(/\s+/g, ' ').trim() }, ...annotations(n.content)],
  );
}

function pick<T>(items: readonly T[], rand: () => number): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(rand() * items.length)];
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
