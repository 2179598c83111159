// Flag parsing shared by CLI commands: strict `node:util` parseArgs with our UsageError, so an unknown flag
// or a missing value is a usage problem (exit 2), never a crash.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './command';

type Options = NonNullable<ParseArgsConfig['options']>;

export interface Parsed<V> {
  values: V;
  positionals: string[];
}

export function parseFlags<O extends Options>(
  args: string[],
  options: O,
  allowPositionals = true,
): Parsed<ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>['values']> {
  try {
    const r = parseArgs({ args, options, allowPositionals, strict: true });
    return { values: r.values, positionals: r.positionals };
  } catch (e) {
    throw new UsageError(flagProblem(e));
  }
}

/**
 * One short sentence for a parseArgs failure. Node's own text is written for programmers (an unknown option's
 * ends in an unbalanced quote: `as in '-- "--bogus"`), so the known cases are said again plainly.
 */
export function flagProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? '';
  const flag = quoted.replace(/ <value>$/, '');
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Unknown option ${flag}.`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `Unexpected argument "${flag}": this command takes none.`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/does not take an argument/.test(message)) return `${flag} takes no value.`;
      if (/ambiguous/.test(message))
        return `${flag} needs a value (to give one that starts with "-", write ${flag}=-VALUE).`;
      return `${flag} needs a value.`;
    default:
      return (message.split('\n')[0] ?? message).replace(/^TypeError \[[A-Z_]+\]: /, '');
  }
}

export function requirePositional(positionals: string[], index: number, name: string): string {
  const v = positionals[index];
  if (v === undefined || v === '') throw new UsageError(`Missing <${name}>.`);
  return v;
}

export function parseIntFlag(value: string | undefined, name: string, min = 0): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be an integer ≥ ${min}, got "${value}".`);
  return n;
}
