// Standalone sandbox (bundled to dist/sandbox.js): `node dist/sandbox.js [flags]`, the same flags as
// `cstudio sandbox`. Stops cleanly on SIGINT/SIGTERM.
import { parseSandboxFlags, SANDBOX_USAGE, SandboxFlagError } from './flags';
import { runSandbox } from './run';

function main(argv: string[]): void {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(SANDBOX_USAGE.replace('cstudio sandbox', 'node dist/sandbox.js'));
    return;
  }
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  process.once('SIGTERM', () => controller.abort());
  let invocation;
  try {
    invocation = parseSandboxFlags(argv, process.env, process.cwd());
  } catch (err) {
    if (!(err instanceof SandboxFlagError)) throw err;
    process.stderr.write(`sandbox: ${err.message}\n${SANDBOX_USAGE}`);
    process.exitCode = 2;
    return;
  }
  runSandbox(invocation, {
    stdout: (t) => {
      process.stdout.write(t);
    },
    stderr: (t) => {
      process.stderr.write(t);
    },
    signal: controller.signal,
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`sandbox: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}

main(process.argv.slice(2));
