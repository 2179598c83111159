// The folder `npm start` opens when none is given: in the per-user cache, outside the git clone, so VS Code
// offers no git actions on the clone and shows none of the test fixtures' deliberate errors. It starts empty
// but for a README; the walkthrough's "Pull Project" puts the demo project into it.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const README = `# Conversational Studio workspace

\`npm start\` opened this folder (it lives in your user cache, outside the repository).
Follow the walkthrough (Help → Welcome, or "Welcome: Open Walkthrough…" → "Get Started with Conversational
Studio"): its "Pull Project" step pulls the demo project Coffee Shop from the local sandbox into this folder.
`;

/** `${XDG_CACHE_HOME:-~/.cache}/conversational-studio/workspace`, created with its README on first use. */
export function startWorkspaceFolder(env = process.env) {
  const dir = join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'conversational-studio', 'workspace');
  mkdirSync(dir, { recursive: true });
  const readme = join(dir, 'README.md');
  if (!existsSync(readme)) writeFileSync(readme, README);
  return dir;
}
