// The event-logs feature: streams of a topic into output channels (one per application topic), their
// controls and status bar item, record JSON documents, the utterance audio player, Save Logs and the
// sandbox's traffic simulator. Thin glue over core/logs; the connections come from the registry.
import * as vscode from 'vscode';
import type { ConnectionRegistry } from '../../core/connections/connectionRegistry';
import type { Logger } from '../../core/logger';
import type { CommandErrorHandler, CommandSink } from '../../host/commands';
import { CommandIds } from '../../host/commandIds';
import { Disposable } from '../../host/lifecycle';
import type { Prompter } from '../../host/prompter';
import type { LogViewSettings } from '../../host/settings';
import { AudioPlayer, type PlayerView } from './audioPlayer';
import { PlayUtteranceAudioCommand, SaveUtteranceAudioCommand } from './commands/audioCommands';
import { EventLogActionsCommand, streamControlCommands } from './commands/controlCommands';
import { FilterEventLogsCommand } from './commands/filterCommand';
import { SaveLogsCommand, ShowRecordJsonCommand } from './commands/recordCommands';
import { SimulateTrafficCommand } from './commands/simulateCommand';
import { StreamEventLogsCommand } from './commands/streamCommand';
import type { LogSession } from './logSession';
import { LogSessions } from './logSessions';
import { LogStatusBar } from './logStatusBar';
import type { LogsContext } from './logsContext';
import { LogTargetResolver } from './logTargets';
import { recordDocuments } from './recordDocuments';

export interface LogsFeatureDeps {
  readonly registry: ConnectionRegistry;
  readonly prompter: Prompter;
  readonly commands: CommandSink;
  readonly errors: CommandErrorHandler;
  readonly logger: Logger;
  /** Where the audio player keeps the WAV it plays (the extension's global storage). */
  readonly storageUri: vscode.Uri;
  readonly extensionUri: vscode.Uri;
  /** Mirror channel lines for the extension-host tests (never in production). */
  readonly testing: boolean;
  readonly logSettings: () => LogViewSettings;
}

/** What the extension-host tests read. */
export interface LogsTestingApi {
  /** The stream of a topic in this window, if any. */
  session(topic: string): LogSession | undefined;
  statusBarText(): string;
  /** The audio player's page and file, when it is open. */
  player(): PlayerView | undefined;
}

export class LogsFeature extends Disposable {
  readonly testing: LogsTestingApi;

  constructor(deps: LogsFeatureDeps) {
    super();
    const logger = deps.logger;
    const sessions = this._register(
      new LogSessions(deps.prompter, logger, (session, err) =>
        deps.errors.report(`event logs of ${session.target.topic}`, err),
      ),
    );
    const statusBar = this._register(new LogStatusBar(sessions));
    const records = this._register(recordDocuments());
    const player = this._register(
      new AudioPlayer(
        vscode.Uri.joinPath(deps.storageUri, 'audio-player'),
        vscode.Uri.joinPath(deps.extensionUri, 'media'),
      ),
    );
    const ctx: LogsContext = {
      registry: deps.registry,
      prompter: deps.prompter,
      sessions,
      records,
      player,
      logger,
      targets: new LogTargetResolver(deps.registry, deps.prompter),
      mirrorChannels: deps.testing,
      logSettings: deps.logSettings,
      runCommand: (id, arg) => vscode.commands.executeCommand(id, arg),
    };
    deps.commands.register(
      new StreamEventLogsCommand(ctx),
      new FilterEventLogsCommand(ctx),
      ...streamControlCommands(ctx),
      new EventLogActionsCommand(ctx),
      new ShowRecordJsonCommand(ctx),
      new SaveLogsCommand(ctx),
      new PlayUtteranceAudioCommand(ctx),
      new SaveUtteranceAudioCommand(ctx),
      new SimulateTrafficCommand(ctx),
    );
    logger.debug(`event-log commands registered (${CommandIds.logsStream}, …)`);
    this.testing = {
      session: (topic) => sessions.list().find((s) => s.target.topic === topic),
      statusBarText: () => statusBar.text,
      player: () => player.view,
    };
  }
}
