// Interpreted utterances read from event-log records. An NLUaaS `Interpret` record's data holds the request
// (`input.text`, the model URN with its `language`) and the `InterpretResult`: `literal`, and interpretations
// whose `singleIntentInterpretation` has `intent`, `confidence` and `entities`, a map of entity name to
// `{entities: [...]}`, each with `textRange {startIndex, endIndex}` (end exclusive), `literal`, `stringValue`
// or `structValue`, and child `entities` for hierarchical ones (public proto nuance/nlu/v1, see
// docs/platform-notes.md "Runtime traffic"). Proto3 JSON leaves zero values out, so a missing `startIndex` is 0.
// The audio is not in the Interpret record: it is the `audioUrn` of the ASR call summary of the same dialog
// session just before it (records of a session share a partition, so they arrive in order).
import { asObject, eventTypeOf, serviceOf, sessionOf, timeOf, type Json, type LogRecord } from '../logs/records';

export interface InterpretedEntity {
  readonly name: string;
  /** The text the entity covers, as the interpretation reports it. */
  readonly literal: string;
  /** Its value (`stringValue`, or the JSON of `structValue`), when given. */
  readonly value?: string;
  /** [start, end) in the utterance text. */
  readonly start: number;
  readonly end: number;
}

export interface InterpretedUtterance {
  /** Stable across reads: the record's message id, else its partition and offset. */
  readonly id: string;
  readonly text: string;
  readonly intent: string;
  readonly confidence: number;
  readonly entities: readonly InterpretedEntity[];
  readonly locale?: string;
  readonly session?: string;
  /** ISO time of the record. */
  readonly time?: string;
  readonly audioUrn?: string;
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export function isInterpretRecord(record: LogRecord): boolean {
  return /^nlu/i.test(serviceOf(record)) && eventTypeOf(record) === 'Interpret';
}

/** The utterance an Interpret record carries, or undefined when it is not one (or has no text or intent). */
export function utteranceOf(record: LogRecord, audioUrn?: string): InterpretedUtterance | undefined {
  if (!isInterpretRecord(record)) return undefined;
  const data = asObject(record.value.data);
  const request = asObject(data?.request);
  const result = asObject(asObject(data?.response)?.result) ?? asObject(data?.result);
  const text = str(result?.literal) ?? str(asObject(request?.input)?.text);
  const first = asObject((Array.isArray(result?.interpretations) ? result.interpretations : [])[0]);
  const single = asObject(first?.singleIntentInterpretation);
  const intent = str(single?.intent);
  if (text === undefined || !single || intent === undefined) return undefined;
  const time = timeOf(record);
  return {
    id: str(record.value.id) ?? str(record.key.id) ?? `${record.partition}:${record.offset}`,
    text,
    intent,
    confidence: num(single.confidence) ?? 0,
    entities: entitiesOf(asObject(single.entities), text),
    locale: str(data?.locale) ?? localeOfModel(str(asObject(request?.model)?.uri)),
    session: sessionOf(record),
    time: time === undefined ? undefined : new Date(time).toISOString(),
    audioUrn,
    topic: record.topic,
    partition: record.partition,
    offset: record.offset,
  };
}

/** Entities with their text ranges, children of hierarchical entities included, in text order. */
function entitiesOf(map: Json | undefined, text: string): InterpretedEntity[] {
  const out: InterpretedEntity[] = [];
  const walk = (m: Json | undefined): void => {
    for (const [name, list] of Object.entries(m ?? {})) {
      const items = asObject(list)?.entities;
      for (const item of Array.isArray(items) ? items : []) {
        const e = asObject(item);
        if (!e) continue;
        const range = asObject(e.textRange);
        const start = num(range?.startIndex) ?? 0;
        const end = num(range?.endIndex) ?? 0;
        // A range outside the text (or empty: no text range, e.g. a value from a DTMF input) cannot be annotated.
        if (start >= 0 && end > start && end <= text.length) {
          const value = str(e.stringValue) ?? (asObject(e.structValue) ? JSON.stringify(e.structValue) : undefined);
          out.push({
            name,
            literal: str(e.literal) ?? text.slice(start, end),
            start,
            end,
            ...(value !== undefined ? { value } : {}),
          });
        }
        walk(asObject(e.entities));
      }
    }
  };
  walk(map);
  return out.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** `…?=language=en-US` at the end of a model URN. */
function localeOfModel(uri: string | undefined): string | undefined {
  return uri ? /[?&]=?language=([A-Za-z-]+)/.exec(uri)?.[1] : undefined;
}

/** The audio URN a call-summary record names, with its session. */
export function callSummaryAudio(record: LogRecord): { session: string; urn: string } | undefined {
  if (!/callsummary/i.test(eventTypeOf(record))) return undefined;
  const data = asObject(record.value.data);
  const urn =
    str(data?.audioUrn) ??
    str(
      asObject(
        (Array.isArray(asObject(data?.callsummary)?.recognize)
          ? (asObject(data?.callsummary)?.recognize as unknown[])
          : [])[0],
      )?.audioUrn,
    );
  const session = sessionOf(record);
  return urn && session ? { session, urn } : undefined;
}

/** Reads utterances from a record stream, pairing each with its session's latest call-summary audio. */
export class UtteranceReader {
  /** Last audio per session; bounded, oldest sessions forgotten first. */
  private readonly audio = new Map<string, string>();
  constructor(private readonly maxSessions = 10_000) {}

  read(record: LogRecord): InterpretedUtterance | undefined {
    const summary = callSummaryAudio(record);
    if (summary) {
      this.audio.delete(summary.session);
      this.audio.set(summary.session, summary.urn);
      if (this.audio.size > this.maxSessions) this.audio.delete(this.audio.keys().next().value as string);
      return undefined;
    }
    if (!isInterpretRecord(record)) return undefined;
    const session = sessionOf(record);
    const urn = session ? this.audio.get(session) : undefined;
    // One recognition per Interpret: the audio is used once.
    if (session && urn) this.audio.delete(session);
    return utteranceOf(record, urn);
  }
}
