// Filters over records: by service, event type, session id and free text. Each kind takes several values
// (any may match); kinds combine (all must match). The textual form, shared by the CLI's `--filter` and
// any UI, is `service=asr,nlu`, `type=callsummary`, `session=72dfe494`, `text=latte` or bare text.
//   service: case-insensitive, "asr" matches "ASRaaS"
//   type:    case-insensitive substring ("callsummary" matches asr- and nrc-callsummary)
//   session: prefix of the session id (the formatted line shows its first 8 characters)
//   text:    case-insensitive substring of the formatted line or of the record's JSON
import { formatRecord } from './formatter';
import { eventTypeOf, serviceOf, sessionOf, type LogRecord } from './records';

export interface LogFilter {
  readonly services?: readonly string[];
  readonly types?: readonly string[];
  readonly sessions?: readonly string[];
  readonly texts?: readonly string[];
}

export type RecordPredicate = (record: LogRecord) => boolean;

const KINDS = { service: 'services', type: 'types', session: 'sessions', text: 'texts' } as const;

/** Parses `--filter` values; throws an Error naming the bad one. */
export function parseFilters(specs: readonly string[]): LogFilter {
  const out: { services: string[]; types: string[]; sessions: string[]; texts: string[] } = {
    services: [],
    types: [],
    sessions: [],
    texts: [],
  };
  for (const spec of specs) {
    const m = /^(\w+)=(.*)$/s.exec(spec);
    const kind = m?.[1]?.toLowerCase();
    if (!m || !kind || !(kind in KINDS)) {
      if (spec.trim() === '')
        throw new Error('An empty filter matches nothing useful; give text or service=, type=, session=, text=.');
      out.texts.push(spec);
      continue;
    }
    const values = (m[2] ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length === 0)
      throw new Error(`The filter "${spec}" has no value; e.g. ${kind}=${kind === 'service' ? 'asr,nlu' : 'value'}.`);
    for (const v of values) out[KINDS[kind as keyof typeof KINDS]].push(v);
  }
  return out;
}

export function isEmptyFilter(filter: LogFilter): boolean {
  return !filter.services?.length && !filter.types?.length && !filter.sessions?.length && !filter.texts?.length;
}

export function describeFilter(filter: LogFilter): string {
  const parts = [
    filter.services?.length ? `service=${filter.services.join(',')}` : '',
    filter.types?.length ? `type=${filter.types.join(',')}` : '',
    filter.sessions?.length ? `session=${filter.sessions.join(',')}` : '',
    ...(filter.texts ?? []).map((t) => `"${t}"`),
  ];
  return parts.filter(Boolean).join(' ') || 'everything';
}

/** A fast predicate for the filter (work is done only for the kinds that are set). */
export function compileFilter(filter: LogFilter): RecordPredicate {
  const tests: RecordPredicate[] = [];
  const services = (filter.services ?? []).map(normalizeService);
  if (services.length) tests.push((r) => services.includes(normalizeService(serviceOf(r))));
  const types = (filter.types ?? []).map((t) => t.toLowerCase());
  if (types.length)
    tests.push((r) => {
      const t = eventTypeOf(r).toLowerCase();
      return types.some((x) => t.includes(x));
    });
  const sessions = (filter.sessions ?? []).map((s) => s.toLowerCase());
  if (sessions.length)
    tests.push((r) => {
      const s = sessionOf(r)?.toLowerCase();
      return s !== undefined && sessions.some((x) => s.startsWith(x));
    });
  const texts = (filter.texts ?? []).map((t) => t.toLowerCase());
  if (texts.length) {
    tests.push((r) => {
      const line = formatRecord(r).toLowerCase();
      if (texts.every((t) => line.includes(t))) return true;
      const json = JSON.stringify(r).toLowerCase();
      return texts.every((t) => line.includes(t) || json.includes(t));
    });
  }
  return (r) => tests.every((t) => t(r));
}

function normalizeService(service: string): string {
  return service.toLowerCase().replace(/aas$/, '');
}
