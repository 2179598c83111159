// Pause, resume and stop a stream, and the actions pick the status bar item opens. Each acts on the stream
// its argument names (`{ topic }`), else the only candidate, else the user's pick.
import { CommandIds } from '../../../host/commandIds';
import type { Command } from '../../../host/commands';
import { answered } from '../../../host/prompter';
import type { LogSession } from '../logSession';
import type { LogsContext } from '../logsContext';

const running = (s: LogSession): boolean =>
  s.state === 'starting' || s.state === 'streaming' || s.state === 'recovering';

/** Pause, Resume and Stop: the streams each applies to, among which the argument picks one, and the change. */
interface StreamControl {
  readonly id: typeof CommandIds.logsPause | typeof CommandIds.logsResume | typeof CommandIds.logsStop;
  readonly title: string;
  readonly appliesTo: (session: LogSession) => boolean;
  readonly act: (session: LogSession) => void | Promise<void>;
}

const STREAM_CONTROLS: readonly StreamControl[] = [
  { id: CommandIds.logsPause, title: 'Pause Event Logs', appliesTo: running, act: (s) => s.pause() },
  {
    id: CommandIds.logsResume,
    title: 'Resume Event Logs',
    appliesTo: (s) => s.state === 'paused',
    act: (s) => s.resume(),
  },
  // Stop resolves once the stream's consumer is deleted.
  { id: CommandIds.logsStop, title: 'Stop Event Logs', appliesTo: (s) => s.isActive, act: (s) => s.stop() },
];

/** The Pause, Resume and Stop commands; each answers the stream's new state. */
export function streamControlCommands(ctx: LogsContext): Command[] {
  return STREAM_CONTROLS.map(({ id, title, appliesTo, act }) => ({
    id,
    execute: async (arg?: unknown): Promise<string> => {
      const session = await ctx.sessions.resolve(arg, title, appliesTo);
      const acting = act(session);
      if (acting instanceof Promise) await acting; // Pause and Resume report the state they set, not a tick later
      return session.state;
    },
  }));
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
