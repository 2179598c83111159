// Typed facade over the `cstudio.*` settings. Values are read once and re-read only when a change touches
// the `cstudio` section; out-of-range values fall back to the default instead of reaching the services.
import * as vscode from 'vscode';
import { Disposable } from './lifecycle';
import type { LogLevelName } from './logger';
import { parseIndentSetting, type IndentSetting } from '../core/indentChoice';
import { DEFAULT_COVERAGE_DAYS } from '../core/health/coverage';
import { DEFAULT_HEALTH_OPTIONS, type HealthOptions } from '../core/health/findings';

export const SETTINGS_SECTION = 'cstudio';

export interface SandboxSettings {
  /** Start the local sandbox right after activation (in the background). */
  readonly autoStart: boolean;
  /** Loopback port of the local sandbox; 0 picks a free one. */
  readonly port: number;
  /** How long the sandbox's simulated jobs (builds, imports) take, in milliseconds. */
  readonly jobDurationMs: number;
}

export interface LanguageSettings {
  /** Typing `>` of an open tag in TRSX/GrXML inserts its close tag. */
  readonly autoCloseTags: boolean;
  /** Quiet time after an edit before diagnostics are recomputed, in milliseconds. */
  readonly diagnosticsDelayMs: number;
}

export interface FormatSettings {
  /** TRSX indentation: the file's own (`auto`), the editor's options (`editor`), `tab` or N spaces. */
  readonly indent: IndentSetting;
}

export interface ExplorerSettings {
  /** Items the explorer fetches per "Load more…" page. */
  readonly pageSize: number;
}

/** `cstudio.logs.*`, read when a stream starts (they apply to the next stream). */
export interface LogViewSettings {
  /** Records kept in memory per stream (Show Record JSON, Save Logs, audio, re-filtering). */
  readonly keptRecords: number;
  /** Lines an event-log channel holds before its oldest lines are trimmed; at least twice the kept records. */
  readonly maxChannelLines: number;
}

/**
 * `cstudio.health.*`: the Model Health view's thresholds (the CLI's --min-samples, --max-imbalance, --similarity).
 * Every report threshold (HealthOptions) is one, so a new threshold does not compile until readSettings reads it.
 */
export interface HealthSettings extends Readonly<HealthOptions> {
  /** Days of live traffic the coverage counts, when the Utterances view reviews the project's application. */
  readonly coverageDays: number;
}

/** `cstudio.nluTests.*`: which files the Test Explorer lists as NLU test sets. */
export interface NluTestSettings {
  readonly include: string;
}

export interface StudioSettings {
  readonly sandbox: SandboxSettings;
  readonly explorer: ExplorerSettings;
  readonly log: { readonly level: LogLevelName };
  readonly language: LanguageSettings;
  readonly logs: LogViewSettings;
  readonly format: FormatSettings;
  readonly health: HealthSettings;
  readonly nluTests: NluTestSettings;
}

export interface SettingsChange {
  readonly previous: StudioSettings;
  readonly current: StudioSettings;
  /** True when the change touched `cstudio.<key>`, e.g. `sandbox.port`. */
  affects(key: string): boolean;
}

export const DEFAULT_SETTINGS: StudioSettings = {
  sandbox: { autoStart: true, port: 0, jobDurationMs: 1500 },
  explorer: { pageSize: 50 },
  log: { level: 'info' },
  language: { autoCloseTags: true, diagnosticsDelayMs: 250 },
  logs: { keptRecords: 2000, maxChannelLines: 20_000 },
  format: { indent: 'auto' },
  health: { ...DEFAULT_HEALTH_OPTIONS, coverageDays: DEFAULT_COVERAGE_DAYS },
  nluTests: { include: '**/nlu-tests/**/*.{csv,tsv,trsx}' },
};

const LOG_LEVELS: readonly LogLevelName[] = ['trace', 'debug', 'info', 'warn', 'error'];

function integerIn(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

function numberIn(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Reads and validates the section; exported for tests that feed their own configuration. */
export function readSettings(config: Pick<vscode.WorkspaceConfiguration, 'get'>): StudioSettings {
  const d = DEFAULT_SETTINGS;
  const level = config.get<unknown>('log.level');
  const autoStart = config.get<unknown>('sandbox.autoStart');
  const autoCloseTags = config.get<unknown>('language.autoCloseTags');
  // Out-of-range values fall back to the defaults, so a typo in settings.json cannot make memory unbounded.
  const keptRecords = integerIn(config.get<unknown>('logs.keptRecords'), 100, 100_000, d.logs.keptRecords);
  const maxChannelLines = integerIn(
    config.get<unknown>('logs.maxChannelLines'),
    1000,
    1_000_000,
    d.logs.maxChannelLines,
  );
  return {
    sandbox: {
      autoStart: typeof autoStart === 'boolean' ? autoStart : d.sandbox.autoStart,
      port: integerIn(config.get<unknown>('sandbox.port'), 0, 65535, d.sandbox.port),
      jobDurationMs: integerIn(config.get<unknown>('sandbox.jobDurationMs'), 0, 3_600_000, d.sandbox.jobDurationMs),
    },
    explorer: { pageSize: integerIn(config.get<unknown>('explorer.pageSize'), 1, 1000, d.explorer.pageSize) },
    log: { level: LOG_LEVELS.find((l) => l === level) ?? d.log.level },
    language: {
      autoCloseTags: typeof autoCloseTags === 'boolean' ? autoCloseTags : d.language.autoCloseTags,
      diagnosticsDelayMs: integerIn(
        config.get<unknown>('language.diagnosticsDelayMs'),
        0,
        10_000,
        d.language.diagnosticsDelayMs,
      ),
    },
    logs: { keptRecords, maxChannelLines: Math.max(maxChannelLines, keptRecords * 2) },
    format: { indent: parseIndentSetting(config.get<unknown>('format.indent'), true) ?? d.format.indent },
    health: {
      minSamples: integerIn(config.get<unknown>('health.minSamples'), 0, 1_000_000, d.health.minSamples),
      maxImbalance: numberIn(config.get<unknown>('health.maxImbalance'), 1, 1_000_000, d.health.maxImbalance),
      similarity: numberIn(config.get<unknown>('health.similarity'), 0.01, 1, d.health.similarity),
      coverageDays: integerIn(config.get<unknown>('health.coverageDays'), 1, 3650, d.health.coverageDays),
    },
    nluTests: { include: nonEmpty(config.get<unknown>('nluTests.include')) ?? d.nluTests.include },
  };
}

export class Settings extends Disposable {
  private current: StudioSettings;
  private readonly changed = this._register(new vscode.EventEmitter<SettingsChange>());
  /** Fires only for changes inside the `cstudio` section. */
  readonly onDidChange: vscode.Event<SettingsChange> = this.changed.event;

  constructor() {
    super();
    this.current = readSettings(vscode.workspace.getConfiguration(SETTINGS_SECTION));
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(SETTINGS_SECTION)) return;
        const previous = this.current;
        this.current = readSettings(vscode.workspace.getConfiguration(SETTINGS_SECTION));
        this.changed.fire({
          previous,
          current: this.current,
          affects: (key) => e.affectsConfiguration(`${SETTINGS_SECTION}.${key}`),
        });
      }),
    );
  }

  get value(): StudioSettings {
    return this.current;
  }
}
