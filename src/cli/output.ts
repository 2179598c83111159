// Human-readable tables and JSON output for CLI commands. Human output goes to stdout; `--json` output is
// machine-readable and stable, so scripts in CI pipelines can parse it.
import type { CliIO } from './command';

export interface Column<T> {
  header: string;
  value: (row: T) => string | number | boolean | undefined;
}

export function formatTable<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((r) => columns.map((c) => String(c.value(r) ?? '')));
  const widths = columns.map((c, i) => cells.reduce((m, row) => Math.max(m, (row[i] ?? '').length), c.header.length));
  const line = (values: string[]): string =>
    values
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), ...cells.map(line)].join('\n') + '\n';
}

export function printJson(io: CliIO, value: unknown): void {
  io.stdout(JSON.stringify(value, null, 2) + '\n');
}

/** Prints rows as a table, or as JSON when `json` is set; an empty list says so instead of a bare header. */
export function printRows<T>(
  io: CliIO,
  rows: readonly T[],
  columns: readonly Column<T>[],
  json: boolean,
  emptyMessage: string,
): void {
  if (json) printJson(io, rows);
  else if (rows.length === 0) io.stdout(emptyMessage + '\n');
  else io.stdout(formatTable(rows, columns));
}

/** Key/value block for a single resource. */
export function formatDetails(pairs: ReadonlyArray<readonly [string, unknown]>): string {
  const width = pairs.reduce((m, [k]) => Math.max(m, k.length), -Infinity);
  return (
    pairs
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => `${k.padEnd(width)}  ${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join('\n') + '\n'
  );
}
