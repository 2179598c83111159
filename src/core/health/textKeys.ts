// Distinct texts numbered without keeping the texts: a text is known by two independent 32-bit hashes (64 bits:
// for 100k texts the chance that two differ yet share both is about 3·10⁻¹⁰), in an open-addressing table of
// typed arrays. A report keeps one number per distinct sample text instead of the string and a Map entry, so
// the heap it grows while reading a large file stays small; the callers that must be exact about a text
// (a conflict) read it again from the file.
import { flatInt32, release } from './flatArrays';

export function textHashes(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return [a | 0, b | 0];
}

export class TextKeys {
  private capacity = 1024;
  private high = flatInt32(this.capacity);
  private low = flatInt32(this.capacity);
  /** Id + 1 per slot (0: empty). */
  private ids = flatInt32(this.capacity);
  size = 0;

  /** The id of `text`, a new one (the next number) when it is not known yet; `isNew` tells which. */
  idOf(text: string): { id: number; isNew: boolean } {
    const [h, l] = textHashes(text);
    let slot = (h ^ Math.imul(l, 0x27d4eb2d)) & (this.capacity - 1);
    for (;;) {
      const id = this.ids[slot] as number;
      if (id === 0) break;
      if (this.high[slot] === h && this.low[slot] === l) return { id: id - 1, isNew: false };
      slot = (slot + 1) & (this.capacity - 1);
    }
    const id = this.size++;
    this.high[slot] = h;
    this.low[slot] = l;
    this.ids[slot] = id + 1;
    if (this.size * 2 > this.capacity) this.grow();
    return { id, isNew: true };
  }

  private grow(): void {
    const { high, low, ids } = this;
    this.capacity *= 2;
    this.high = flatInt32(this.capacity);
    this.low = flatInt32(this.capacity);
    this.ids = flatInt32(this.capacity);
    for (let s = 0; s < ids.length; s++) {
      if (ids[s] === 0) continue;
      const h = high[s] as number;
      const l = low[s] as number;
      let slot = (h ^ Math.imul(l, 0x27d4eb2d)) & (this.capacity - 1);
      while (this.ids[slot] !== 0) slot = (slot + 1) & (this.capacity - 1);
      this.high[slot] = h;
      this.low[slot] = l;
      this.ids[slot] = ids[s] as number;
    }
    release(high, low, ids);
  }

  /** Gives the table's memory back (flatArrays.ts); it must not be used afterwards. */
  release(): void {
    release(this.high, this.low, this.ids);
    this.size = 0;
  }
}
