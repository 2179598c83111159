// "Simulate Traffic…": makes a local sandbox play N simulated conversations on an application's deployed
// configurations (core/logs/simulation.ts), which write event logs and utterance audio to its topic.
// Follows the simulation under a cancellable progress notification (cancelling cancels the simulation),
// then offers to stream the topic. `{ wait: false }` returns as soon as it started; `{ seed }` replays the same
// callers (tests that need a given mix of utterances).
import { startSimulation, waitForSimulation, type Simulation } from '../../../core/logs/simulation';
import { CommandIds } from '../../../host/commandIds';
import { argObject, type Command } from '../../../host/commands';
import { answered } from '../../../host/prompter';
import { sessionKey } from '../logSessions';
import type { LogsContext } from '../logsContext';

const TITLE = 'Simulate Traffic';
const MAX_SESSIONS = 100_000;
const STREAM_ACTION = 'Stream Event Logs';

function sessionsProblem(text: string): string | undefined {
  const n = Number(text.trim());
  return Number.isInteger(n) && n >= 1 && n <= MAX_SESSIONS
    ? undefined
    : `A whole number of sessions from 1 to ${MAX_SESSIONS.toLocaleString('en-US')}.`;
}

export class SimulateTrafficCommand implements Command {
  readonly id = CommandIds.logsSimulate;
  constructor(private readonly ctx: LogsContext) {}

  async execute(arg?: unknown): Promise<Simulation> {
    const { ctx } = this;
    const { target, client } = await ctx.targets.resolve(arg, TITLE);
    const options = argObject(arg);
    const sessions =
      typeof options.sessions === 'number' && sessionsProblem(String(options.sessions)) === undefined
        ? options.sessions
        : Number(
            await answered(
              ctx.prompter.input({
                title: `${TITLE}: ${target.topic}`,
                prompt: 'How many conversations (sessions) to simulate',
                value: '20',
                validate: sessionsProblem,
              }),
              TITLE,
            ),
          );
    const requester = client.requester;
    const seed = typeof options.seed === 'number' && Number.isInteger(options.seed) ? options.seed : undefined;
    const started = await startSimulation(requester, {
      appId: target.topic,
      sessions,
      ...(seed !== undefined ? { seed } : {}),
    });
    ctx.logger.info(
      `simulation ${started.id}: ${sessions} sessions on ${target.topic} (configurations ${started.configs.map((c) => c.tag).join(', ')})`,
    );
    if (options.wait === false) return started;
    const done = await ctx.prompter.withProgress(
      { title: `Simulating ${sessions} sessions on ${target.topic}` },
      (progress, signal) => waitForSimulation(requester, started, { signal, progress }),
    );
    if (done.status === 'FAILED')
      throw new Error(`The simulation on ${target.topic} failed: ${done.error ?? 'no reason given'}.`);
    const streaming = ctx.sessions.get(sessionKey(target))?.isActive === true;
    const message = `Simulated ${done.completedSessions}/${done.sessions} sessions on ${target.topic}: ${done.records.toLocaleString('en-US')} records.`;
    // Not awaited: the command returns while the notification stays.
    void ctx.prompter.info(message, ...(streaming ? [] : [STREAM_ACTION])).then((choice) => {
      if (choice === STREAM_ACTION)
        void ctx.runCommand(CommandIds.logsStream, {
          connectionId: target.connectionId,
          topic: target.topic,
          applicationName: target.applicationName,
        });
    });
    return done;
  }
}
