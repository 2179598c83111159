// Every tree-item contextValue and context key, in one place. contextValues are built from flags
// (`connection:sandbox:running`) so package.json's `when` clauses can match them with regexes
// (`viewItem =~ /^connection:sandbox\b.*:running\b/`).

export const ViewIds = {
  explorer: 'cstudio.explorer',
  /** Package Comparison (files that differ and the semantic report), beside the explorer. */
  syncComparison: 'cstudio.sync.comparison',
  /** Utterances of live traffic under review (features/discover). */
  utterances: 'cstudio.utterances',
} as const;

export const ContextKeys = {
  /** State of the built-in local sandbox: stopped, starting, running, stopping or failed. */
  sandboxState: 'cstudio.sandbox.state',
  /** Some event-log stream exists in this window (running, paused or finished). */
  logsHasStreams: 'cstudio.logs.hasStreams',
  /** Some event-log stream is pulling records. */
  logsHasRunning: 'cstudio.logs.hasRunning',
  /** Some event-log stream is paused. */
  logsHasPaused: 'cstudio.logs.hasPaused',
  /** The window has a pulled project folder. */
  syncHasWorkspace: 'cstudio.sync.hasWorkspace',
  /** The Package Comparison view has a report to show. */
  syncHasComparison: 'cstudio.sync.hasComparison',
  /** The Utterances view is reviewing an application's traffic. */
  discoverActive: 'cstudio.discover.active',
} as const;

/**
 * The first segment of every explorer contextValue. Flags follow (`project:locked:mine`,
 * `entity:list:custom`); package.json matches them with anchored regexes such as `/^project\b/` (`\b` keeps
 * `intent` from matching `intents`).
 */
export const NodeKinds = {
  connection: 'connection',
  organization: 'organization',
  project: 'project',
  channels: 'channels',
  channel: 'channel',
  entities: 'entities',
  entityKind: 'entityKind',
  entity: 'entity',
  intents: 'intents',
  intent: 'intent',
  dialog: 'dialog',
  dialogComponent: 'dialogComponent',
  builds: 'builds',
  buildService: 'buildService',
  build: 'build',
  jobs: 'jobs',
  job: 'job',
  lock: 'lock',
  applications: 'applications',
  application: 'application',
  appConfig: 'appConfig',
  deployment: 'deployment',
  bots: 'bots',
  bot: 'bot',
  botConfig: 'botConfig',
  envConfigs: 'envConfigs',
  envConfig: 'envConfig',
  credentials: 'credentials',
  credential: 'credential',
  /** Errors and empty states. */
  message: 'message',
  loadMore: 'loadMore',
} as const;

export type NodeKind = (typeof NodeKinds)[keyof typeof NodeKinds];

/** `kind[:flag...]`, flags in a stable order, empty or false flags left out. */
export function contextValue(kind: NodeKind, flags: Record<string, boolean>): string {
  const on = Object.keys(flags).filter((f) => flags[f]);
  return [kind, ...on].join(':');
}
