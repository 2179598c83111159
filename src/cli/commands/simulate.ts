// `cstudio sandbox simulate --app ID --sessions N [--rate R]`: makes a RUNNING local sandbox (the
// connection's base URL) play simulated conversations on an application's deployed configurations, which
// write event logs (and utterance audio) to its topic. The callers' words follow the sandbox's traffic mix
// (paraphrases, recognition errors, out-of-domain...), replayable with --seed. Waits for the end unless --no-wait; Ctrl+C cancels.
import { UsageError } from '../command';
import { parseIntFlag } from '../args';
import { printJson } from '../output';
import { platformCommand, stringFlag, type FlagValues } from '../platformCommand';
import { startSimulation, waitForSimulation, type Simulation } from '../../core/logs/simulation';

function parsed(values: FlagValues): {
  appId: string;
  sessions: number;
  rate: number | undefined;
  seed: number | undefined;
} {
  const appId = stringFlag(values, 'app');
  if (!appId) throw new UsageError('Missing --app <runtime app ID or application id> (e.g. COFFEE-DEV).');
  const sessions = parseIntFlag(stringFlag(values, 'sessions'), 'sessions', 1);
  if (sessions === undefined) throw new UsageError('Missing --sessions N (how many conversations to simulate).');
  const rateText = stringFlag(values, 'rate');
  const rate = rateText === undefined ? undefined : Number(rateText);
  if (rate !== undefined && (!Number.isFinite(rate) || rate <= 0))
    throw new UsageError(`--rate is sessions per second, a number > 0 (got "${rateText}").`);
  const seed = parseIntFlag(stringFlag(values, 'seed'), 'seed', 0);
  return { appId, sessions, rate, seed };
}

function describe(s: Simulation): string {
  const configs = s.configs.map((c) => `${c.id} "${c.tag}"`).join(', ');
  const outcome = s.status === 'COMPLETED' ? 'Simulated' : s.status === 'RUNNING' ? 'Simulating' : `${s.status}:`;
  const turns = Object.entries(s.traffic ?? {})
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  const mix = turns ? ` Turns: ${turns} (seed ${s.seed ?? '?'}).` : '';
  return `${outcome} ${s.completedSessions}/${s.sessions} sessions on ${s.appId} (configurations ${configs}): ${s.records} records.${mix}${s.error ? ` ${s.error}` : ''}\n`;
}

export const sandboxSimulate = platformCommand({
  path: ['sandbox', 'simulate'],
  summary: 'Make a running local sandbox simulate runtime traffic (event logs and audio) for an application.',
  synopsis: '--app ID --sessions N [--rate SESSIONS_PER_SECOND] [--seed N] [--no-wait]',
  flags: {
    app: { type: 'string' },
    sessions: { type: 'string' },
    rate: { type: 'string' },
    seed: { type: 'string' },
    'no-wait': { type: 'boolean' },
  },
  input: ({ flags }) => parsed(flags),
  async run({ session, io, flags, input: { appId, sessions, rate, seed }, json }) {
    const requester = session.client.requester;
    let simulation = await startSimulation(
      requester,
      { appId, sessions, ...(rate !== undefined ? { rate } : {}), ...(seed !== undefined ? { seed } : {}) },
      io.signal,
    );
    if (flags['no-wait'] !== true) {
      simulation = await waitForSimulation(requester, simulation, {
        signal: io.signal,
        progress: {
          report: (u) => {
            if (flags.verbose && u.message) io.stderr(`simulate: ${u.message}\n`);
          },
        },
      });
    }
    if (json) printJson(io, simulation);
    else
      io.stdout(
        simulation.status === 'RUNNING'
          ? `Started simulation ${simulation.id}: ${describe(simulation)}`
          : describe(simulation),
      );
    return simulation.status === 'FAILED' ? 1 : 0;
  },
});
