// Pause, resume and stop a stream, and the actions pick the status bar item opens. Each acts on the stream
// its argument names (`{ topic }`), else the only candidate, else the user's pick.
import { CommandIds } from '../../../host/commandIds';
import type { Command } from '../../../host/commands';
import { answered } from '../../../host/prompter';
import type { LogSession } from '../logSession';
import type { LogsContext } from '../logsContext';

const running = (s: LogSession): boolean =>
  s.state === 'starting' || s.state === 'streaming' || s.state === 'recovering';

/** Pause, Resume and Stop: the stream the argument names among those the action applies to, then its new state. */
abstract class StreamControlCommand implements Command {
  abstract readonly id: typeof CommandIds.logsPause | typeof CommandIds.logsResume | typeof CommandIds.logsStop;
  protected abstract readonly title: string;
  constructor(private readonly ctx: LogsContext) {}

  protected abstract appliesTo(session: LogSession): boolean;
  protected abstract act(session: LogSession): void | Promise<void>;

  async execute(arg?: unknown): Promise<string> {
    const session = await this.ctx.sessions.resolve(arg, this.title, (s) => this.appliesTo(s));
    const acting = this.act(session);
    if (acting instanceof Promise) await acting; // Pause and Resume report the state they set, not a tick later
    return session.state;
  }
}

export class PauseEventLogsCommand extends StreamControlCommand {
  readonly id = CommandIds.logsPause;
  protected readonly title = 'Pause Event Logs';
  protected appliesTo(s: LogSession): boolean {
    return running(s);
  }
  protected act(s: LogSession): void {
    s.pause();
  }
}

export class ResumeEventLogsCommand extends StreamControlCommand {
  readonly id = CommandIds.logsResume;
  protected readonly title = 'Resume Event Logs';
  protected appliesTo(s: LogSession): boolean {
    return s.state === 'paused';
  }
  protected act(s: LogSession): void {
    s.resume();
  }
}

/** Stop resolves once the stream's consumer is deleted. */
export class StopEventLogsCommand extends StreamControlCommand {
  readonly id = CommandIds.logsStop;
  protected readonly title = 'Stop Event Logs';
  protected appliesTo(s: LogSession): boolean {
    return s.isActive;
  }
  protected act(s: LogSession): Promise<void> {
    return s.stop();
  }
}

interface Action {
  readonly label: string;
  readonly detail?: string;
  readonly command: string;
}

function actionsFor(session: LogSession): Action[] {
  const actions: Action[] = [];
  if (session.state === 'paused') actions.push({ label: '$(debug-continue) Resume', command: CommandIds.logsResume });
  else if (session.isActive)
    actions.push({
      label: '$(debug-pause) Pause',
      detail: 'Stop pulling records; the consumer stays alive.',
      command: CommandIds.logsPause,
    });
  if (session.isActive)
    actions.push({
      label: '$(debug-stop) Stop',
      detail: 'End the stream and delete its consumer.',
      command: CommandIds.logsStop,
    });
  else actions.push({ label: '$(refresh) Stream again…', command: CommandIds.logsStream });
  actions.push(
    {
      label: '$(filter) Filter…',
      detail: 'By service, event type, session or text; applied live.',
      command: CommandIds.logsFilter,
    },
    {
      label: '$(json) Show Record JSON…',
      detail: `Any of the ${session.kept.size.toLocaleString('en-US')} kept records.`,
      command: CommandIds.logsShowRecord,
    },
    {
      label: '$(save) Save Logs…',
      detail: 'The kept records, or the whole topic, as JSON Lines.',
      command: CommandIds.logsSave,
    },
    { label: '$(play) Play Utterance Audio…', command: CommandIds.logsPlayAudio },
    { label: '$(file-media) Save Utterance Audio…', command: CommandIds.logsSaveAudio },
  );
  return actions;
}

/** The status bar item's click: what can be done with the current stream. */
export class EventLogActionsCommand implements Command {
  readonly id = CommandIds.logsActions;
  constructor(private readonly ctx: LogsContext) {}

  async execute(arg?: unknown): Promise<void> {
    const { sessions, prompter } = this.ctx;
    const session =
      arg === undefined && sessions.current ? sessions.current : await sessions.resolve(arg, 'Event Log Actions');
    sessions.show(session);
    const title = `Event logs of ${session.target.topic}: ${session.state} · ${session.describeCounts()}`;
    const action = await answered(
      prompter.pick(
        actionsFor(session).map((a) => ({ label: a.label, detail: a.detail, value: a })),
        { title },
      ),
      'Event Log Actions',
    );
    const { topic, connectionId, applicationName } = session.target;
    await this.ctx.runCommand(action.command, { topic, connectionId, applicationName });
  }
}
