// The `cstudio.logs.*` settings, read when a stream starts (they apply to the next stream). Out-of-range
// values fall back to the defaults, so a typo in settings.json cannot make memory unbounded.
import * as vscode from 'vscode';

export interface LogViewSettings {
  /** Records kept in memory per stream (Show Record JSON, Save Logs, audio, re-filtering). */
  readonly keptRecords: number;
  /** Lines an event-log channel holds before its oldest lines are trimmed. */
  readonly maxChannelLines: number;
}

export const DEFAULT_LOG_VIEW_SETTINGS: LogViewSettings = { keptRecords: 2000, maxChannelLines: 20_000 };

function integerIn(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

/** Reads and validates `cstudio.logs`; the channel always holds at least the kept records. */
export function readLogViewSettings(config: Pick<vscode.WorkspaceConfiguration, 'get'> = vscode.workspace.getConfiguration('cstudio.logs')): LogViewSettings {
  const d = DEFAULT_LOG_VIEW_SETTINGS;
  const keptRecords = integerIn(config.get<unknown>('keptRecords'), 100, 100_000, d.keptRecords);
  const maxChannelLines = integerIn(config.get<unknown>('maxChannelLines'), 1000, 1_000_000, d.maxChannelLines);
  return { keptRecords, maxChannelLines: Math.max(maxChannelLines, keptRecords * 2) };
}
