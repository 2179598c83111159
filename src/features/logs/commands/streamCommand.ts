// "Stream Event Logs…": on an application, configuration or deployment node, or from the palette. Asks for
// the mode (follow, from the beginning, from the beginning until the end), then streams into the topic's
// channel. Streaming a topic again replaces its stream and keeps its filter.
import { clientNameOf } from '../../../core/logs/consumer';
import { parseFilters, type LogFilter } from '../../../core/logs/filters';
import { CommandIds } from '../../../host/commandIds';
import { argObject, type Command } from '../../../host/commands';
import { answered } from '../../../host/prompter';
import { sessionKey } from '../logSessions';
import type { LogsContext } from '../logsContext';
import { isStreamMode, STREAM_MODES, type StreamMode } from '../streamModes';

export interface StreamResult {
  readonly topic: string;
  readonly consumerGroup: string;
  readonly consumerName?: string;
}

const TITLE = 'Stream Event Logs';

export class StreamEventLogsCommand implements Command {
  readonly id = CommandIds.logsStream;
  constructor(private readonly ctx: LogsContext) {}

  async execute(arg?: unknown): Promise<StreamResult> {
    const { ctx } = this;
    const { target, client } = await ctx.targets.resolve(arg, TITLE);
    const options = argObject(arg);
    const mode: StreamMode = isStreamMode(options.mode)
      ? options.mode
      : await answered(
          ctx.prompter.pick(
            STREAM_MODES.map((m) => ({ label: m.label, detail: m.detail, value: m.mode })),
            { title: `${TITLE}: ${target.topic}`, placeholder: 'Where to start' },
          ),
          TITLE,
        );
    const previous = ctx.sessions.get(sessionKey(target));
    const filter: LogFilter = Array.isArray(options.filter)
      ? parseFilters(options.filter.filter((f): f is string => typeof f === 'string'))
      : (previous?.filter ?? {});
    const session = await ctx.sessions.start({
      target,
      mode,
      filter,
      requester: client.requester,
      clientName: clientNameOf(client.connection.clientId) ?? 'cstudio',
      settings: ctx.logSettings(),
      mirror: ctx.mirrorChannels,
      logger: ctx.logger,
    });
    await session.started;
    ctx.logger.info(
      `streaming ${target.topic} on ${target.connectionName} (${mode}) as ${session.consumerName ?? '?'} in ${session.consumerGroup}`,
    );
    return { topic: target.topic, consumerGroup: session.consumerGroup, consumerName: session.consumerName };
  }
}
