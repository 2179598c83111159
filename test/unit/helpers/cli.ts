// Runs `cstudio` in-process through main.ts's runCli (same dispatch, exit codes and error lines as the
// real binary) with captured output and scripted answers to confirmation prompts.
import type { CliIO } from '../../../src/cli/command';
import { runCli } from '../../../src/cli/main';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Answers given, in order, to confirmation prompts; without it stdin counts as non-interactive. */
  answers?: string[];
  signal?: AbortSignal;
  /** Told about every piece of stdout as it is written, so a test can wait for output instead of for time. */
  onStdout?: (soFar: string) => void;
}

export async function cli(argv: string[], options: CliRunOptions = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const answers = options.answers ? [...options.answers] : undefined;
  const io: CliIO = {
    stdout: (t) => {
      stdout += t;
      options.onStdout?.(stdout);
    },
    stderr: (t) => {
      stderr += t;
    },
    prompt: answers
      ? (q: string) => {
          stderr += q;
          return Promise.resolve(answers.shift());
        }
      : undefined,
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    signal: options.signal ?? new AbortController().signal,
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

/** The CSTUDIO_* environment of a sandbox client. */
export function sandboxEnv(
  sb: { baseUrl: string; authUrl: string; logUrl: string },
  client: { clientId: string; clientSecret: string },
): NodeJS.ProcessEnv {
  return {
    CSTUDIO_BASE_URL: sb.baseUrl,
    CSTUDIO_AUTH_URL: sb.authUrl,
    CSTUDIO_LOG_URL: sb.logUrl,
    CSTUDIO_CLIENT_ID: client.clientId,
    CSTUDIO_CLIENT_SECRET: client.clientSecret,
  };
}
