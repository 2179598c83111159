// Every tree-item contextValue and context key, in one place. contextValues are built from flags
// (`connection:sandbox:running`) so package.json's `when` clauses can match them with regexes
// (`viewItem =~ /^connection:sandbox\b.*:running\b/`).

export const ViewIds = {
  explorer: 'cstudio.explorer',
} as const;

export const ContextKeys = {
  /** State of the built-in local sandbox: stopped, starting, running, stopping or failed. */
  sandboxState: 'cstudio.sandbox.state',
} as const;

export const NodeKinds = {
  connection: 'connection',
} as const;

/** `kind[:flag...]`, flags in a stable order, empty or false flags left out. */
export function contextValue(kind: string, flags: Record<string, boolean>): string {
  const on = Object.keys(flags).filter((f) => flags[f]);
  return [kind, ...on].join(':');
}
