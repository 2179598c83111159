// JSON Lines output of records (one record per line, exactly as received): `toJsonLine` for printing,
// `writeJsonl` for "Save Logs", which streams into a temporary file with backpressure and replaces the
// target only once everything is written.
import { openAtomic } from '../fs/atomicFile';
import { throwIfAborted } from '../progress';
import type { LogRecord } from './records';

const CHUNK_BYTES = 64 * 1024;

export function toJsonLine(record: LogRecord): string {
  return `${JSON.stringify(record)}\n`;
}

/** Writes the records to `file` (atomically); returns how many were written. */
export async function writeJsonl(
  file: string,
  records: Iterable<LogRecord> | AsyncIterable<LogRecord>,
  signal?: AbortSignal,
): Promise<number> {
  const out = await openAtomic(file, 0o644);
  let count = 0;
  let pending: string[] = [];
  let size = 0;
  const flush = async (): Promise<void> => {
    if (pending.length === 0) return;
    await out.handle.write(pending.join(''));
    pending = [];
    size = 0;
  };
  try {
    for await (const record of records) {
      throwIfAborted(signal);
      const line = toJsonLine(record);
      pending.push(line);
      size += line.length;
      count++;
      if (size >= CHUNK_BYTES) await flush();
    }
    await flush();
    await out.commit();
    return count;
  } catch (err) {
    await out.abort();
    throw err;
  }
}
