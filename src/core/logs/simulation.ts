// Client of the local sandbox's traffic simulator (a sandbox-only admin API on the management base URL,
// docs/platform-notes.md "Runtime traffic"): start N simulated sessions on an application's deployed
// configurations, follow their progress, cancel them.
import type { Progress } from '../progress';
import { noProgress, sleep } from '../progress';
import { InvalidResponseError, isCancellation } from '../platform/errors';
import type { Requester } from '../platform/requester';

export interface SimulationRequest {
  /** Runtime app ID (topic, e.g. COFFEE-DEV) or application id. */
  appId: string;
  sessions: number;
  /** Sessions per second; 0 or absent: as fast as possible. */
  rate?: number;
  /** Seeds what the callers say (the traffic mix); the same seed replays the same utterances. Absent: a random seed. */
  seed?: number;
}

export type SimulationState = 'RUNNING' | 'COMPLETED' | 'CANCELLED' | 'FAILED';

/** A simulation as the sandbox's admin API reports it (the sandbox serves exactly this shape). */
export interface Simulation {
  id: string;
  appId: string;
  configs: Array<{ id: string; tag: string }>;
  sessions: number;
  completedSessions: number;
  records: number;
  rate: number;
  /** The seed of the traffic mix (the sandbox picks one when the request has none). */
  seed?: number;
  /** Turns simulated per traffic kind (training, paraphrase, asrError, outOfDomain, wrongIntent, unseenEntity). */
  traffic?: Record<string, number>;
  status: SimulationState;
  error?: string;
  createTime?: string;
  updateTime?: string;
}

function simulationOf(reply: unknown): Simulation {
  const s = (reply as { simulation?: Simulation } | undefined)?.simulation;
  if (!s || typeof s.id !== 'string')
    throw new InvalidResponseError('The simulator did not return a simulation; is this connection a local sandbox?');
  return s;
}

export async function startSimulation(
  requester: Requester,
  request: SimulationRequest,
  signal?: AbortSignal,
): Promise<Simulation> {
  return simulationOf(
    await requester.request({
      method: 'POST',
      path: '/sandbox/v1/simulate',
      json: request,
      resource: `the simulator of application ${request.appId}`,
      signal,
    }),
  );
}

export async function getSimulation(requester: Requester, id: string, signal?: AbortSignal): Promise<Simulation> {
  return simulationOf(
    await requester.request({
      method: 'GET',
      path: `/sandbox/v1/simulations/${encodeURIComponent(id)}`,
      resource: `simulation ${id}`,
      signal,
    }),
  );
}

export async function cancelSimulation(requester: Requester, id: string, signal?: AbortSignal): Promise<Simulation> {
  return simulationOf(
    await requester.request({
      method: 'DELETE',
      path: `/sandbox/v1/simulations/${encodeURIComponent(id)}`,
      resource: `simulation ${id}`,
      signal,
    }),
  );
}

/** Polls until the simulation ends; cancelling the signal cancels the simulation too. */
export async function waitForSimulation(
  requester: Requester,
  simulation: Simulation,
  options: { signal?: AbortSignal; progress?: Progress; pollMs?: number } = {},
): Promise<Simulation> {
  const progress = options.progress ?? noProgress;
  let current = simulation;
  let reported = 0;
  try {
    while (current.status === 'RUNNING') {
      await sleep(options.pollMs ?? 250, options.signal);
      current = await getSimulation(requester, current.id, options.signal);
      const percent = Math.floor((current.completedSessions / Math.max(1, current.sessions)) * 100);
      progress.report({
        message: `${current.completedSessions}/${current.sessions} sessions, ${current.records} records`,
        increment: percent - reported,
      });
      reported = percent;
    }
    return current;
  } catch (err) {
    if (isCancellation(err))
      await cancelSimulation(requester, current.id, AbortSignal.timeout(5000)).catch(() => undefined);
    throw err;
  }
}
