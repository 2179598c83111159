// The application (event-log topic) a pulled folder's utterances were last listed from, remembered in
// `.cstudio/discover.json` so `discover add DIR --id …` finds the same utterances without --app.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomicFile';
import { STATE_DIR } from '../workspace/workspacePaths';

const file = (root: string): string => join(root, STATE_DIR, 'discover.json');

export async function readReviewedApp(root: string): Promise<string | undefined> {
  const text = await readFile(file(root), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const app = (JSON.parse(text) as { app?: unknown }).app;
    return typeof app === 'string' && app !== '' ? app : undefined;
  } catch {
    return undefined;
  }
}

export async function writeReviewedApp(root: string, app: string): Promise<void> {
  if ((await readReviewedApp(root)) === app) return;
  await mkdir(join(root, STATE_DIR), { recursive: true });
  await writeFileAtomic(file(root), `${JSON.stringify({ app }, null, 2)}\n`);
}
