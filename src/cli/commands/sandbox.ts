// `cstudio sandbox`: runs the local platform sandbox in the foreground until Ctrl+C (io.signal).
import { flagProblem } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import { parseSandboxFlags, SANDBOX_USAGE, SandboxFlagError } from '../../sandbox/flags';
import { runSandbox } from '../../sandbox/run';

export const sandboxCommand: CliCommand = {
  path: ['sandbox'],
  summary: 'Run the local platform sandbox (management API, OAuth, event logs)',
  usage: SANDBOX_USAGE,
  async run(args: string[], io: CliIO): Promise<number> {
    // `cstudio sandbox <word>` with a word no subcommand has: say so (the sandbox itself takes options only).
    const [first] = args;
    if (first !== undefined && !first.startsWith('-')) {
      throw new UsageError(
        `unknown subcommand "${first}"; valid: env, simulate (or none, with options, to run the sandbox).`,
      );
    }
    let invocation;
    try {
      invocation = parseSandboxFlags(args, io.env, io.cwd);
    } catch (err) {
      if (err instanceof SandboxFlagError)
        throw new UsageError(err.cause === undefined ? err.message : flagProblem(err.cause));
      throw err;
    }
    return runSandbox(invocation, io);
  },
};
