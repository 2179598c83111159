// Content hashes of package files. The workspace state records one per file, so status compares a local
// file with the base by hashing it, without reading the base copy.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Hashes a file in 64 KiB chunks, so memory does not grow with the file. */
export async function hashFile(path: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024, signal })) hash.update(chunk as Uint8Array);
  return hash.digest('hex');
}

/** A hash fed chunk by chunk (for data being written elsewhere at the same time). */
export class StreamingHash {
  private readonly hash = createHash('sha256');
  update(chunk: Uint8Array): void {
    this.hash.update(chunk);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}
