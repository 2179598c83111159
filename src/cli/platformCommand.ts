// Builds a CLI command that talks to the platform from one typed spec: its flags and required arguments are
// declared once, parsed strictly once, checked (spec.input) before connecting, and handed to run as typed values;
// then a session (real platform or embedded sandbox) is opened and always closed.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { parseFlags, requirePositional } from './args';
import type { CliCommand, CliIO } from './command';
import { connectionFlags, withSession, type CliSession, type ConnectionFlagValues } from './connection';

type Options = NonNullable<ParseArgsConfig['options']>;

export type FlagValues = ConnectionFlagValues & { json?: boolean } & Record<
    string,
    string | boolean | string[] | boolean[] | undefined
  >;

/** What parseArgs makes of a flag table (connection flags included): `string | undefined` for a string flag, and so on. */
export type FlagsOf<O extends Options> = ReturnType<
  typeof parseArgs<{ options: typeof connectionFlags & O; allowPositionals: true; strict: true }>
>['values'];

/** The required arguments by name: `['projectId', 'channelId']` gives `{ projectId: string; channelId: string }`. */
export type ArgsOf<A extends readonly string[]> = { readonly [K in A[number]]: string };

/** What a command's input step and run receive: the typed flags, the named arguments, and every positional. */
export interface ParsedInput<O extends Options, A extends readonly string[]> {
  readonly flags: FlagsOf<O>;
  readonly args: ArgsOf<A>;
  /** All positionals, for optional ones after the required `args`. */
  readonly positionals: readonly string[];
}

export interface PlatformCommandSpec<O extends Options, A extends readonly string[], I> {
  readonly path: readonly string[];
  readonly summary: string;
  /** Arguments and command-specific flags, e.g. `<projectId> [--notes TEXT]`. */
  readonly synopsis: string;
  readonly flags?: O;
  /** Required arguments in order; a missing or empty one is a usage error (`Missing <projectId>.`). */
  readonly args?: A;
  /**
   * Checks and converts the flags and arguments once, into what run needs (throws UsageError). It runs before
   * connecting, so usage errors never wait on the network, and after the required `args` are checked.
   */
  readonly input?: (given: ParsedInput<O, A>) => I;
  readonly run: (
    ctx: ParsedInput<O, A> & { session: CliSession; io: CliIO; input: I; json: boolean },
  ) => Promise<number>;
}

export const CONNECTION_USAGE =
  '  Connection: --sandbox [--sandbox-data DIR] | --base-url URL --auth-url URL [--log-url URL] --client-id ID [--ca-file PEM]\n' +
  '              (or CSTUDIO_BASE_URL, CSTUDIO_AUTH_URL, CSTUDIO_LOG_URL, CSTUDIO_CLIENT_ID; secret in CSTUDIO_CLIENT_SECRET)\n' +
  '              request timeout: CSTUDIO_TIMEOUT_MS (default 30000)\n' +
  '  Output:     --json for machine-readable output; --verbose logs requests to stderr\n';

export function platformCommand<
  const O extends Options = Record<never, never>,
  const A extends readonly string[] = [],
  I = undefined,
>(spec: PlatformCommandSpec<O, A, I>): CliCommand {
  const usage = `Usage: cstudio ${spec.path.join(' ')} ${spec.synopsis}\n\n${spec.summary}\n\n${CONNECTION_USAGE}`;
  return {
    path: spec.path,
    summary: spec.summary,
    usage,
    async run(args: string[], io: CliIO): Promise<number> {
      const { values, positionals } = parseFlags(args, { ...connectionFlags, ...(spec.flags ?? {}) });
      // parseFlags was given exactly connectionFlags & O, so its values are FlagsOf<O>.
      const flags = values as FlagsOf<O>;
      const named: Record<string, string> = {};
      (spec.args ?? []).forEach((name, index) => {
        named[name] = requirePositional(positionals, index, name);
      });
      const parsed: ParsedInput<O, A> = { flags, args: named as ArgsOf<A>, positionals };
      const input = spec.input ? spec.input(parsed) : (undefined as I);
      return withSession(values as ConnectionFlagValues, io, (session) =>
        spec.run({ ...parsed, session, io, input, json: values.json === true }),
      );
    },
  };
}

/** A string flag's value, or undefined. */
export function stringFlag(values: FlagValues, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}
