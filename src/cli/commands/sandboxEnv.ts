// `cstudio sandbox env`: the `export CSTUDIO_…` lines that point the CLI at a running sandbox (VS Code's, or one
// `cstudio sandbox` runs), for `eval "$(cstudio sandbox env)"`. Standard output carries only those lines (the
// client secret among them, as the CLI reads it from the environment only); which sandbox was found goes to stderr.
import { resolve } from 'node:path';
import { cliExportLines } from '../../core/connections/cliEnvironment';
import { runtimeClientFor } from '../../core/connections/runtimeClientChoice';
import { readyFileIn } from '../../sandbox/readyFile';
import { parseFlags } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import {
  findRunningSandboxes,
  isLive,
  readReadyFile,
  readyFileCandidates,
  type ReadySandbox,
} from '../runningSandboxes';

const USAGE = `Usage: cstudio sandbox env [--data DIR | --ready-file FILE] [--client KEY]

Prints export lines that point the CLI at a running local sandbox:
    eval "$(cstudio sandbox env)"
then run commands without --sandbox. The lines include the demo client's SECRET (CSTUDIO_CLIENT_SECRET): the CLI
reads the secret from the environment only. Print them into a shell, not into a file or a chat. They also point
cstudio try and cstudio test nlu --tag at the sandbox's NLU runtime (CSTUDIO_NLU_URL, and an application's runtime
client: CSTUDIO_RUNTIME_CLIENT_ID, CSTUDIO_RUNTIME_CLIENT_SECRET).

  --data DIR         the sandbox's data folder (it writes DIR/ready.json while it runs)
  --ready-file FILE  the file a sandbox started with --ready-file FILE writes
  --client KEY       which demo client to act as: owner (default), admin, viewer, expert, ps, globalAdmin, outsider

Without --data or --ready-file, the newest running sandbox among these is used: cstudio sandbox's default data
folder, VS Code's local sandbox (the extension's global storage; VS Code, Insiders, VSCodium, code-server) and
npm start's VS Code beside this clone. In VS Code, "Conversational Studio: Copy Sandbox Connection for the CLI"
copies the same lines.`;

function chooseClient(ready: ReadySandbox, key: string | undefined): ReadySandbox['clients'][number] {
  const client =
    key === undefined
      ? (ready.clients.find((c) => c.key === 'owner') ?? ready.clients[0])
      : ready.clients.find((c) => c.key === key);
  if (!client)
    throw new UsageError(
      `No demo client "${key ?? ''}" in ${ready.file}; known: ${ready.clients.map((c) => c.key ?? c.clientId).join(', ')}.`,
    );
  return client;
}

function located(values: { data?: string; 'ready-file'?: string }, io: CliIO): ReadySandbox {
  if (values.data !== undefined && values['ready-file'] !== undefined)
    throw new UsageError('Give --data or --ready-file, not both.');
  const given =
    values['ready-file'] !== undefined
      ? resolve(io.cwd, values['ready-file'])
      : values.data !== undefined
        ? readyFileIn(resolve(io.cwd, values.data))
        : undefined;
  if (given !== undefined) {
    const ready = readReadyFile(given);
    if (!isLive(ready))
      throw new Error(`${given} was written by a sandbox that has stopped (pid ${ready.pid}); start it again.`);
    return ready;
  }
  const [newest, ...others] = findRunningSandboxes(io.env);
  if (!newest) {
    const places = readyFileCandidates(io.env)
      .map((c) => `  ${c.label}: ${c.file}`)
      .join('\n');
    throw new Error(
      `No running sandbox found. Start one (VS Code: "Conversational Studio: Start Local Sandbox"; or ` +
        `cstudio sandbox), or name it with --data DIR or --ready-file FILE. Looked for:\n${places}`,
    );
  }
  io.stderr(
    `cstudio: the sandbox of ${newest.label} at ${newest.baseUrl} (${newest.file})` +
      `${others.length > 0 ? `; also running: ${others.map((o) => `${o.label} at ${o.baseUrl}`).join(', ')} (pick one with --data)` : ''}\n`,
  );
  return newest;
}

export const sandboxEnv: CliCommand = {
  path: ['sandbox', 'env'],
  summary:
    'Print export lines (secret included) that point the CLI at a running sandbox: eval "$(cstudio sandbox env)"',
  usage: USAGE,
  async run(args: string[], io: CliIO): Promise<number> {
    const { values } = parseFlags(
      args,
      { data: { type: 'string' }, 'ready-file': { type: 'string' }, client: { type: 'string' } },
      false,
    );
    let ready: ReadySandbox;
    try {
      ready = located(values, io);
    } catch (err) {
      if (err instanceof UsageError) throw err;
      // Multi-line on purpose (where it looked): main.ts would keep only the first line.
      io.stderr(`cstudio sandbox env: ${(err as Error).message}\n`);
      return 1;
    }
    const client = chooseClient(ready, values.client);
    const runtime = runtimeClientFor(ready.runtimeClients);
    io.stdout(
      cliExportLines({
        baseUrl: ready.baseUrl,
        authUrl: ready.authUrl,
        logUrl: ready.logUrl,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        ...(ready.caFile !== undefined ? { caFile: ready.caFile } : {}),
        ...(ready.nluUrl !== undefined && runtime
          ? { nluUrl: ready.nluUrl, runtimeClientId: runtime.clientId, runtimeClientSecret: runtime.clientSecret }
          : {}),
      }),
    );
    return 0;
  },
};
