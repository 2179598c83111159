// The event logs one simulated conversation writes, in the public collector's record schema: every value is
// `{specversion, service, source, type, id, timestamp, appid, datacontenttype, data}`. A session opens a
// dialog (DLGaaS Start), then for each turn the prompt is synthesized (TTSaaS), the caller's speech
// recognized (ASRaaS Recognize + asr-callsummary with the utterance's audioUrn), interpreted (NLUaaS) and
// acted on (DLGaaS Execute); a name turn also goes through name resolution (NRaaS nrc-callsummary); the
// session ends with DLGaaS Stop. As on the platform, a dialog answers with the prompt it says NEXT: Start
// answers with the first turn's prompt, each Execute with the following turn's (the last with a goodbye), and
// that prompt is then synthesized, so a prompt is never shown as the reply to the intent it preceded.
// A turn is interpreted by the configuration's deployed NLU model of the session's locale (`script.nlu`), the
// way runtime/interpret answers the same text, and logged in the same record (runtime/interpretRecord.ts); the
// dialog acts on that interpretation. Only a locale with no deployed NLU model keeps the script's intent.
import { randomUUID } from 'node:crypto';
import { interpretRecordData } from '../runtime/interpretRecord';
import { modelUrnOf } from '../runtime/modelUrn';
import type { AudioEntry, LogEntry } from './logStore';

export interface Utterance {
  text: string;
  intent: string;
  entities: Array<{ name: string; literal: string }>;
  /** Recognition confidence (and the interpretation's when no model interprets); absent: a confident one is drawn. */
  confidence?: number;
}

/** The deployed NLU model of a session's locale: its URN and the wire result it gives a text. */
export interface SessionNlu {
  modelUri: string;
  interpret(text: string): Record<string, unknown>;
}

export interface SessionScript {
  /** The runtime app ID: topic and `appid`. */
  topic: string;
  contextTag: string;
  locale: string;
  channel: string;
  sampleRate: 8000 | 16000;
  builds: { asr?: string; nlu?: string; dialog?: string };
  /** The deployed model that interprets the turns; absent: the scripted intent is logged. */
  nlu?: SessionNlu;
  /** `kind` says how the traffic mix made the utterance (trafficMix.ts); it is not logged. */
  turns: Array<{ prompt: string; utterance: Utterance; kind?: string }>;
}

export interface SessionLogs {
  entries: LogEntry[];
  audio: AudioEntry[];
}

const SERVICE_SHORT: Record<string, string> = { ASRaaS: 'asraas', NRaaS: 'nrcaas' };
/** What the dialog says after the caller's last turn. */
export const CLOSING_PROMPT = 'Thank you. Goodbye!';

/** The dialog's reply payload: the prompt it says next. */
function promptPayload(text: string): Record<string, unknown> {
  return { messages: [], qaAction: { message: { visual: [{ text }], audio: [{ text }] } } };
}

/** Builds the records of one session whose first event happens at `startMs`. */
export function sessionEvents(script: SessionScript, startMs: number, rand: () => number): SessionLogs {
  const sessionId = randomUUID();
  const entries: LogEntry[] = [];
  const audio: AudioEntry[] = [];
  let clock = startMs;
  let seq = 0;
  const clientData = { 'x-nuance-dialog-session-id': sessionId };
  const emit = (
    service: string,
    type: string,
    data: Record<string, unknown>,
    contentType = 'application/json',
    source = service,
  ): void => {
    const id = randomUUID();
    clock += 20 + Math.floor(rand() * 180);
    entries.push({
      partitionKey: sessionId,
      service,
      id,
      value: {
        specversion: '1.0',
        service,
        source,
        type,
        id,
        timestamp: new Date(clock).toISOString(),
        appid: script.topic,
        datacontenttype: contentType,
        data,
      },
    });
  };
  const selector = { channel: script.channel, language: script.locale, library: 'default' };
  const modelUrn = (kind: string): string => modelUrnOf(script.contextTag, kind, script.locale);

  emit('DLGaaS', 'Start', {
    sessionid: sessionId,
    seqid: String(++seq),
    channel: script.channel,
    locale: script.locale,
    sessionTimeoutSec: 900,
    request: {
      sessionId,
      selector,
      payload: { modelRef: { uri: `urn:nuance-mix:tag:model/${script.contextTag}/mix.dialog` } },
      sessionTimeoutSec: 900,
    },
    response: { payload: { sessionId, ...promptPayload(script.turns[0]?.prompt ?? CLOSING_PROMPT) } },
    events: [{ name: 'session-start', dialogBuild: script.builds.dialog ?? '' }],
  });

  const synthesize = (prompt: string): void =>
    emit('TTSaaS', 'Synthesize', {
      locale: script.locale,
      clientData,
      request: { voice: { name: 'Evan', model: 'enhanced' }, input: { text: { text: prompt } } },
      response: { events: [{ name: 'synthesis-complete', durationMs: 600 + prompt.length * 55 }] },
    });

  script.turns.forEach((turn, index) => {
    synthesize(turn.prompt);
    const u = turn.utterance;
    const asrSessionId = randomUUID();
    const durationMs = Math.min(6000, 500 + u.text.length * 65);
    const confidence = u.confidence ?? Math.round((0.72 + rand() * 0.27) * 1000) / 1000;
    const audioFormat = `audio/L16;rate=${script.sampleRate}`;
    const hypotheses = [
      {
        formattedText: u.text,
        minimallyFormattedText: u.text.toLowerCase(),
        averageConfidence: confidence,
        words: u.text.split(/\s+/).map((text) => ({ text })),
      },
    ];
    emit('ASRaaS', 'Recognize', {
      asrSessionid: asrSessionId,
      locale: script.locale,
      clientData,
      request: {
        recognitionInitMessage: {
          parameters: {
            language: script.locale,
            audioFormat: { pcm: { sampleRateHz: script.sampleRate } },
            resultType: 'FINAL',
          },
          resources: script.builds.asr ? [{ externalReference: { type: 'DOMAIN_LM', uri: modelUrn('asr') } }] : [],
          clientData,
        },
      },
      response: { result: { resultType: 1, hypotheses, dataPack: { language: script.locale, version: '4.7.0' } } },
    });
    const facts = { text: u.text, confidence, durationMs, audioFormat, clientData, endMs: clock, script };
    const asrSummary = callSummary('ASRaaS', asrSessionId, facts, rand);
    audio.push(asrSummary.audio);
    emit('ASRaaS', 'asr-callsummary', asrSummary.data, 'application/x-nuance-asr-callsummary.v1+json');
    if (u.entities.some((e) => /NAME/i.test(e.name))) {
      const nrSummary = callSummary('NRaaS', randomUUID(), facts, rand);
      audio.push(nrSummary.audio);
      emit('NRaaS', 'nrc-callsummary', nrSummary.data, 'application/x-nuance-nrc-callsummary.v1+json');
    }
    const result = script.nlu?.interpret(u.text) ?? scriptedResult(u, confidence);
    const top = topInterpretation(result);
    emit(
      'NLUaaS',
      'Interpret',
      interpretRecordData({
        topic: script.topic,
        locale: script.locale,
        result,
        time: clock,
        call: {
          text: u.text,
          modelUri: script.nlu?.modelUri ?? modelUrn('nlu'),
          resultType: 'SINGLE_INTENT',
          loggingMode: 'PLAINTEXT',
          maxInterpretations: 0,
          clientData,
        },
      }),
    );
    const reply = script.turns[index + 1]?.prompt ?? CLOSING_PROMPT;
    emit('DLGaaS', 'Execute', {
      sessionid: sessionId,
      seqid: String(++seq),
      channel: script.channel,
      locale: script.locale,
      request: {
        sessionId,
        selector,
        payload: {
          userInput: { userText: u.text, interpretation: { intent: top.intent, confidence: top.confidence } },
        },
      },
      response: { payload: promptPayload(reply) },
      events: [
        { name: 'intent-matched', value: top.intent },
        ...top.entities.map((e) => ({ name: 'entity-collected', entity: e.name, value: e.value })),
      ],
    });
  });
  if (script.turns.length > 0) synthesize(CLOSING_PROMPT);

  emit('DLGaaS', 'Stop', {
    sessionid: sessionId,
    seqid: String(++seq),
    channel: script.channel,
    locale: script.locale,
    request: { sessionId },
    response: {},
    events: [{ name: 'session-end', reason: 'completed' }],
  });
  return { entries, audio };
}

interface SummaryFacts {
  text: string;
  confidence: number;
  durationMs: number;
  audioFormat: string;
  clientData: Record<string, string>;
  endMs: number;
  script: SessionScript;
}

/** A call summary's data (with `audioUrn` at the top and in `callsummary.recognize[0]`, where the collector reads it) and its audio. */
function callSummary(
  service: 'ASRaaS' | 'NRaaS',
  sessionId: string,
  f: SummaryFacts,
  rand: () => number,
): { data: Record<string, unknown>; audio: AudioEntry } {
  const audioUrn = `urn:svc:log:service:audio/${SERVICE_SHORT[service] ?? 'asraas'}/${randomUUID()}`;
  const audio: AudioEntry = {
    urn: audioUrn,
    topic: f.script.topic,
    sampleRate: f.script.sampleRate,
    durationMs: f.durationMs,
    seed: Math.floor(rand() * 2 ** 31),
  };
  const contentType =
    service === 'ASRaaS'
      ? 'application/x-nuance-asr-callsummary.v1+json'
      : 'application/x-nuance-nrc-callsummary.v1+json';
  const data = {
    dataContentType: contentType,
    asrSessionid: sessionId,
    audioUrn,
    audioDurationMs: f.durationMs,
    locale: f.script.locale,
    clientData: f.clientData,
    callsummary: {
      sessionId,
      clientData: f.clientData,
      absStartTime: f.endMs - f.durationMs,
      absEndTime: f.endMs,
      dataPack: { language: f.script.locale, version: '4.7.0' },
      recognize: [
        {
          audioUrn,
          audioDurationMs: f.durationMs,
          status: 'SUCCESS',
          recognitionParameters: { audioFormat: f.audioFormat, language: f.script.locale, resultType: 'FINAL' },
          finalResult: { formattedText: f.text, confidence: f.confidence },
        },
      ],
    },
  };
  return { data, audio };
}

/** The interpretation a script decided, for a locale no model interprets. */
function scriptedResult(u: Utterance, confidence: number): Record<string, unknown> {
  const entities = Object.fromEntries(
    u.entities.map((e) => {
      const start = Math.max(0, u.text.indexOf(e.literal));
      const range = { startIndex: start, endIndex: start + e.literal.length };
      return [
        e.name,
        {
          entities: [
            {
              textRange: range,
              formattedTextRange: range,
              confidence,
              origin: 'STATISTICAL',
              entities: {},
              stringValue: e.literal,
              literal: e.literal,
              formattedLiteral: e.literal,
              sensitive: false,
            },
          ],
        },
      ];
    }),
  );
  return {
    literal: u.text,
    formattedLiteral: u.text,
    sensitive: false,
    interpretations: [
      { singleIntentInterpretation: { intent: u.intent, confidence, origin: 'STATISTICAL', entities, metadata: {} } },
    ],
  };
}

interface TopInterpretation {
  intent: string;
  confidence: number;
  /** Top-level entities with their values, as the dialog collects them. */
  entities: Array<{ name: string; value: unknown }>;
}

/** The best interpretation of a wire result (what the dialog acts on). */
function topInterpretation(result: Record<string, unknown>): TopInterpretation {
  const first = (
    result.interpretations as
      | Array<{
          singleIntentInterpretation?: {
            intent?: string;
            confidence?: number;
            entities?: Record<string, { entities?: Array<Record<string, unknown>> }>;
          };
        }>
      | undefined
  )?.[0];
  const single = first?.singleIntentInterpretation;
  const entities = Object.entries(single?.entities ?? {}).flatMap(([name, list]) =>
    (list.entities ?? []).map((e) => ({ name, value: e.stringValue ?? e.structValue ?? e.literal })),
  );
  return { intent: single?.intent ?? 'NO_INTENT', confidence: single?.confidence ?? 0, entities };
}
