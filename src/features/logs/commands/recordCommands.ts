// "Show Record JSON…" (any kept record, as a read-only JSON document) and "Save Logs…" (JSON Lines): either
// the records this stream keeps in memory, or the whole topic streamed from the beginning until the end
// straight into the file. The stream's filter, when one is set, applies to both, and the pick says so.
import { compileFilter, describeFilter, isEmptyFilter } from '../../../core/logs/filters';
import { writeJsonl } from '../../../core/logs/jsonl';
import { eventTypeOf, serviceOf, sessionOf, type LogRecord } from '../../../core/logs/records';
import { summaryOf } from '../../../core/logs/formatter';
import { LogStream } from '../../../core/logs/stream';
import { clientNameOf } from '../../../core/logs/consumer';
import { CommandIds } from '../../../host/commandIds';
import { argObject, type Command } from '../../../host/commands';
import { answered, type PickItem } from '../../../host/prompter';
import type { LogSession } from '../logSession';
import { showRecord } from '../recordDocuments';
import type { LogsContext } from '../logsContext';

const MAX_PICK_ITEMS = 1000;

/** Kept records, newest first (at most `limit`). */
export function newestFirst(
  session: LogSession,
  accept: (r: LogRecord) => boolean = () => true,
  limit = MAX_PICK_ITEMS,
): LogRecord[] {
  const out: LogRecord[] = [];
  for (let i = session.kept.size - 1; i >= 0 && out.length < limit; i--) {
    const record = session.kept.at(i);
    if (record && accept(record)) out.push(record);
  }
  return out;
}

export function recordItem(record: LogRecord): PickItem<LogRecord> {
  const time = typeof record.value?.timestamp === 'string' ? record.value.timestamp : '';
  return {
    label: `${serviceOf(record).replace(/aaS$/, '')} ${eventTypeOf(record)}`,
    description: `${time} · session ${sessionOf(record)?.slice(0, 8) ?? '-'} · p${record.partition}@${record.offset}`,
    detail: summaryOf(record),
    value: record,
  };
}

export class ShowRecordJsonCommand implements Command {
  readonly id = CommandIds.logsShowRecord;
  constructor(private readonly ctx: LogsContext) {}

  /** Returns the URI of the opened document. */
  async execute(arg?: unknown): Promise<string> {
    const title = 'Show Record JSON';
    const session = await this.ctx.sessions.resolve(arg, title);
    const { partition, offset } = argObject(arg);
    let record: LogRecord | undefined;
    if (typeof partition === 'number' && typeof offset === 'number') {
      record = newestFirst(session, (r) => r.partition === partition && r.offset === offset, 1)[0];
      if (!record)
        throw new Error(
          `Partition ${partition} offset ${offset} of ${session.target.topic} is not among the kept records; save the topic to find it.`,
        );
    } else {
      const candidates = newestFirst(session, compileFilter(session.filter));
      if (candidates.length === 0)
        throw new Error(
          `No kept record of ${session.target.topic} passes the filter (${describeFilter(session.filter)}) yet.`,
        );
      record = await answered(
        this.ctx.prompter.pick(candidates.map(recordItem), {
          title: `${title}: ${session.target.topic} (newest first, ${candidates.length} of ${session.kept.size} kept)`,
          placeholder: 'Record',
        }),
        title,
      );
    }
    return (await showRecord(this.ctx.records, record)).toString();
  }
}

type SaveScope = 'kept' | 'topic';

export interface SaveResult {
  readonly file: string;
  readonly count: number;
  readonly scope: SaveScope;
}

export class SaveLogsCommand implements Command {
  readonly id = CommandIds.logsSave;
  constructor(private readonly ctx: LogsContext) {}

  async execute(arg?: unknown): Promise<SaveResult> {
    const title = 'Save Event Logs';
    const { ctx } = this;
    const session = await ctx.sessions.resolve(arg, title);
    const options = argObject(arg);
    const topic = session.target.topic;
    const filtered = !isEmptyFilter(session.filter);
    const which = filtered ? ` that pass the filter (${describeFilter(session.filter)})` : '';
    const scope: SaveScope =
      options.scope === 'kept' || options.scope === 'topic'
        ? options.scope
        : await answered(
            ctx.prompter.pick<SaveScope>(
              [
                {
                  label: '$(history) Kept records',
                  description: `${session.kept.size.toLocaleString('en-US')} in memory`,
                  detail: `The newest records this stream received${which}.`,
                  value: 'kept',
                },
                {
                  label: '$(database) Whole topic',
                  description: 'from the beginning until the end',
                  detail: `Every record still on ${topic}${which}, streamed into the file.`,
                  value: 'topic',
                },
              ],
              { title: `${title}: ${topic}`, placeholder: 'What to save' },
            ),
            title,
          );
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file =
      typeof options.file === 'string'
        ? options.file
        : await answered(
            ctx.prompter.saveFile({
              title: `${title}: ${topic}`,
              defaultName: `${topic}-${scope === 'kept' ? 'kept' : 'all'}-${stamp}.jsonl`,
              filters: { 'JSON Lines': ['jsonl'] },
            }),
            title,
          );
    const matches = compileFilter(session.filter);
    const count =
      scope === 'kept'
        ? await writeJsonl(file, [...session.kept].filter(matches))
        : await this.saveTopic(session, file, matches);
    ctx.logger.info(`saved ${count} records of ${topic} (${scope}) to ${file}`);
    void ctx.prompter.info(
      `Saved ${count.toLocaleString('en-US')} record${count === 1 ? '' : 's'} of ${topic} to ${file}.`,
    );
    return { file, count, scope };
  }

  /** A separate consumer reads the topic from the beginning to the end; its positions are not committed. */
  private async saveTopic(session: LogSession, file: string, matches: (r: LogRecord) => boolean): Promise<number> {
    const { client } = await this.ctx.registry.session(session.target.connectionId);
    return this.ctx.prompter.withProgress(
      { title: `Saving ${session.target.topic} from the beginning until the end` },
      async (progress, signal) => {
        const stream = new LogStream({
          requester: client.requester,
          topic: session.target.topic,
          start: { kind: 'beginning' },
          untilEnd: true,
          commit: false,
          clientName: clientNameOf(client.connection.clientId) ?? 'cstudio',
          signal,
          logger: this.ctx.logger,
        });
        let read = 0;
        async function* passing(): AsyncGenerator<LogRecord> {
          for await (const record of stream) {
            if (++read % 1000 === 0) progress.report({ message: `${read.toLocaleString('en-US')} records read` });
            if (matches(record)) yield record;
          }
        }
        try {
          return await writeJsonl(file, passing(), signal);
        } finally {
          await stream.stop();
        }
      },
    );
  }
}
