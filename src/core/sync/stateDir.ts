// The name of a pulled workspace's private folder; its own module so that file helpers can refuse it
// without depending on the workspace state code.
export const STATE_DIR = '.cstudio';
/** The file in STATE_DIR that makes a folder a pulled project (workspace.ts owns its content). */
export const STATE_FILE = 'state.json';
