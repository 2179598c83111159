// Runs `cstudio` as a child process (cliChild.ts), so the fault suite can SIGINT or SIGKILL it for real.
// The child is bundled once per suite (as `npm run build` bundles the binary): a process that loads one
// file instead of hundreds starts in half the CPU time, which the suite's hundred-odd runs feel.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

/** Bundles cliChild into `dir` and returns the script to run. */
export async function bundleCli(dir: string): Promise<string> {
  const outfile = join(dir, 'cstudio-child.js');
  await esbuild.build({
    entryPoints: [join(__dirname, 'cliChild.js')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode'],
    logLevel: 'warning',
  });
  return outfile;
}

export interface ChildRun {
  readonly child: ChildProcess;
  /** Resolves when the process has exited (killed or not). */
  readonly done: Promise<ChildResult>;
}

export interface ChildResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function startCli(script: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): ChildRun {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH, CSTUDIO_TEST: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const done = new Promise<ChildResult>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

/** Sends `signal` to a running child; with SIGKILL, waits until it is gone. */
export async function signalChild(run: ChildRun, signal: 'SIGINT' | 'SIGKILL'): Promise<void> {
  if (run.child.exitCode !== null || run.child.signalCode !== null) return;
  run.child.kill(signal);
  if (signal === 'SIGKILL') await run.done;
}
