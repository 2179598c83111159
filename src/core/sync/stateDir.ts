// The name of a pulled workspace's private folder; its own module so that file helpers can refuse it
// without depending on the workspace state code.
export const STATE_DIR = '.cstudio';
