// "Filter Event Logs…": by service, event type, session id or text (core/logs/filters.ts), applied live:
// the channel is rewritten with the kept records that pass, and new records are filtered as they arrive.
// The choices offered come from the kept records (services, event types and sessions actually seen).
import { describeFilter, parseFilters, type LogFilter } from '../../../core/logs/filters';
import { eventTypeOf, serviceOf, sessionOf, type LogRecord } from '../../../core/logs/records';
import { CommandIds } from '../../../host/commandIds';
import { argObject, type Command } from '../../../host/commands';
import { answered, type PickItem } from '../../../host/prompter';
import type { LogSession } from '../logSession';
import type { LogsContext } from '../logsContext';

type Kind = 'services' | 'types' | 'sessions' | 'texts' | 'expression' | 'clear';

const TITLE = 'Filter Event Logs';

/** Splits `service=asr "two words" type=x` into filter specs (quotes group words). */
export function splitFilterExpression(text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(/(\w+=)?"([^"]*)"|(\S+)/g)) specs.push(m[3] ?? `${m[1] ?? ''}${m[2] ?? ''}`);
  return specs.filter((s) => s !== '');
}

/** The values seen in the kept records, most frequent first. */
function seen(session: LogSession, read: (record: LogRecord) => string | undefined): string[] {
  const counts = new Map<string, number>();
  for (const record of session.kept) {
    const v = read(record);
    if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([v]) => v);
}

export class FilterEventLogsCommand implements Command {
  readonly id = CommandIds.logsFilter;
  constructor(private readonly ctx: LogsContext) {}

  /** Returns the filter now applied, as text. */
  async execute(arg?: unknown): Promise<string> {
    const session = await this.ctx.sessions.resolve(arg, TITLE);
    const given = argObject(arg).filter;
    const filter = Array.isArray(given)
      ? parseFilters(given.filter((f): f is string => typeof f === 'string'))
      : await this.ask(session);
    session.setFilter(filter);
    this.ctx.sessions.show(session);
    return describeFilter(filter);
  }

  private async ask(session: LogSession): Promise<LogFilter> {
    const { prompter } = this.ctx;
    const f = session.filter;
    const now = describeFilter(f);
    const kinds: Array<PickItem<Kind>> = [
      { label: '$(server-process) Service…', description: f.services?.join(', '), value: 'services' },
      { label: '$(symbol-event) Event type…', description: f.types?.join(', '), value: 'types' },
      { label: '$(account) Session…', description: f.sessions?.join(', '), value: 'sessions' },
      { label: '$(search) Text…', description: f.texts?.join(', '), value: 'texts' },
      {
        label: '$(edit) Edit as text…',
        description: now,
        detail: 'service=asr,nlu type=callsummary session=72dfe494 "some text"',
        value: 'expression',
      },
      { label: '$(clear-all) Show everything', value: 'clear' },
    ];
    const kind = await answered(
      prompter.pick(kinds, { title: `${TITLE} (now: ${now})`, placeholder: 'Filter by' }),
      TITLE,
    );
    switch (kind) {
      case 'clear':
        return {};
      case 'services':
      case 'types': {
        const read = kind === 'services' ? serviceOf : eventTypeOf;
        const known = kind === 'services' ? ['ASRaaS', 'NLUaaS', 'DLGaaS', 'TTSaaS'] : [];
        const values = [...new Set([...seen(session, read), ...known, ...(f[kind] ?? [])])];
        const chosen = await answered(
          prompter.pickMany(
            values.map((v) => ({ label: v, value: v, picked: (f[kind] ?? []).includes(v) })),
            {
              title: `${TITLE}: ${kind === 'services' ? 'services' : 'event types'} to show (none: all)`,
            },
          ),
          TITLE,
        );
        return { ...f, [kind]: chosen };
      }
      case 'sessions': {
        const values = seen(session, sessionOf).slice(0, 200);
        const items: Array<PickItem<string>> = [
          { label: '$(edit) Type a session id (or its first characters)…', value: '' },
          ...values.map((v) => ({ label: v.slice(0, 8), description: v, value: v })),
        ];
        let chosen = await answered(
          prompter.pick(items, { title: `${TITLE}: session`, placeholder: 'Session' }),
          TITLE,
        );
        if (chosen === '')
          chosen = (
            await answered(
              prompter.input({ title: `${TITLE}: session`, prompt: 'Session id or its first characters' }),
              TITLE,
            )
          ).trim();
        return { ...f, sessions: chosen ? [chosen] : [] };
      }
      case 'texts': {
        const text = await answered(
          prompter.input({
            title: `${TITLE}: text`,
            prompt: 'Records whose line or JSON contains this text (any case); empty to clear',
            value: f.texts?.join(' '),
          }),
          TITLE,
        );
        return { ...f, texts: text.trim() ? [text.trim()] : [] };
      }
      case 'expression': {
        const text = await answered(
          prompter.input({
            title: `${TITLE}: expression`,
            prompt: 'service=… type=… session=… text=… or "bare text"; empty shows everything',
            value: now === 'everything' ? '' : now,
            validate: (v) => {
              try {
                parseFilters(splitFilterExpression(v));
                return undefined;
              } catch (err) {
                return (err as Error).message;
              }
            },
          }),
          TITLE,
        );
        return parseFilters(splitFilterExpression(text));
      }
    }
  }
}
