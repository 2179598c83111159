// Helpers of the event-log suites: the seeded deployed application's topic on the built-in connection,
// the simulator and streams driven through the real commands, and what the channel shows.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Simulation } from '../../src/core/logs/simulation';
import { CommandIds } from '../../src/host/commandIds';
import type { StreamResult } from '../../src/features/logs/commands/streamCommand';
import type { LogSession } from '../../src/features/logs/logSession';
import { LOCAL_SANDBOX_CONNECTION_ID } from '../../src/features/sandbox/localSandbox';
import { extensionApi, waitFor } from './helpers';

/** The seeded application 501 "Coffee Shop Assistant" runs as COFFEE-DEV, where configuration 801 is deployed. */
export const TOPIC = 'COFFEE-DEV';
export const CONNECTION = LOCAL_SANDBOX_CONNECTION_ID;
export const APP_NAME = 'Coffee Shop Assistant';

/** A formatted record line starts with the event's ISO time (header and notice lines start with ──). */
export const RECORD_LINE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z {2}\S+ +\S+ +\S+ +\S/;

export function recordLines(session: LogSession): string[] {
  return session.lines().filter((l) => RECORD_LINE.test(l));
}

export async function session(): Promise<LogSession> {
  const { testing } = await extensionApi();
  return waitFor(`a stream of ${TOPIC}`, () => testing.logs.session(TOPIC));
}

/** Runs the simulator through "Simulate Traffic…" and waits for it to complete. */
/** Simulates `sessions` conversations; with `seed`, the same callers every run (the sandbox's seed otherwise is random). */
export async function simulate(sessions: number, seed?: number): Promise<Simulation> {
  const sim = await vscode.commands.executeCommand<Simulation | undefined>(CommandIds.logsSimulate, {
    connectionId: CONNECTION,
    topic: TOPIC,
    sessions,
    ...(seed !== undefined ? { seed } : {}),
  });
  assert.ok(sim, 'Simulate Traffic returned its simulation (see the extension log when it failed)');
  assert.equal(sim.status, 'COMPLETED');
  assert.ok(sim.records > 0, 'the simulation wrote records');
  return sim;
}

export async function stream(
  mode: 'follow' | 'beginning' | 'beginningUntilEnd',
  extra: Record<string, unknown> = {},
): Promise<StreamResult> {
  const result = await vscode.commands.executeCommand<StreamResult | undefined>(CommandIds.logsStream, {
    connectionId: CONNECTION,
    topic: TOPIC,
    applicationName: APP_NAME,
    mode,
    ...extra,
  });
  assert.ok(result, 'Stream Event Logs returned the stream (see the extension log when it failed)');
  return result;
}

/** Stops the topic's stream when one runs (suite teardown). */
export async function stopIfRunning(): Promise<void> {
  const { testing } = await extensionApi();
  const s = testing.logs.session(TOPIC);
  if (s?.isActive) await vscode.commands.executeCommand(CommandIds.logsStop, { topic: TOPIC });
}

let gc: (() => void) | undefined;

/** Heap in use after a full collection (the extension host does not expose `gc`; V8 can be asked to). */
export function heapUsedMb(): number {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}
