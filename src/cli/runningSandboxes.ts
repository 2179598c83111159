// Finding a running sandbox for `cstudio sandbox env`: its ready file (src/sandbox/readyFile.ts) in a data folder or
// at a path given, or, with neither, in the places sandboxes keep their data by default: `cstudio sandbox`'s
// default data folder, VS Code's (the extension's global storage, per VS Code flavour and platform, code-server's
// included) and `npm start`'s code-server beside this clone. A file whose writer has exited is left out.
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { defaultDataDir } from '../sandbox/flags';
import { READY_FILE_NAME, readyFileIn } from '../sandbox/readyFile';
import { packageRoot } from './version';

/** The extension's id (publisher.name): its global storage folder is named after it. */
const EXTENSION_ID = 'cstudio.conversational-studio';
const VSCODE_FLAVOURS = ['Code', 'Code - Insiders', 'VSCodium', 'Code - OSS'];

export interface ReadyClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly key?: string;
  readonly user?: string;
}

export interface ReadyRuntimeClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scopes: string;
  readonly contextTags: readonly string[];
}

export interface ReadySandbox {
  readonly file: string;
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly logUrl: string;
  readonly caFile?: string;
  readonly clients: readonly ReadyClient[];
  /** The NLU runtime and the applications' runtime clients (ready files written before they existed have none). */
  readonly nluUrl?: string;
  readonly runtimeClients: readonly ReadyRuntimeClient[];
  readonly pid?: number;
  readonly writtenMs: number;
}

/** The places a ready file may be, labelled, most specific first. */
export function readyFileCandidates(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): Array<{ label: string; file: string }> {
  const home = env.HOME || homedir();
  const storage = (userDir: string): string =>
    join(userDir, 'User', 'globalStorage', EXTENSION_ID, 'sandbox', READY_FILE_NAME);
  const config =
    platform === 'darwin'
      ? join(home, 'Library', 'Application Support')
      : platform === 'win32'
        ? env.APPDATA || join(home, 'AppData', 'Roaming')
        : env.XDG_CONFIG_HOME || join(home, '.config');
  const data = env.XDG_DATA_HOME || join(home, '.local', 'share');
  const clone = packageRoot();
  return [
    { label: 'cstudio sandbox (default data folder)', file: readyFileIn(defaultDataDir(env, platform, home)) },
    ...VSCODE_FLAVOURS.map((flavour) => ({ label: `VS Code (${flavour})`, file: storage(join(config, flavour)) })),
    { label: 'code-server', file: storage(join(data, 'code-server')) },
    ...(clone
      ? [
          {
            label: 'npm start (code-server of this clone)',
            file: storage(join(clone, '.cache', 'start-code-server', 'user')),
          },
        ]
      : []),
  ];
}

/** Reads a ready file; throws with the file's name when it is missing or not one. */
export function readReadyFile(file: string): ReadySandbox {
  let text: string;
  let writtenMs: number;
  try {
    text = readFileSync(file, 'utf8');
    writtenMs = statSync(file).mtimeMs;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'ENOENT'
        ? `${file}: no such ready file; is the sandbox running?`
        : `cannot read ${file}: ${(err as Error).message}`,
    );
  }
  let value: Partial<ReadySandbox>;
  try {
    value = JSON.parse(text) as Partial<ReadySandbox>;
  } catch {
    throw new Error(`${file} is not a sandbox ready file (not JSON).`);
  }
  const clients = Array.isArray(value.clients)
    ? value.clients.filter((c) => typeof c?.clientId === 'string' && typeof c.clientSecret === 'string')
    : [];
  if (typeof value.baseUrl !== 'string' || typeof value.authUrl !== 'string' || clients.length === 0) {
    throw new Error(`${file} is not a sandbox ready file (no baseUrl, authUrl or clients).`);
  }
  const runtimeClients = Array.isArray(value.runtimeClients)
    ? value.runtimeClients.filter(
        (c) =>
          typeof c?.clientId === 'string' &&
          typeof c.clientSecret === 'string' &&
          typeof c.scopes === 'string' &&
          Array.isArray(c.contextTags),
      )
    : [];
  return {
    file,
    baseUrl: value.baseUrl,
    authUrl: value.authUrl,
    logUrl: typeof value.logUrl === 'string' ? value.logUrl : value.baseUrl,
    ...(typeof value.caFile === 'string' ? { caFile: value.caFile } : {}),
    ...(typeof value.nluUrl === 'string' ? { nluUrl: value.nluUrl } : {}),
    clients,
    runtimeClients,
    ...(typeof value.pid === 'number' ? { pid: value.pid } : {}),
    writtenMs,
  };
}

/** Whether the process that wrote the ready file still runs (a file without a pid counts as running). */
export function isLive(ready: ReadySandbox): boolean {
  if (ready.pid === undefined) return true;
  try {
    process.kill(ready.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running sandboxes found in the default places, newest first. */
export function findRunningSandboxes(env: NodeJS.ProcessEnv): Array<ReadySandbox & { label: string }> {
  const found: Array<ReadySandbox & { label: string }> = [];
  for (const { label, file } of readyFileCandidates(env)) {
    let ready: ReadySandbox;
    try {
      ready = readReadyFile(file);
    } catch {
      continue;
    }
    if (isLive(ready)) found.push({ ...ready, label });
  }
  return found.sort((a, b) => b.writtenMs - a.writtenMs);
}
