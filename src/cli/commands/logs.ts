// `cstudio logs tail` and `cstudio logs partitions`: event logs of an application's topic (its runtime app
// ID, e.g. COFFEE-DEV) through the event-log consumer API at the connection's log URL.
import { UsageError, type CliIO } from '../command';
import { parseIntFlag } from '../args';
import { printJson, printRows } from '../output';
import { outputClosed } from '../processOutput';
import { platformCommand, stringFlag, type FlagValues } from '../platformCommand';
import { ConsumerApi, clientNameOf, consumerGroupName, newConsumerName } from '../../core/logs/consumer';
import { compileFilter, describeFilter, isEmptyFilter, parseFilters } from '../../core/logs/filters';
import { formatRecord } from '../../core/logs/formatter';
import { toJsonLine } from '../../core/logs/jsonl';
import type { StartPosition } from '../../core/logs/startPositions';
import { LogStream } from '../../core/logs/stream';

const appFlag = {
  app: { type: 'string' },
  'client-name': { type: 'string' },
  'group-number': { type: 'string' },
} as const;

function requireApp(values: FlagValues): string {
  const app = stringFlag(values, 'app');
  if (!app) throw new UsageError('Missing --app <runtime app ID> (the event-log topic, e.g. COFFEE-DEV).');
  return app;
}

function startOf(values: FlagValues): StartPosition {
  const chosen = ['from-beginning', 'from-offset', 'from-time', 'from-committed'].filter(
    (k) => values[k] !== undefined && values[k] !== false,
  );
  if (chosen.length > 1)
    throw new UsageError(`Choose one start: ${chosen.map((c) => `--${c}`).join(', ')} exclude each other.`);
  if (values['from-beginning'] === true) return { kind: 'beginning' };
  if (values['from-committed'] === true) return { kind: 'committed', otherwise: 'beginning' };
  const offset = parseIntFlag(stringFlag(values, 'from-offset'), 'from-offset');
  if (offset !== undefined) return { kind: 'offsets', offsets: offset };
  const time = stringFlag(values, 'from-time');
  if (time !== undefined) {
    const ms = Date.parse(time);
    if (Number.isNaN(ms))
      throw new UsageError(`--from-time must be an ISO 8601 time such as 2024-05-01T12:00:00Z (got "${time}").`);
    return { kind: 'time', time: ms };
  }
  return { kind: 'latest' };
}

function groupNumberOf(values: FlagValues): number {
  const n = parseIntFlag(stringFlag(values, 'group-number'), 'group-number', 1) ?? 1;
  if (n > 99) throw new UsageError(`--group-number is a two-digit number, 1 to 99 (got ${n}).`);
  return n;
}

function filtersOf(values: FlagValues): ReturnType<typeof parseFilters> {
  const raw = values.filter;
  const specs = Array.isArray(raw)
    ? raw.filter((v): v is string => typeof v === 'string')
    : typeof raw === 'string'
      ? [raw]
      : [];
  try {
    return parseFilters(specs);
  } catch (err) {
    throw new UsageError(`--filter: ${(err as Error).message}`);
  }
}

export const logsTail = platformCommand({
  path: ['logs', 'tail'],
  summary: 'Stream the event logs of an application (runtime app ID) until Ctrl+C, or to the end with --until-end.',
  synopsis:
    '--app ID [--from-beginning | --from-offset N | --from-time ISO | --from-committed] [--until-end]\n' +
    '       [--filter service=asr,nlu | type=callsummary | session=ID | TEXT]... [--json] [--client-name NAME] [--group-number NN]',
  flags: {
    ...appFlag,
    'from-beginning': { type: 'boolean' },
    'from-offset': { type: 'string' },
    'from-time': { type: 'string' },
    'from-committed': { type: 'boolean' },
    'until-end': { type: 'boolean' },
    filter: { type: 'string', multiple: true },
  },
  input: ({ flags }) => ({
    topic: requireApp(flags),
    start: startOf(flags),
    filter: filtersOf(flags),
    groupNumber: groupNumberOf(flags),
  }),
  async run({ session, io, flags, input: { topic, start, filter, groupNumber }, json }) {
    const matches = compileFilter(filter);
    const stream = new LogStream({
      requester: session.client.requester,
      topic,
      start,
      untilEnd: flags['until-end'] === true,
      clientName: flags['client-name'] ?? clientNameOf(session.connection.clientId) ?? 'cstudio',
      groupNumber,
      signal: io.signal,
      onStatus: (s) => {
        if (s.state === 'recovering' && flags.verbose) io.stderr(`logs: recovering (${s.message ?? ''})\n`);
      },
    });
    let seen = 0;
    let shown = 0;
    for await (const record of stream) {
      seen++;
      if (!matches(record)) continue;
      shown++;
      io.stdout(json ? toJsonLine(record) : `${formatRecord(record)}\n`);
      // Backpressure: no next fetch while a slow reader has not taken this record yet.
      if (io.stdoutReady) await io.stdoutReady();
    }
    if (outputClosed(io.signal)) return 0;
    if (!json || flags.verbose) {
      const which = isEmptyFilter(filter) ? '' : ` (${shown} matching ${describeFilter(filter)})`;
      io.stderr(
        `${seen} record${seen === 1 ? '' : 's'}${which} from ${topic}${flags['until-end'] ? ', to the end' : ''}.\n`,
      );
    }
    return 0;
  },
});

export const logsPartitions = platformCommand({
  path: ['logs', 'partitions'],
  summary: "Show the partitions of an application's event-log topic with their first and next offsets.",
  synopsis: '--app ID [--client-name NAME] [--group-number NN]',
  flags: appFlag,
  input: ({ flags }) => ({ topic: requireApp(flags), groupNumber: groupNumberOf(flags) }),
  async run({ session, io, flags, input: { topic, groupNumber }, json }) {
    const clientName = flags['client-name'] ?? clientNameOf(session.connection.clientId) ?? 'cstudio';
    // Partition queries need the consumer headers but no consumer instance.
    const api = new ConsumerApi(session.client.requester, {
      topic,
      group: consumerGroupName(topic, clientName, groupNumber),
      name: newConsumerName(),
    });
    const rows = [];
    for (const partition of await api.partitions(io.signal)) {
      const range = await api.partitionRange(partition, io.signal);
      rows.push({ partition, beginning_offset: range.beginning, end_offset: range.end });
    }
    if (json) printJson(io, { topic, partitions: rows });
    else printPartitions(io, topic, rows);
    return 0;
  },
});

function printPartitions(
  io: CliIO,
  topic: string,
  rows: Array<{ partition: number; beginning_offset: number; end_offset: number }>,
): void {
  io.stdout(`Topic ${topic}\n`);
  printRows(
    io,
    rows,
    [
      { header: 'PARTITION', value: (r) => r.partition },
      { header: 'BEGINNING', value: (r) => r.beginning_offset },
      { header: 'END', value: (r) => r.end_offset },
      { header: 'RECORDS', value: (r) => r.end_offset - r.beginning_offset },
    ],
    false,
    'No partitions.',
  );
}
