// A three-way TRSX merge proportional to the change: when the local and the remote file each differ from the base
// only inside <samples> (see changedWindow.ts), only the changed samples are merged.
//  - Byte ranges of the base that do not overlap, touching different items: the base with both ranges replaced
//    (local layout kept everywhere).
//  - Overlapping ranges (both sides added samples at the end, say): the union of the ranges is read on each side and
//    merged item by item (mergeTrsx on a few samples); the merged samples are written in the builder's layout.
// A conflict, an ontology edit or anything unusual returns undefined and the caller merges the whole models. Only the
// windows are parsed; one file's bytes are held at a time, plus the base.
import { diffWalks, type TrsxDiff } from './trsxDiff';
import { changedSamplesWindow, type ChangedWindow } from './changedWindow';
import { bytesSource, changedSamplesWindowOf, withSources } from './windowSources';
import { readTrsxDocument, walkTrsxBytes } from '../trsxFile';
import { buildTrsx } from '../../formats/trsx/build';
import { emptyTrsxDocument, type TrsxDocument } from '../../formats/trsx/model';
import { mergeTrsx } from './trsxMerge';

export type WindowMerge =
  /** The local file means what the base means: it takes the remote version. */
  | { readonly kind: 'take-remote' }
  /** The remote file means what the base means: the local file stays. */
  | { readonly kind: 'keep-local' }
  /**
   * Both changed, different items: the base with both sides' windows spliced in, as the pieces to write one after
   * the other (views of the base and copies of the windows: joining them would hold the file's size once more).
   */
  | { readonly kind: 'merged'; readonly parts: readonly Uint8Array[] };

interface Side {
  readonly window: ChangedWindow;
  readonly bytes: Uint8Array;
  readonly diff: TrsxDiff;
}

/**
 * `readLocal` and `readRemote` are called once each and their bytes dropped before the next is read; with
 * `localFile` (the local version's path) the local side is never read whole, only around the change (windowSources.ts).
 */
export async function mergeSampleWindows(
  base: Uint8Array,
  readLocal: () => Promise<Uint8Array | undefined>,
  readRemote: () => Promise<Uint8Array | undefined>,
  localFile?: string,
): Promise<WindowMerge | undefined> {
  const local = localFile ? await sideOfFile(base, localFile) : sideOf(base, await readLocal());
  if (!local) return undefined;
  if (local.diff.changes.length === 0) return { kind: 'take-remote' };
  const remote = sideOf(base, await readRemote());
  if (!remote) return undefined;
  if (remote.diff.changes.length === 0) return { kind: 'keep-local' };
  const [first, second] = local.window.start <= remote.window.start ? [local, remote] : [remote, local];
  if (first.window.beforeEnd > second.window.start) return mergeOverlapping(base, local, remote);
  const touched = new Set(local.diff.changes.map((c) => `${c.kind}\u0000${c.key}`));
  if (remote.diff.changes.some((c) => touched.has(`${c.kind}\u0000${c.key}`))) return undefined;
  return {
    kind: 'merged',
    parts: [
      base.subarray(0, first.window.start),
      first.bytes,
      base.subarray(first.window.beforeEnd, second.window.start),
      second.bytes,
      base.subarray(second.window.beforeEnd),
    ],
  };
}

/** One side's window against the base, its replacement bytes (a copy: the file itself is dropped) and its diff. */
function sideOf(base: Uint8Array, bytes: Uint8Array | undefined): Side | undefined {
  if (!bytes) return undefined;
  const window = changedSamplesWindow(base, bytes);
  return window ? sideOfWindow(window) : undefined;
}

/** The local side read from its file around the change; undefined when that gives no window (the caller reads it whole). */
async function sideOfFile(base: Uint8Array, path: string): Promise<Side | undefined> {
  const found = await withSources(bytesSource(base), path, changedSamplesWindowOf);
  return found?.kind === 'window' ? sideOfWindow(found.window) : undefined;
}

function sideOfWindow(window: ChangedWindow): Side | undefined {
  const read = diffWalks(
    walkTrsxBytes(window.before, 'the base window'),
    walkTrsxBytes(window.after, 'the changed window'),
  );
  if (!read.ok) return undefined;
  // The window's own copy of the changed bytes, between the head and the tail it is wrapped in.
  const bytes = window.after.subarray(window.head.length, window.after.length - window.tail.length);
  return { window, bytes, diff: read.diff };
}

const encoder = new TextEncoder();

/** Overlapping windows: both sides' text of the union range, merged item by item. */
function mergeOverlapping(base: Uint8Array, local: Side, remote: Side): WindowMerge | undefined {
  const start = Math.min(local.window.start, remote.window.start);
  const end = Math.max(local.window.beforeEnd, remote.window.beforeEnd);
  const union = (side: Side): Uint8Array =>
    Buffer.concat([base.subarray(start, side.window.start), side.bytes, base.subarray(side.window.beforeEnd, end)]);
  const wrap = (samples: Uint8Array): Uint8Array => Buffer.concat([local.window.head, samples, local.window.tail]);
  const docs = [base.subarray(start, end), union(local), union(remote)].map((b, i) =>
    readTrsxDocument(wrap(b), `the ${['base', 'local', 'remote'][i]} window`),
  );
  const [b, l, r] = docs;
  if (!b?.ok || !l?.ok || !r?.ok) return undefined;
  const merged = mergeTrsx(b.document, l.document, r.document);
  if (merged.conflicts.length > 0) return undefined;
  return {
    kind: 'merged',
    parts: [base.subarray(0, start), encoder.encode(samplesLayout(merged.document)), base.subarray(end)],
  };
}

/** The samples of a (window) document as the builder lays them out, one per line, no section tags. */
function samplesLayout(doc: TrsxDocument): string {
  if (doc.samples.length === 0) return '';
  const built = buildTrsx({ ...emptyTrsxDocument(doc.lang), samples: doc.samples });
  const open = built.indexOf('<samples>') + '<samples>'.length;
  const close = built.lastIndexOf('</samples>');
  return `${built.slice(open, close).trim()}\n    `;
}
