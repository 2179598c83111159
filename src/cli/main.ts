// `cstudio` entry: picks the command by its leading words, gives it a CliIO, and turns failures into
// one-line messages and exit codes (0 ok, 1 failure, 2 usage). SIGINT aborts the running operation.
import { createInterface } from 'node:readline/promises';
import { UsageError, type CliCommand, type CliIO } from './command';
import { allCommands } from './registry';
import { PlatformError, isCancellation } from '../core/platform/errors';
import { OutputClosed, ProcessOutput, outputClosed } from './processOutput';
import { tuneCliRuntime } from './runtimeFlags';
import { cliVersion } from './version';

function findCommand(argv: string[]): { command: CliCommand; rest: string[] } | undefined {
  let best: CliCommand | undefined;
  for (const c of allCommands) {
    if (c.path.every((w, i) => argv[i] === w) && (!best || c.path.length > best.path.length)) best = c;
  }
  return best ? { command: best, rest: argv.slice(best.path.length) } : undefined;
}

function overview(prefix: string[] = []): string {
  const rows = allCommands
    .filter((c) => prefix.every((w, i) => c.path[i] === w))
    .map((c) => [`cstudio ${c.path.join(' ')}`, c.summary] as const);
  const width = rows.reduce((m, [a]) => Math.max(m, a.length), -Infinity);
  return [
    'Conversational Studio command line',
    '',
    'Usage: cstudio <command> [options]      (cstudio <command> --help for details)',
    '',
    ...rows.map(([a, b]) => `  ${a.padEnd(width)}  ${b}`),
    '',
    'Connection (for commands that talk to the platform): --base-url, --auth-url, --log-url, --client-id and',
    'the environment CSTUDIO_BASE_URL, CSTUDIO_AUTH_URL, CSTUDIO_LOG_URL, CSTUDIO_CLIENT_ID, CSTUDIO_CLIENT_SECRET;',
    'the NLU runtime (cstudio try): --nlu-url, --runtime-client-id or CSTUDIO_NLU_URL, CSTUDIO_RUNTIME_CLIENT_ID,',
    'CSTUDIO_RUNTIME_CLIENT_SECRET; or --sandbox to run against an embedded local sandbox.',
    '',
  ].join('\n');
}

/** What to say for words that select no command: the unknown subcommand of a group with its valid ones, or the command. */
function unknownCommand(argv: string[]): string {
  const [first = '', second] = argv;
  const group = allCommands.filter((c) => c.path[0] === first && c.path.length > 1);
  if (group.length === 0) {
    return first.startsWith('-')
      ? `cstudio: unknown option ${first}. Run "cstudio --help" for the commands.\n`
      : `cstudio: unknown command "${first}". Run "cstudio --help" for the commands.\n`;
  }
  const valid = [...new Set(group.map((c) => c.path[1]))].join(', ');
  const said =
    second === undefined || second.startsWith('-')
      ? `cstudio ${first}: give a subcommand: ${valid}.`
      : `cstudio ${first}: unknown subcommand "${second}"; valid: ${valid}.`;
  return `${said}\n\n${overview([first])}`;
}

function processIO(signal: AbortSignal, output: ProcessOutput): CliIO {
  return {
    stdout: (t) => {
      output.write(t);
    },
    stdoutReady: () => output.ready(),
    stderr: (t) => {
      process.stderr.write(t);
    },
    prompt: process.stdin.isTTY
      ? async (question: string): Promise<string | undefined> => {
          const rl = createInterface({ input: process.stdin, output: process.stderr });
          try {
            return await rl.question(question, { signal });
          } finally {
            rl.close();
          }
        }
      : undefined,
    env: process.env,
    cwd: process.cwd(),
    signal,
  };
}

export async function runCli(argv: string[], io: CliIO): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.stdout(overview());
    return argv.length === 0 ? 2 : 0;
  }
  if (argv[0] === '--version' || argv[0] === '-v' || argv[0] === 'version') {
    const version = cliVersion();
    io.stdout(`cstudio ${version ?? '(version unknown: package.json not found beside the CLI)'}\n`);
    return version ? 0 : 1;
  }
  const found = findCommand(argv);
  if (!found) {
    io.stderr(unknownCommand(argv));
    return 2;
  }
  const { command, rest } = found;
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(command.usage.endsWith('\n') ? command.usage : command.usage + '\n');
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`cstudio ${command.path.join(' ')}: ${err.message}\n${command.usage.trimEnd()}\n`);
      return 2;
    }
    // The reader of our output went away (`| head`): the normal end of output, as for any Unix tool.
    if (outputClosed(io.signal)) return 0;
    if (isCancellation(err)) {
      io.stderr('cstudio: cancelled.\n');
      return 130;
    }
    const message = err instanceof Error ? err.message : String(err);
    io.stderr(`cstudio ${command.path.join(' ')}: ${message.split('\n')[0]}\n`);
    if (io.env.CSTUDIO_DEBUG && err instanceof Error && !(err instanceof PlatformError))
      io.stderr(`${err.stack ?? ''}\n`);
    return command.failureExitCode ?? 1;
  }
}

/** Process entry, called by bin/cstudio.js. */
export function main(argv: string[] = process.argv.slice(2)): void {
  tuneCliRuntime();
  const controller = new AbortController();
  let interrupted = 0;
  // A handler runs only between synchronous stretches of work: commands that need no clean-up go without.
  if (findCommand(argv)?.command.stopsAtOnce !== true) {
    process.on('SIGINT', () => {
      interrupted++;
      if (interrupted > 1) process.exit(130);
      controller.abort();
    });
    process.on('SIGTERM', () => controller.abort());
  }
  let writeFailure: Error | undefined;
  const output = new ProcessOutput(
    process.stdout,
    (error) => {
      writeFailure = error;
      // Stops whatever still fetches or computes output nobody reads.
      controller.abort(new OutputClosed());
    },
    process.env.CSTUDIO_DEBUG
      ? () => process.stderr.write('cstudio: waiting for the reader of standard output\n')
      : undefined,
  );
  runCli(argv, processIO(controller.signal, output)).then(
    (code) => {
      if (writeFailure) process.stderr.write(`cstudio: cannot write the output: ${writeFailure.message}\n`);
      process.exitCode = writeFailure ? 1 : output.isClosed ? 0 : code;
    },
    (err: unknown) => {
      process.stderr.write(`cstudio: ${String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
