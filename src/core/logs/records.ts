// Event-log records as the consumer API returns them, and what the rest of core/logs reads from them.
// The value follows the public collector's schema `{specversion, service, source, type, id, timestamp,
// appid, datacontenttype, data}`; every field is optional here, because records from other producers (or
// newer platform versions) must still stream, format and filter.

export interface LogRecord {
  /** The topic: the runtime app ID. */
  readonly topic: string;
  readonly key: { readonly service?: string; readonly id?: string };
  readonly value: LogValue;
  readonly partition: number;
  readonly offset: number;
}

export interface LogValue {
  readonly specversion?: string;
  readonly service?: string;
  readonly source?: string;
  readonly type?: string;
  readonly id?: string;
  readonly timestamp?: string;
  readonly appid?: string;
  readonly datacontenttype?: string;
  readonly data?: Record<string, unknown>;
  readonly [field: string]: unknown;
}

export type Json = Record<string, unknown>;

export function asObject(value: unknown): Json | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The runtime service that produced the record (`ASRaaS`, `NLUaaS`, `DLGaaS`, `TTSaaS`, …). */
export function serviceOf(record: LogRecord): string {
  return str(record.key?.service) ?? str(record.value?.service) ?? 'unknown';
}

/** The event type (`Recognize`, `asr-callsummary`, `Interpret`, `Execute`, …). */
export function eventTypeOf(record: LogRecord): string {
  return str(record.value?.type) ?? 'unknown';
}

/** Event time in epoch ms, or undefined when the record carries no parseable timestamp. */
export function timeOf(record: LogRecord): number | undefined {
  const t = str(record.value?.timestamp);
  if (!t) return undefined;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * The dialog session the record belongs to: the dialog session id itself, or the one ASR/NLU/TTS requests
 * carry in their client data; an ASR-only record falls back to its ASR session.
 */
export function sessionOf(record: LogRecord): string | undefined {
  const data = asObject(record.value?.data);
  if (!data) return undefined;
  const fromClientData = (o: unknown): string | undefined => str(asObject(o)?.['x-nuance-dialog-session-id']);
  return (
    str(data.sessionid) ??
    fromClientData(data.clientData) ??
    fromClientData(asObject(data.request)?.clientData) ??
    fromClientData(asObject(data.callsummary)?.clientData) ??
    str(data.asrSessionid) ??
    str(asObject(data.callsummary)?.sessionId)
  );
}

export function isCallSummary(record: LogRecord): boolean {
  const data = asObject(record.value?.data);
  return (
    /callsummary/i.test(eventTypeOf(record)) ||
    /callsummary/i.test(str(record.value?.datacontenttype) ?? '') ||
    /callsummary/i.test(str(data?.dataContentType) ?? '')
  );
}

/** Checks the wire shape of one record; returns a reason when it is not one. */
export function recordProblem(value: unknown): string | undefined {
  const o = asObject(value);
  if (!o) return 'a record is not a JSON object';
  if (typeof o.partition !== 'number' || typeof o.offset !== 'number')
    return 'a record has no numeric partition and offset';
  if (!asObject(o.value)) return `the record at partition ${o.partition} offset ${o.offset} has no object value`;
  return undefined;
}
