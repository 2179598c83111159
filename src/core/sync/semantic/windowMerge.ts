// A three-way TRSX merge proportional to the change: when the local and the remote file each differ from the base
// only inside <samples> (see changedWindow.ts), in byte ranges of the base that do not overlap, and the items the
// two sides touched are different items, the merge is the base with both ranges replaced, local layout kept.
// Anything else (overlapping ranges, an item changed on both sides, an ontology edit) returns undefined and the
// caller merges the whole models. Only the windows are parsed; one file's bytes are held at a time, plus the base.
import { diffWalks, type TrsxDiff } from './trsxDiff';
import { changedSamplesWindow, type ChangedWindow } from './changedWindow';
import { walkTrsxBytes } from '../trsxFile';

export type WindowMerge =
  /** The local file means what the base means: it takes the remote version. */
  | { readonly kind: 'take-remote' }
  /** The remote file means what the base means: the local file stays. */
  | { readonly kind: 'keep-local' }
  /** Both changed, different items: `bytes` is the base with both sides' windows spliced in. */
  | { readonly kind: 'merged'; readonly bytes: Uint8Array };

interface Side { readonly window: ChangedWindow; readonly bytes: Uint8Array; readonly diff: TrsxDiff }

/** `readLocal` and `readRemote` are called once each and their bytes dropped before the next is read. */
export async function mergeSampleWindows(
  base: Uint8Array, readLocal: () => Promise<Uint8Array | undefined>, readRemote: () => Promise<Uint8Array | undefined>,
): Promise<WindowMerge | undefined> {
  const local = sideOf(base, await readLocal());
  if (!local) return undefined;
  if (local.diff.changes.length === 0) return { kind: 'take-remote' };
  const remote = sideOf(base, await readRemote());
  if (!remote) return undefined;
  if (remote.diff.changes.length === 0) return { kind: 'keep-local' };
  const [first, second] = local.window.start <= remote.window.start ? [local, remote] : [remote, local];
  if (first.window.beforeEnd > second.window.start) return undefined;
  const touched = new Set(local.diff.changes.map((c) => `${c.kind}\u0000${c.key}`));
  if (remote.diff.changes.some((c) => touched.has(`${c.kind}\u0000${c.key}`))) return undefined;
  return {
    kind: 'merged',
    bytes: Buffer.concat([
      base.subarray(0, first.window.start), first.bytes,
      base.subarray(first.window.beforeEnd, second.window.start), second.bytes,
      base.subarray(second.window.beforeEnd),
    ]),
  };
}

/** One side's window against the base, its replacement bytes (a copy: the file itself is dropped) and its diff. */
function sideOf(base: Uint8Array, bytes: Uint8Array | undefined): Side | undefined {
  if (!bytes) return undefined;
  const window = changedSamplesWindow(base, bytes);
  if (!window) return undefined;
  const read = diffWalks(walkTrsxBytes(window.before, 'the base window'), walkTrsxBytes(window.after, 'the changed window'));
  if (!read.ok) return undefined;
  return { window, bytes: Uint8Array.prototype.slice.call(bytes, window.start, window.afterEnd), diff: read.diff };
}
