// Renames of intents and entities recognised across a package comparison, TRSX and dialog.json together, so
// `cstudio compare` shows one line per rename instead of an intent removed, another added and every sample of it
// removed and added again. dialog.json says a rename outright (an ontology name changed under the same UUID);
// a TRSX file alone shows one when an intent or entity disappeared, another appeared, and every item that named
// the old one reappears naming the new one.

import { onlyRenamed, replaceName, type DialogChange, type DialogRename } from '../../dialog/dialogDiff';
import type { SemanticChange } from './trsxDiff';

export interface RenamedName {
  kind: 'intent' | 'entity';
  from: string;
  to: string;
  /** Package paths where the rename shows. */
  files: string[];
}

export interface RenameFile {
  path: string;
  trsx?: readonly SemanticChange[];
  dialog?: { changes: readonly DialogChange[]; renames: readonly DialogRename[] };
}

export interface RenamesFound {
  renames: RenamedName[];
  /** Changes (TRSX SemanticChange or DialogChange objects) a rename accounts for: not shown on their own. */
  covered: Set<object>;
}

export function findRenames(files: readonly RenameFile[]): RenamesFound {
  const covered = new Set<object>();
  const found = new Map<string, RenamedName>();
  const note = (r: DialogRename, path: string): void => {
    const key = `${r.kind}\u0000${r.from}\u0000${r.to}`;
    let entry = found.get(key);
    if (!entry) {
      entry = { ...r, files: [] };
      found.set(key, entry);
    }
    if (!entry.files.includes(path)) entry.files.push(path);
  };
  const fromDialog = files.flatMap((f) => f.dialog?.renames ?? []);
  for (const f of files) {
    if (f.dialog) {
      for (const r of f.dialog.renames) {
        note(r, f.path);
        for (const c of f.dialog.changes) if (onlyRenamed(c, r)) covered.add(c);
      }
    }
    if (!f.trsx) continue;
    for (const kind of ['intent', 'entity'] as const) {
      const removed = f.trsx.filter((c) => c.kind === kind && c.change === 'removed');
      const added = f.trsx.filter((c) => c.kind === kind && c.change === 'added');
      const candidates = fromDialog.filter((r) => r.kind === kind);
      if (candidates.length === 0 && removed.length === 1 && added.length === 1)
        candidates.push({ kind, from: (removed[0] as SemanticChange).key, to: (added[0] as SemanticChange).key });
      for (const r of candidates) {
        const matched = trsxRename(f.trsx, r);
        if (!matched) continue;
        for (const c of matched) covered.add(c);
        note(r, f.path);
      }
    }
  }
  return { renames: [...found.values()], covered };
}

/** The changes of one TRSX file that `rename` accounts for, or undefined when the file does not show it. */
function trsxRename(changes: readonly SemanticChange[], rename: DialogRename): SemanticChange[] | undefined {
  const gone = changes.find((c) => c.kind === rename.kind && c.change === 'removed' && c.key === rename.from);
  const come = changes.find((c) => c.kind === rename.kind && c.change === 'added' && c.key === rename.to);
  if (!gone || !come) return undefined;
  const out = [gone, come];
  const added = new Map<string, SemanticChange[]>();
  for (const c of changes)
    if (c.change === 'added' && c !== come)
      added.set(`${c.kind}\u0000${c.key}`, [...(added.get(`${c.kind}\u0000${c.key}`) ?? []), c]);
  for (const c of changes) {
    if (c.change !== 'removed' || c === gone) continue;
    const renamed = replaceName(c.key, rename.from, rename.to);
    if (renamed === c.key) continue;
    const twins = added.get(`${c.kind}\u0000${renamed}`);
    const twin = twins?.shift();
    if (!twin) return undefined; // something naming the old one did not come back naming the new one
    out.push(c, twin);
  }
  // Items whose only change is the name they mention (an intent's link to a renamed entity).
  for (const c of changes)
    if (
      c.change === 'changed' &&
      c.detail !== undefined &&
      c.detail.includes(rename.from) &&
      c.detail.includes(rename.to)
    )
      out.push(c);
  return out;
}
