// The ready file: a running sandbox's addresses and demo clients as JSON (run.ts says what is in it), written once
// it listens and removed when it stops. Besides the file `--ready-file` names, every sandbox writes one into its
// data folder as ready.json, so whoever knows the data folder can reach the sandbox: `cstudio sandbox env --data
// DIR`, and VS Code's sandbox (data in the extension's global storage) the same way. Mode 0600: it holds the demo
// clients' secrets, as the data folder's state does. The writer's pid tells a live sandbox from a stale file.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../core/fs/atomicFile';

export const READY_FILE_NAME = 'ready.json';

/** Where a sandbox with data folder `dataDir` announces itself. */
export function readyFileIn(dataDir: string): string {
  return join(dataDir, READY_FILE_NAME);
}

/** Writes `content` (plus this process's pid) to `file`, atomically, readable by its owner only. */
export async function writeReadyFile(file: string, content: Record<string, unknown>): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify({ ...content, pid: process.pid }, null, 2)}\n`, 0o600);
}

/** Removes `file` if this process wrote it (another sandbox may have announced itself there since). */
export async function removeReadyFile(file: string): Promise<void> {
  let pid: unknown;
  try {
    pid = (JSON.parse(await readFile(file, 'utf8')) as { pid?: unknown }).pid;
  } catch {
    return; // gone already, or not ours to judge
  }
  if (pid === undefined || pid === process.pid) await rm(file, { force: true });
}
