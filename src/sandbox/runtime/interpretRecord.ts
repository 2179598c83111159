// The event-log record of one interpretation, the same for an Interpret call on the runtime API and for a
// simulated caller's turn (logs/sessionEvents.ts): NLUaaS `Interpret` with `{locale, clientData, request,
// response}` in the public collector's record schema. With `SUPPRESSED` logging the input is masked everywhere
// it appears in the record (request text, literals), as the platform masks it in its event logs.
import { randomUUID } from 'node:crypto';
import type { LogEntry } from '../logs/logStore';
import type { InterpretCall } from './interpretRequest';

/** What a suppressed input becomes in the logs (docs/platform-notes.md "NLU runtime"). */
export const SUPPRESSED_TEXT = '[suppressed]';

type Json = Record<string, unknown>;

export interface InterpretRecordFacts {
  /** The runtime app ID: the topic and the record's `appid`. */
  topic: string;
  locale: string;
  call: Pick<
    InterpretCall,
    'text' | 'modelUri' | 'resultType' | 'loggingMode' | 'maxInterpretations' | 'clientData' | 'userId'
  >;
  /** The wire result (runtime/interpretResult.ts). */
  result: Json;
  /** Epoch ms of the record. */
  time: number;
  /** Records with the same key keep their order (a dialog session's records); default: a new UUID. */
  partitionKey?: string;
}

/** The record's `data`. */
export function interpretRecordData(f: InterpretRecordFacts): Json {
  const suppressed = f.call.loggingMode === 'SUPPRESSED';
  const parameters: Json = {
    interpretationResultType: f.call.resultType,
    interpretationInputLoggingMode: f.call.loggingMode,
  };
  if (f.call.maxInterpretations > 0) parameters.maxInterpretations = f.call.maxInterpretations;
  return {
    locale: f.locale,
    clientData: f.call.clientData,
    request: {
      parameters,
      model: { type: 'SEMANTIC_MODEL', uri: f.call.modelUri },
      input: { text: suppressed ? SUPPRESSED_TEXT : f.call.text },
      ...(f.call.userId ? { userId: f.call.userId } : {}),
    },
    response: { status: { code: 200, message: 'OK' }, result: suppressed ? masked(f.result) : f.result },
  };
}

export function interpretLogEntry(f: InterpretRecordFacts): LogEntry {
  const id = randomUUID();
  return {
    partitionKey: f.partitionKey ?? randomUUID(),
    service: 'NLUaaS',
    id,
    value: {
      specversion: '1.0',
      service: 'NLUaaS',
      source: 'NLUaaS',
      type: 'Interpret',
      id,
      timestamp: new Date(f.time).toISOString(),
      appid: f.topic,
      datacontenttype: 'application/json',
      data: interpretRecordData(f),
    },
  };
}

/** A copy with every literal and value (they are words of the input) masked, and marked sensitive. */
function masked(value: unknown): Json {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v !== 'object' || v === null) return v;
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) =>
        k === 'literal' || k === 'formattedLiteral' || k === 'stringValue'
          ? [k, SUPPRESSED_TEXT]
          : k === 'structValue'
            ? [k, {}]
            : k === 'sensitive'
              ? [k, true]
              : [k, walk(x)],
      ),
    );
  };
  return walk(value) as Json;
}
