// Builds a CLI command that talks to the platform: merges the connection flags into its own, parses
// strictly, opens a session (real platform or embedded sandbox) and always closes it.
import type { ParseArgsConfig } from 'node:util';
import { parseFlags } from './args';
import type { CliCommand, CliIO } from './command';
import { connectionFlags, withSession, type CliSession, type ConnectionFlagValues } from './connection';

type Options = NonNullable<ParseArgsConfig['options']>;

export type FlagValues = ConnectionFlagValues & { json?: boolean } & Record<string, string | boolean | string[] | boolean[] | undefined>;

export interface PlatformCommandSpec {
  readonly path: readonly string[];
  readonly summary: string;
  /** Arguments and command-specific flags, e.g. `<projectId> [--notes TEXT]`. */
  readonly synopsis: string;
  readonly flags?: Options;
  /** Checked before connecting, so usage errors never wait on the network. */
  readonly check?: (positionals: string[], values: FlagValues) => void;
  readonly run: (ctx: { session: CliSession; io: CliIO; positionals: string[]; values: FlagValues; json: boolean }) => Promise<number>;
}

export const CONNECTION_USAGE =
  '  Connection: --sandbox [--sandbox-data DIR] | --base-url URL --auth-url URL [--log-url URL] --client-id ID [--ca-file PEM]\n' +
  '              (or CSTUDIO_BASE_URL, CSTUDIO_AUTH_URL, CSTUDIO_LOG_URL, CSTUDIO_CLIENT_ID; secret in CSTUDIO_CLIENT_SECRET)\n' +
  '              request timeout: CSTUDIO_TIMEOUT_MS (default 30000)\n' +
  '  Output:     --json for machine-readable output; --verbose logs requests to stderr\n';

export function platformCommand(spec: PlatformCommandSpec): CliCommand {
  const usage = `Usage: cstudio ${spec.path.join(' ')} ${spec.synopsis}\n\n${spec.summary}\n\n${CONNECTION_USAGE}`;
  return {
    path: spec.path,
    summary: spec.summary,
    usage,
    async run(args: string[], io: CliIO): Promise<number> {
      const { values, positionals } = parseFlags(args, { ...connectionFlags, ...(spec.flags ?? {}) });
      const flagValues = values as FlagValues;
      spec.check?.(positionals, flagValues);
      return withSession(flagValues, io, (session) =>
        spec.run({ session, io, positionals, values: flagValues, json: flagValues.json === true }));
    },
  };
}

/** A string flag's value, or undefined. */
export function stringFlag(values: FlagValues, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}
