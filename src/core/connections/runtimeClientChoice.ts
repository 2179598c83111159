// Which of a sandbox's runtime clients the CLI is pointed at (`cstudio sandbox env`, VS Code's "Copy Sandbox
// Connection for the CLI"): kept apart from cliEnvironment.ts, whose few bytes the startup bundle carries.

/** The first runtime client that may ask for `nlu` and reaches a deployed context tag. */
export function runtimeClientFor<T extends { scopes: string; contextTags: readonly string[] }>(
  clients: readonly T[],
): T | undefined {
  return clients.find((c) => c.scopes.split(/\s+/).includes('nlu') && c.contextTags.length > 0);
}
