// One line per record for output channels and terminals:
//   2024-05-01T12:00:03.120Z  ASR  asr-callsummary  72dfe494  audio 2.4 s, audio/L16;rate=16000 (urn:…)
// time, service (without "aaS"), event type, the first 8 characters of the session, and a summary that
// reads the known payloads (recognized text, intent, prompt, audio) and falls back to compact JSON.
import { asObject, eventTypeOf, serviceOf, sessionOf, type Json, type LogRecord } from './records';
import { audioRefsOf } from './audioRefs';

const MAX_SUMMARY = 200;

export function formatRecord(record: LogRecord): string {
  const time = typeof record.value?.timestamp === 'string' ? record.value.timestamp : '-';
  const service = serviceOf(record).replace(/aaS$/, '');
  const session = sessionOf(record)?.slice(0, 8) ?? '-';
  return `${time}  ${service.padEnd(3)}  ${eventTypeOf(record).padEnd(15)}  ${session.padEnd(8)}  ${oneLine(summaryOf(record))}`;
}

/** The record as pretty JSON, for "show the full record". */
export function formatRecordJson(record: LogRecord): string {
  return JSON.stringify(record, null, 2);
}

export function summaryOf(record: LogRecord): string {
  const data = asObject(record.value?.data) ?? {};
  const type = eventTypeOf(record);
  const audio = audioRefsOf(record);
  if (audio.length > 0) {
    const a = audio[0];
    const text = str(path(data, 'callsummary', 'recognize', 0, 'finalResult', 'formattedText'));
    const seconds = a?.durationMs !== undefined ? `${(a.durationMs / 1000).toFixed(1)} s, ` : '';
    return `${text ? `${quote(text)} ` : ''}audio ${seconds}${a?.audioFormat ?? 'unknown format'} (${a?.urn ?? ''})`;
  }
  switch (serviceOf(record)) {
    case 'ASRaaS': {
      const hyp = path(data, 'response', 'result', 'hypotheses', 0);
      const text = str(path(hyp, 'formattedText'));
      const conf = num(path(hyp, 'averageConfidence')) ?? num(path(hyp, 'confidence'));
      if (text !== undefined) return `${quote(text)}${conf !== undefined ? ` (${conf.toFixed(2)})` : ''}`;
      break;
    }
    case 'NLUaaS': {
      const result = path(data, 'response', 'result');
      const i = path(result, 'interpretations', 0, 'singleIntentInterpretation');
      const intent = str(path(i, 'intent'));
      if (intent !== undefined) {
        const conf = num(path(i, 'confidence'));
        const entities = Object.keys(asObject(path(i, 'entities')) ?? {});
        return `${intent}${conf !== undefined ? ` ${conf.toFixed(2)}` : ''} ${quote(str(path(result, 'literal')) ?? '')}${entities.length ? ` [${entities.join(', ')}]` : ''}`;
      }
      break;
    }
    case 'TTSaaS': {
      const text =
        str(path(data, 'request', 'input', 'text', 'text')) ?? str(path(data, 'request', 'input', 'ssml', 'text'));
      if (text !== undefined) return `says ${quote(text)}`;
      break;
    }
    case 'DLGaaS': {
      if (type === 'Start')
        return `session start (${str(data.channel) ?? 'channel ?'}, ${str(data.locale) ?? 'locale ?'})`;
      if (type === 'Stop')
        return `session end${str(path(data, 'events', 0, 'reason')) ? ` (${str(path(data, 'events', 0, 'reason'))})` : ''}`;
      const input = str(path(data, 'request', 'payload', 'userInput', 'userText'));
      const intent = str(path(data, 'request', 'payload', 'userInput', 'interpretation', 'intent'));
      const prompt = str(path(data, 'response', 'payload', 'qaAction', 'message', 'visual', 0, 'text'));
      if (input !== undefined || prompt !== undefined)
        return `${input !== undefined ? quote(input) : ''}${intent ? ` → ${intent}` : ''}${prompt !== undefined ? ` | ${quote(prompt)}` : ''}`.trim();
      break;
    }
  }
  const compact = JSON.stringify(data);
  return compact.length > MAX_SUMMARY ? `${compact.slice(0, MAX_SUMMARY)}…` : compact;
}

/** Walks objects and arrays; undefined at the first missing step. */
export function path(value: unknown, ...steps: Array<string | number>): unknown {
  let at = value;
  for (const step of steps) {
    if (typeof step === 'number') at = Array.isArray(at) ? at[step] : undefined;
    else at = (asObject(at) as Json | undefined)?.[step];
    if (at === undefined) return undefined;
  }
  return at;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function quote(text: string): string {
  return `"${text.length > 120 ? `${text.slice(0, 120)}…` : text}"`;
}

/** Keeps one record on one line whatever its text holds. */
function oneLine(text: string): string {
  return /[\r\n\t]/.test(text) ? text.replace(/[\r\n\t]+/g, ' ') : text;
}
