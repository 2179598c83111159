// What the event-log commands share, built once by the feature.
import type { ConnectionRegistry } from '../../core/connections/connectionRegistry';
import type { Logger } from '../../core/logger';
import type { Prompter } from '../../host/prompter';
import type { LogViewSettings } from '../../host/settings';
import type { AudioPlayer } from './audioPlayer';
import type { LogSessions } from './logSessions';
import type { LogTargetResolver } from './logTargets';
import type { ReadOnlyDocuments } from '../../host/readOnlyDocuments';

export interface LogsContext {
  readonly registry: ConnectionRegistry;
  readonly prompter: Prompter;
  readonly sessions: LogSessions;
  readonly targets: LogTargetResolver;
  readonly records: ReadOnlyDocuments;
  readonly player: AudioPlayer;
  readonly logger: Logger;
  /** Mirror channel lines for the extension-host tests (never in production). */
  readonly mirrorChannels: boolean;
  /** The `cstudio.logs.*` settings as they are now (a stream reads them when it starts). */
  logSettings(): LogViewSettings;
  /** Runs another command through VS Code (so it goes through the registry's error wrapper). */
  runCommand(id: string, arg?: unknown): Thenable<unknown>;
}
