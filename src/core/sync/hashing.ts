// Content hashes of package files. The workspace state records one per file, so status compares a local
// file with the base by hashing it, without reading the base copy.
import { createHash } from 'node:crypto';

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
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
