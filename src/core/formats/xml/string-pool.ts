// Reuses one string instance per distinct short name or value (element and attribute names, `true`,
// `1`, intent names …) instead of slicing a fresh copy for each of 100k samples. Lookup hashes the source
// text in place and compares it character by character, so a hit allocates nothing. Bounded, so files
// full of unique values do not grow it without limit.
// An open-addressing table over typed arrays rather than a Map of candidate lists: once the pool is full
// of unique values (ids of a 10,000-rule grammar), every miss used to compare against a whole bucket.

const MAX_POOLED_LENGTH = 24;
const MAX_ENTRIES = 8192;
/** Slots probed before giving up on a value (the table is at most half full, so collisions stay short). */
const MAX_PROBES = 4;

export class StringPool {
  private readonly entries: string[] = [];
  /**
   * Two tables in one typed array (one allocation: a pool is made for every document, most of them small):
   * slots `0 … size-1` hold entry index + 1 (0: empty), the slot chosen by a hash of the characters; from
   * `size` on, the hash of each entry, so most candidates that are not the value are told apart unread.
   */
  private readonly table: Int32Array;
  private readonly size: number;
  private readonly capacity: number;
  private readonly mask: number;

  /** `expectedLength`: the whole document's length when `text` is only its first window (see setText). */
  constructor(
    private text: string,
    expectedLength = text.length,
  ) {
    // Two slots per entry (short probes), a power of two growing with the text, from 256 to 2 × MAX_ENTRIES.
    let size = 256;
    while (size < 2 * MAX_ENTRIES && size * 8 < expectedLength) size *= 2;
    this.table = new Int32Array(size + (size >> 1));
    this.size = size;
    this.capacity = size >> 1;
    this.mask = size - 1;
  }

  /** The text `slice` reads from next (a document scanned a window at a time); the pooled strings stay. */
  setText(text: string): void {
    this.text = text;
  }

  /** `text.slice(start, end)`, shared with earlier equal slices when short. */
  slice(start: number, end: number): string {
    const length = end - start;
    const text = this.text;
    if (length > MAX_POOLED_LENGTH || length <= 0) return text.slice(start, end);
    let hash = length;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    let slot = (hash ^ (hash >>> 15)) & this.mask;
    const table = this.table;
    for (let probe = 0; probe < MAX_PROBES; probe++) {
      const index = table[slot] as number;
      if (index === 0) {
        // A slice of 13 or more characters is a view of the text in V8: a pooled one would keep a whole window
        // (or file) alive for as long as the pool or a model holding the string lives. The pool keeps a copy.
        const s = length < 13 ? text.slice(start, end) : flatCopy(text.slice(start, end));
        if (this.entries.length < this.capacity) {
          table[this.size + this.entries.length] = hash;
          this.entries.push(s);
          table[slot] = this.entries.length;
        }
        return s;
      }
      if (table[this.size + index - 1] === hash) {
        const candidate = this.entries[index - 1] as string;
        if (candidate.length === length && sameText(candidate, text, start)) return candidate;
      }
      slot = (slot + 1) & this.mask;
    }
    return text.slice(start, end);
  }
}

function sameText(candidate: string, text: string, start: number): boolean {
  for (let i = 0; i < candidate.length; i++) if (candidate.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}

/**
 * A string with the characters of `s` that references no larger string: prefixing makes a concatenation, which
 * slicing first flattens into a new string of its own (V8), so the result is not a view of `s`'s source.
 */
export function flatCopy(s: string): string {
  return ` ${s}`.slice(1);
}
