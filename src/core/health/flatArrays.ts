// The report's growing number arrays (the sample table, its text keys) on resizable ArrayBuffers:
// growing one commits more pages in place (no doubled copy left behind) and release() returns its pages at once.
// A plain typed array's memory is off the V8 heap: dropped, it waits for a full GC, which V8 starts for external
// memory only after tens of MB of it, so one locale's tables and every outgrown copy were still resident while
// the next locale was read (bench/report: 6-10 MB of the peak). V8 reserves the address range of maxByteLength
// up front and commits pages as the buffer grows; resize(0) gives them back to the system. With the near-duplicate
// pass's arrays on them too, the report took ~20% more CPU (V8 11.3 reads them through slower paths): that pass's
// hot loops keep plain, exactly sized arrays.
export type FlatArray = Int32Array | Float64Array;

/** The largest a flat array may grow in place (address space reserved, not memory); beyond it, a copy. */
const RESERVED_BYTES = 64 * 1024 * 1024;

interface Resizable {
  /** False for a plain ArrayBuffer (whose resize() throws). */
  readonly resizable: boolean;
  readonly maxByteLength: number;
  resize(byteLength: number): void;
}

// ES2024's resizable ArrayBuffer (Node 20 has it; the project's TypeScript lib, ES2023, does not type it yet).
const ResizableBuffer = ArrayBuffer as unknown as new (
  byteLength: number,
  options: { maxByteLength: number },
) => ArrayBuffer & Resizable;

function allocate<T extends FlatArray>(
  kind: new (buffer: ArrayBuffer) => T,
  bytesPerElement: number,
  length: number,
): T {
  const bytes = length * bytesPerElement;
  return new kind(new ResizableBuffer(bytes, { maxByteLength: Math.max(RESERVED_BYTES, bytes) }));
}

/** An Int32Array of `length` zeros whose length follows its buffer (grown by `ensureIndex`). */
export function flatInt32(length: number): Int32Array {
  return allocate(Int32Array, 4, length);
}

export function flatFloat64(length: number): Float64Array {
  return allocate(Float64Array, 8, length);
}

/** `a`, holding index `index` (grown in place, at least doubled; a copy only past the reserved range). */
export function ensureIndex<T extends FlatArray>(a: T, index: number): T {
  if (index < a.length) return a;
  const length = Math.max(a.length * 2, index + 1);
  const buffer = a.buffer as unknown as Resizable;
  const bytes = length * a.BYTES_PER_ELEMENT;
  if (buffer.resizable && bytes <= buffer.maxByteLength) {
    buffer.resize(bytes);
    return a;
  }
  const copy = allocate(a.constructor as new (buffer: ArrayBuffer) => T, a.BYTES_PER_ELEMENT, length);
  copy.set(a);
  release(a);
  return copy;
}

/** Gives `a`'s memory back now; `a` is empty afterwards (a plain typed array is left to the GC). */
export function release(...arrays: FlatArray[]): void {
  for (const a of arrays) {
    const buffer = a.buffer as unknown as Resizable;
    if (buffer.resizable) buffer.resize(0);
  }
}
