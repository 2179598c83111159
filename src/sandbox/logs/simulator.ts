// Runtime traffic for the sandbox: a simulation plays N sessions against a topic's deployed configurations,
// at `rate` sessions a second (0: as fast as the disk takes them), appending each session's records as it
// ends. Simulations run in the background; their status is polled and they can be cancelled.
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../core/logger';
import type { Simulation } from '../../core/logs/simulation';
import { prng } from '../../core/prng';
import type { LogStore } from './logStore';
import { sessionEvents, type SessionScript } from './sessionEvents';

/** The wire shape lives with its client in core; here every status carries its times. */
export type SimulationStatus = Simulation & { createTime: string; updateTime: string };

export interface SimulationPlan {
  topic: string;
  sessions: number;
  rate: number;
  /** Seeds the sessions' content, so a seed replays the same utterances. */
  seed: number;
  configs: Array<{ id: string; tag: string }>;
  /** Draws one session's script (from one of the deployed configurations). */
  nextScript: (rand: () => number) => SessionScript;
}

const TICK_MS = 100;
/** Sessions appended at once when running flat out: big enough to be fast, small enough to stay responsive. */
const BATCH_SESSIONS = 200;
/** Finished simulations kept for status queries. */
const KEEP_FINISHED = 50;

interface Running {
  status: SimulationStatus;
  cancelled: boolean;
  done: Promise<void>;
}

export class Simulator {
  private readonly runs = new Map<string, Running>();

  constructor(
    private readonly store: LogStore,
    private readonly logger: Logger,
    private readonly now: () => number,
  ) {}

  start(plan: SimulationPlan): SimulationStatus {
    const iso = new Date(this.now()).toISOString();
    const status: SimulationStatus = {
      id: randomUUID(),
      appId: plan.topic,
      configs: plan.configs,
      sessions: plan.sessions,
      completedSessions: 0,
      records: 0,
      rate: plan.rate,
      seed: plan.seed,
      traffic: {},
      status: 'RUNNING',
      createTime: iso,
      updateTime: iso,
    };
    const run: Running = { status, cancelled: false, done: Promise.resolve() };
    run.done = this.play(run, plan)
      .catch((err: unknown) => {
        status.status = 'FAILED';
        status.error = err instanceof Error ? err.message : String(err);
        this.logger.warn(`simulation ${status.id} failed: ${status.error}`);
      })
      .finally(() => {
        status.updateTime = new Date(this.now()).toISOString();
      });
    this.runs.set(status.id, run);
    this.forgetOldRuns();
    return snapshot(status);
  }

  get(id: string): SimulationStatus | undefined {
    const run = this.runs.get(id);
    return run && snapshot(run.status);
  }

  /** Stops a simulation after the batch in flight; resolves when it has stopped. */
  async cancel(id: string): Promise<SimulationStatus | undefined> {
    const run = this.runs.get(id);
    if (!run) return undefined;
    run.cancelled = true;
    await run.done;
    return snapshot(run.status);
  }

  async close(): Promise<void> {
    for (const run of this.runs.values()) run.cancelled = true;
    await Promise.all([...this.runs.values()].map((r) => r.done));
  }

  private async play(run: Running, plan: SimulationPlan): Promise<void> {
    const s = run.status;
    const traffic = s.traffic ?? {};
    const rand = prng(plan.seed);
    const started = Date.now();
    while (s.completedSessions < plan.sessions && !run.cancelled) {
      let count: number;
      if (plan.rate > 0) {
        await new Promise((r) => setTimeout(r, TICK_MS));
        const due = Math.floor(((Date.now() - started) / 1000) * plan.rate) + 1;
        count = Math.min(plan.sessions, due) - s.completedSessions;
        if (count <= 0) continue;
      } else {
        count = Math.min(BATCH_SESSIONS, plan.sessions - s.completedSessions);
      }
      const entries = [];
      const audio = [];
      for (let i = 0; i < count; i++) {
        const script = plan.nextScript(rand);
        for (const turn of script.turns) traffic[turn.kind ?? 'training'] = (traffic[turn.kind ?? 'training'] ?? 0) + 1;
        const logs = sessionEvents(script, this.now() - 5000, rand);
        for (const item of logs.entries) entries.push(item);
        for (const item of logs.audio) audio.push(item);
      }
      await this.store.append(plan.topic, entries, audio);
      s.completedSessions += count;
      s.records += entries.length;
      s.updateTime = new Date(this.now()).toISOString();
    }
    s.status = run.cancelled && s.completedSessions < plan.sessions ? 'CANCELLED' : 'COMPLETED';
  }

  private forgetOldRuns(): void {
    const finished = [...this.runs.values()].filter((r) => r.status.status !== 'RUNNING');
    for (const r of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) this.runs.delete(r.status.id);
  }
}

/** A copy a caller may keep: the run goes on updating its own. */
function snapshot(status: SimulationStatus): SimulationStatus {
  return { ...status, configs: [...status.configs], traffic: { ...status.traffic } };
}
