// The environment variables the `cstudio` CLI reads its platform connection from (one owner for their names), and
// the shell lines that set them: `cstudio sandbox env` prints them and VS Code's "Copy Sandbox Connection for the
// CLI" copies them, for `eval "$(cstudio sandbox env)"`. The secret is among them by design: the CLI takes it
// from the environment only (a flag would show it in `ps` and shell history).

/** The CLI's connection variables. */
export const CLI_ENV = {
  baseUrl: 'CSTUDIO_BASE_URL',
  authUrl: 'CSTUDIO_AUTH_URL',
  logUrl: 'CSTUDIO_LOG_URL',
  clientId: 'CSTUDIO_CLIENT_ID',
  clientSecret: 'CSTUDIO_CLIENT_SECRET',
  caFile: 'CSTUDIO_CA_FILE',
  // The NLU runtime (`cstudio try`, `cstudio test nlu --tag`): its URL and an application's runtime client.
  nluUrl: 'CSTUDIO_NLU_URL',
  runtimeClientId: 'CSTUDIO_RUNTIME_CLIENT_ID',
  runtimeClientSecret: 'CSTUDIO_RUNTIME_CLIENT_SECRET',
} as const;

export interface CliConnectionValues {
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly logUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly caFile?: string;
  readonly nluUrl?: string;
  readonly runtimeClientId?: string;
  readonly runtimeClientSecret?: string;
}

/** A POSIX shell word for `value`: single-quoted, with embedded single quotes closed, escaped and reopened. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `export NAME='value'` lines, one per variable given (CSTUDIO_CA_FILE only when there is a certificate to trust). */
export function cliExportLines(values: CliConnectionValues): string {
  const keys = (Object.keys(CLI_ENV) as Array<keyof typeof CLI_ENV>).filter((k) => values[k] !== undefined);
  return keys.map((k) => `export ${CLI_ENV[k]}=${shellQuote(values[k] ?? '')}\n`).join('');
}
