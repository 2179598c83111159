// Flag parsing shared by CLI commands: strict `node:util` parseArgs with our UsageError, so an unknown flag
// or a missing value is a usage problem (exit 2), never a crash.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './command';

type Options = NonNullable<ParseArgsConfig['options']>;

export interface Parsed<V> {
  values: V;
  positionals: string[];
}

export function parseFlags<O extends Options>(args: string[], options: O, allowPositionals = true): Parsed<ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>['values']> {
  try {
    const r = parseArgs({ args, options, allowPositionals, strict: true });
    return { values: r.values, positionals: r.positionals };
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ''));
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
