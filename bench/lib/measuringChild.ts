// In-process work timed in a child process that starts no process of its own. A process that spawns another
// (spawnSync of xmllint or of the CLI, even of /bin/true) forks: every page of its heap becomes copy-on-write,
// and its next passes pay for the page faults. Measured on the 10,000-rule grammar: 4 passes right after a
// spawn of /bin/true took 135-195 ms each with ~10,000 page faults per round, against 81-118 ms with 1,000-4,000
// faults without the spawn. A benchmark comparing in-process work with another program's processes therefore
// times its own side here, in a process that only computes, and spawns the other side from the parent.
// The child is the same script, forked with CHILD_FLAG: `serveMeasuringChild` serves `handlers` there; the parent
// calls them by name with JSON arguments and gets their JSON results.
import { fork, type ChildProcess } from 'node:child_process';

const CHILD_FLAG = '--measuring-child';

/** The functions the child serves, by name: each takes and returns plain JSON values. */
export type Handlers = Record<string, (...args: never[]) => unknown>;

interface Call {
  id: number;
  name: string;
  args: unknown[];
}
interface Reply {
  id: number;
  result?: unknown;
  error?: string;
}

export interface MeasuringChild<H extends Handlers> {
  call<K extends keyof H & string>(name: K, ...args: Parameters<H[K]>): Promise<ReturnType<H[K]>>;
  close(): void;
}

/** Whether this process is the measuring child (then the script must only serve its handlers). */
export function isMeasuringChild(): boolean {
  return process.argv.includes(CHILD_FLAG);
}

/** In the child: answers the parent's calls with `handlers` until the parent disconnects. */
export function serveMeasuringChild(handlers: Handlers): void {
  process.on('message', (message: Call) => {
    const reply: Reply = { id: message.id };
    try {
      const handler = handlers[message.name];
      if (!handler) throw new Error(`the measuring child has no handler "${message.name}"`);
      reply.result = (handler as (...args: unknown[]) => unknown)(...message.args);
    } catch (err) {
      reply.error = err instanceof Error ? (err.stack ?? err.message) : String(err);
    }
    process.send?.(reply);
  });
  process.on('disconnect', () => process.exit(0));
}

/** In the parent: forks `script` (the caller's __filename, with Node's `execArgv`) as the measuring child. */
export function startMeasuringChild<H extends Handlers>(script: string): MeasuringChild<H> {
  const child: ChildProcess = fork(script, [CHILD_FLAG], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  let next = 0;
  child.on('message', (message: Reply) => {
    const w = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) w?.reject(new Error(`in the measuring child: ${message.error}`));
    else w?.resolve(message.result);
  });
  child.on('exit', (code, signal) => {
    for (const w of waiting.values()) w.reject(new Error(`the measuring child exited (${signal ?? code})`));
    waiting.clear();
  });
  return {
    call: <K extends keyof H & string>(name: K, ...args: Parameters<H[K]>) =>
      new Promise<ReturnType<H[K]>>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.send({ id, name, args } satisfies Call);
      }),
    close: () => {
      if (child.connected) child.disconnect();
    },
  };
}
