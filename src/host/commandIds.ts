// Every command id the extension contributes, in one place. package.json's `contributes.commands` must list
// exactly these (the extension-host tests check both directions).

export const CommandIds = {
  showLog: 'cstudio.showLog',
  sandboxStart: 'cstudio.sandbox.start',
  sandboxStop: 'cstudio.sandbox.stop',
  sandboxRestart: 'cstudio.sandbox.restart',
  sandboxReset: 'cstudio.sandbox.reset',
  sandboxCopyBaseUrl: 'cstudio.sandbox.copyBaseUrl',
  sandboxActions: 'cstudio.sandbox.actions',
  grammarTest: 'cstudio.grammar.test',
  grammarRunTests: 'cstudio.grammar.runTests',
} as const;

export type CommandId = (typeof CommandIds)[keyof typeof CommandIds];
