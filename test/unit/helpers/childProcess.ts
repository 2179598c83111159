// Runs `cstudio` (or the standalone sandbox) as a real child process, the way a shell pipeline does, and
// reports its peak memory: a launcher records `process.resourceUsage()` as the process exits, so a test can
// bound the peak resident set size of exactly that process.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const CLI_MAIN = resolve(__dirname, '../../../src/cli/main.js');
const SANDBOX_MAIN = resolve(__dirname, '../../../src/sandbox/main.js');

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  /** Peak resident set size of the process, in MB. */
  peakMb: number;
  ms: number;
}

export interface Launched {
  child: ChildProcess;
  finished: Promise<Finished>;
}

/** Writes the launchers into `dir` once; returns their paths. */
async function launcher(dir: string, kind: 'cli' | 'sandbox'): Promise<string> {
  const file = join(dir, `launch-${kind}.js`);
  const main = kind === 'cli' ? CLI_MAIN : SANDBOX_MAIN;
  const start =
    kind === 'cli'
      ? `require(${JSON.stringify(main)}).main(args);`
      : `process.argv = [process.argv[0], ${JSON.stringify(main)}, ...args]; require(${JSON.stringify(main)});`;
  await writeFile(
    file,
    [
      "'use strict';",
      "const { writeFileSync } = require('node:fs');",
      'const usageFile = process.argv[2];',
      'const args = process.argv.slice(3);',
      "process.on('exit', () => writeFileSync(usageFile, JSON.stringify(process.resourceUsage())));",
      start,
    ].join('\n'),
  );
  return file;
}

let launches = 0;

/** Starts `cstudio args` (or the sandbox) with the given stdio; `finished` settles when it exits. */
export async function launch(
  dir: string,
  kind: 'cli' | 'sandbox',
  args: string[],
  options: { env?: NodeJS.ProcessEnv; stdio: StdioOptions },
): Promise<Launched> {
  const usageFile = join(dir, `usage-${process.pid}-${++launches}.json`);
  const started = Date.now();
  const child = spawn(process.execPath, [await launcher(dir, kind), usageFile, ...args], {
    env: { ...process.env, ...options.env },
    stdio: options.stdio,
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (t: string) => {
    stderr += t;
  });
  const finished = new Promise<Finished>((resolveFinished, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const ms = Date.now() - started;
      readFile(usageFile, 'utf8').then(
        (text) =>
          resolveFinished({ code, signal, stderr, ms, peakMb: (JSON.parse(text) as { maxRSS: number }).maxRSS / 1024 }),
        () => resolveFinished({ code, signal, stderr, ms, peakMb: NaN }),
      );
    });
  });
  return { child, finished };
}
