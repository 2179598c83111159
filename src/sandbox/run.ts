// Runs a sandbox until a signal aborts: start, announce (stdout and the optional ready file), wait, close.
// Shared by `cstudio sandbox` and the standalone dist/sandbox.js.
import type { Logger } from '../core/logger';
import type { SandboxInvocation } from './flags';
import { readyFileIn, removeReadyFile, writeReadyFile } from './readyFile';
import { startSandbox, type RunningSandbox, type SandboxOptions } from './server';
import { openWireLog } from './wireLog';

export interface RunIO {
  stdout(text: string): void;
  stderr(text: string): void;
  readonly signal: AbortSignal;
}

/**
 * The ready file's content: where the sandbox listens, the demo clients (owner first, then the Admin) and the
 * applications' runtime clients with the context tags they reach (README "Sandbox", ready file). Fields are only
 * ever added, so readers of older files keep working.
 */
export function readyFileContent(s: RunningSandbox): Record<string, unknown> {
  return {
    baseUrl: s.baseUrl,
    authUrl: s.authUrl,
    logUrl: s.logUrl,
    nluUrl: s.nluUrl,
    ...(s.caFile ? { caFile: s.caFile } : {}),
    clients: s.clients.map((c) => ({
      clientId: c.clientId,
      clientSecret: c.clientSecret,
      user: c.user,
      roles: c.roles,
      key: c.key,
      userId: c.userId,
      email: c.email,
    })),
    runtimeClients: s.runtimeClients.map((c) => ({
      clientId: c.clientId,
      clientSecret: c.clientSecret,
      appId: c.appId,
      scopes: c.scopes,
      contextTags: c.contextTags,
    })),
  };
}

export function describeSandbox(s: RunningSandbox, dataDir: string): string {
  const lines = [
    `Sandbox listening (data: ${dataDir})`,
    `  base URL: ${s.baseUrl}`,
    `  auth URL: ${s.authUrl}   (POST /oauth2/token, scopes svc-api | mix-api | log)`,
    `  log URL:  ${s.logUrl}`,
    `  NLU URL:  ${s.nluUrl}   (POST /runtime/interpret with a runtime client's token, scope nlu)`,
    ...(s.caFile ? [`  caFile:   ${s.caFile}   (trust this certificate)`] : []),
    '',
    'Demo clients:',
  ];
  for (const c of s.clients) {
    lines.push(`  ${c.user} <${c.email}>: ${c.roles.join('; ') || 'no roles'}`);
    lines.push(`    client id: ${c.clientId}`);
    lines.push(`    secret:    ${c.clientSecret}`);
  }
  const runtime = s.runtimeClients.filter((c) => c.scopes.split(/\s+/).includes('nlu') && c.contextTags.length > 0);
  if (runtime.length > 0)
    lines.push('', 'Runtime clients (cstudio try: CSTUDIO_RUNTIME_CLIENT_ID / CSTUDIO_RUNTIME_CLIENT_SECRET):');
  for (const c of runtime) {
    lines.push(`  ${c.appId}: context tags ${c.contextTags.join(', ')}`);
    lines.push(`    client id: ${c.clientId}`);
    lines.push(`    secret:    ${c.clientSecret}`);
  }
  lines.push('', 'Press Ctrl+C to stop.');
  return lines.join('\n') + '\n';
}

/** Stderr logger for the command line (info and above). */
export function stderrLogger(write: (text: string) => void, component = ''): Logger {
  const line = (level: string, message: string | Error): void => {
    const text = typeof message === 'string' ? message : (message.stack ?? message.message);
    write(`${new Date().toISOString()} ${level}${component ? ` [${component}]` : ''} ${text}\n`);
  };
  return {
    trace: () => undefined,
    debug: () => undefined,
    info: (m) => line('info', m),
    warn: (m) => line('warn', m),
    error: (m) => line('error', m),
    child: (c) => stderrLogger(write, component ? `${component}/${c}` : c),
  };
}

/**
 * Starts a sandbox and announces it: its ready file in its data folder (readyFile.ts), and in each of `alsoAt`.
 * Closing it removes them. The extension starts its sandbox this way too (dist/sandboxServer.js), so the CLI
 * finds VS Code's sandbox like any other (`cstudio sandbox env`).
 */
export async function startAnnouncedSandbox(
  options: SandboxOptions,
  alsoAt: readonly string[] = [],
): Promise<RunningSandbox> {
  const sandbox = await startSandbox(options);
  const files = [readyFileIn(options.dataDir), ...alsoAt];
  try {
    for (const file of files) await writeReadyFile(file, readyFileContent(sandbox));
  } catch (err) {
    await sandbox.close();
    throw err;
  }
  const close = sandbox.close.bind(sandbox);
  return Object.assign(sandbox, {
    close: async (): Promise<void> => {
      // close() first: it stops listening synchronously, which the extension's dispose relies on.
      const closing = close();
      for (const file of files) await removeReadyFile(file);
      await closing;
    },
  });
}

/** Runs until `io.signal` aborts; returns the exit code. */
export async function runSandbox(invocation: SandboxInvocation, io: RunIO): Promise<number> {
  const wireLog =
    invocation.logRequests === undefined ? undefined : openWireLog(invocation.logRequests || undefined, io.stderr);
  const sandbox = await startAnnouncedSandbox(
    {
      ...invocation.options,
      logger: stderrLogger(io.stderr),
      ...(wireLog ? { onExchange: (e) => wireLog.write(e) } : {}),
    },
    invocation.readyFile ? [invocation.readyFile] : [],
  );
  try {
    io.stdout(describeSandbox(sandbox, invocation.options.dataDir));
    if (!io.signal.aborted)
      await new Promise<void>((resolve) => io.signal.addEventListener('abort', () => resolve(), { once: true }));
    io.stderr('Stopping the sandbox…\n');
  } finally {
    await sandbox.close();
    await wireLog?.close();
  }
  return 0;
}
