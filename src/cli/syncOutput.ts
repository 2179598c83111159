// Text and JSON renderings shared by the sync commands (pull, status, diff, push, backups, compare).
import { resolve } from 'node:path';
import type { FileChange, PackageComparison } from '../core/sync/compare';
import type { PullResult } from '../core/sync/pull';
import type { PushOutcome } from '../core/sync/push';
import type { PushPlan } from '../core/sync/pushPlan';
import { summarizeCounts } from '../core/sync/semantic/trsxDiff';
import type { WorkspaceStatus } from '../core/sync/status';
import { findWorkspaceRoot } from '../core/sync/workspace';
import type { Progress } from '../core/progress';
import { UsageError, type CliIO } from './command';

const LETTER: Record<FileChange['change'], string> = { added: 'A', removed: 'D', modified: 'M', reformatted: 'R' };

/** The pulled workspace at or above `dir` (relative to cwd), or a usage error saying how to get one. */
export async function workspaceRoot(cwd: string, dir: string | undefined): Promise<string> {
  const start = resolve(cwd, dir ?? '.');
  const root = await findWorkspaceRoot(start);
  if (!root)
    throw new UsageError(
      `${start} is not inside a pulled project folder; pull one first: cstudio pull <projectId> [dir].`,
    );
  return root;
}

export function fileLine(f: FileChange): string {
  const summary = f.semantic
    ? summarizeCounts(f.semantic.counts).join('; ')
    : f.dialog
      ? dialogSummary(f.dialog.changes)
      : '';
  const note =
    f.change === 'reformatted'
      ? 'layout only, same meaning'
      : (f.problem ??
        (f.kind === 'unknown' ? 'not part of the package layout' : f.restricted ? 'restricted file' : summary));
  return `  ${LETTER[f.change]} ${f.path}${note ? `   ${note}` : ''}`;
}

/**
 * Every semantic change of the files, one line each: `+ sample "…" of X (en-US)`; dialog.json's by UUID. With a
 * comparison's renames, each rename is one line (`R intent A → B (files)`) and the changes it accounts for are not
 * listed again.
 */
export function semanticLines(
  files: readonly FileChange[],
  max = 200,
  renames?: Pick<PackageComparison, 'renames' | 'coveredByRenames'>,
): string[] {
  const out: string[] = [];
  for (const r of renames?.renames ?? []) out.push(`R ${r.kind} ${r.from} → ${r.to}   (${r.files.join(', ')})`);
  const covered = renames?.coveredByRenames;
  for (const f of files) {
    const changes: ReadonlyArray<{ change: string; label: string; detail?: string }> = [
      ...(f.semantic?.changes ?? []),
      ...(f.dialog?.changes ?? []),
    ];
    const shown = covered ? changes.filter((c) => !covered.has(c)) : changes;
    if (covered && changes.length > 0 && shown.length === 0) continue; // all of it is a rename above
    out.push(fileLine(f).trimStart());
    for (const c of shown) {
      if (out.length >= max) {
        out.push('  …');
        return out;
      }
      const mark = c.change === 'added' ? '+' : c.change === 'removed' ? '-' : '~';
      out.push(`    ${mark} ${c.label}${c.detail ? ` (${c.detail})` : ''}`);
    }
  }
  return out;
}

function dialogSummary(changes: NonNullable<FileChange['dialog']>['changes']): string {
  const counts = new Map<string, number>();
  for (const c of changes) counts.set(`${c.kind} ${c.change}`, (counts.get(`${c.kind} ${c.change}`) ?? 0) + 1);
  return [...counts]
    .map(([what, n]) => {
      const [kind, change] = what.split(' ');
      return `${n} ${kind}${n === 1 ? '' : 's'} ${change}`;
    })
    .join('; ');
}

export function formatStatus(s: WorkspaceStatus): string {
  const { state } = s;
  const lines = [
    `Project ${state.projectId}${state.projectName ? ` "${state.projectName}"` : ''} in ${s.root}`,
    `Pulled ${state.pulledAt} from ${state.connection.name ? `${state.connection.name} (${state.connection.baseUrl})` : state.connection.baseUrl}`,
    `State: ${s.sync} — ${s.ahead} local change(s), ${s.behind === undefined ? 'remote not checked' : `${s.behind} remote change(s)`}`,
  ];
  if (s.settled) lines.push(formatSettled(s.settled));
  if (s.pendingPush)
    lines.push(
      'An earlier push has not been settled with the platform (its outcome is unknown, so the base may lag behind); `cstudio status` with a connection, or the next push, settles it.',
    );
  const local = s.local.filter((f) => f.change !== 'reformatted');
  lines.push(local.length > 0 ? 'Local changes:' : 'Local changes: none');
  for (const f of local) lines.push(fileLine(f));
  if (s.remote) {
    lines.push(s.remote.length > 0 ? 'Remote changes since the pull:' : 'Remote changes since the pull: none');
    for (const f of s.remote) lines.push(fileLine(f));
  }
  if (s.conflicts.length > 0) {
    lines.push('Conflicts (settle with: cstudio pull --keep-local | --take-remote):');
    for (const c of s.conflicts)
      for (const i of c.items) lines.push(`  ${c.path}: ${i.label} (local ${i.local}, remote ${i.remote})`);
  }
  return `${lines.join('\n')}\n`;
}

export function statusJson(s: WorkspaceStatus): unknown {
  return {
    root: s.root,
    projectId: s.state.projectId,
    projectName: s.state.projectName,
    pulledAt: s.state.pulledAt,
    connection: s.state.connection,
    sync: s.sync,
    ahead: s.ahead,
    behind: s.behind,
    local: s.local.map(changeJson),
    remote: s.remote?.map(changeJson),
    conflicts: s.conflicts,
    pendingPush: s.pendingPush,
    settledPush: s.settled?.settledPush,
  };
}

export function changeJson(f: FileChange): unknown {
  return {
    path: f.path,
    change: f.change,
    kind: f.kind,
    locale: f.locale,
    restricted: f.restricted,
    problem: f.problem,
    semantic: f.semantic
      ? {
          counts: f.semantic.counts,
          changes: f.semantic.changes.map((c) => ({
            kind: c.kind,
            change: c.change,
            label: c.label,
            detail: c.detail,
          })),
        }
      : undefined,
    dialog: f.dialog
      ? {
          changes: f.dialog.changes.map((c) => ({
            kind: c.kind,
            change: c.change,
            id: c.id,
            label: c.label,
            detail: c.detail,
          })),
          renames: f.dialog.renames,
        }
      : undefined,
  };
}

export function comparisonJson(c: PackageComparison): unknown {
  return {
    before: c.before,
    after: c.after,
    unchanged: c.unchanged,
    renames: c.renames,
    files: c.files.map(changeJson),
  };
}

/** One line on an earlier push whose unknown outcome a pull settled. */
/**
 * Progress of status and pull on stderr: only the settling of an earlier push is said (it can wait for the project's
 * jobs and, up to the request timeout, for a late request); per-file progress would drown it.
 */
export function settleProgress(io: Pick<CliIO, 'stderr'>): Progress {
  return {
    report: ({ message }) => {
      if (message && /earlier|Waiting for job/.test(message)) io.stderr(`${message}\n`);
    },
  };
}

export function formatSettled(r: PullResult): string {
  const n = r.settledPush?.jobsWaited ?? 0;
  const late = r.settledPush?.late;
  const first =
    late?.kind === 'arrived'
      ? `its request reached the platform late (job ${late.jobId}, after ${Math.round(late.waitedMs / 1000)} s of waiting); `
      : late?.kind === 'windowPassed'
        ? `no job of its request appeared within the request's timeout; `
        : late?.kind === 'forced'
          ? 'not waiting for its request (--force: if it still arrives, it is applied twice); '
          : '';
  return `Settled an earlier push whose outcome was unknown: ${first}${n > 0 ? `waited for ${n} job(s) of the project, then ` : ''}refreshed the base from the platform (what it had received is no longer shown as a local change).`;
}

export function formatPull(r: PullResult): string {
  const lines = [`${r.fresh ? 'Pulled' : 'Updated'} project ${r.projectId} into ${r.root}.`];
  if (r.settledPush) lines.push(formatSettled(r));
  const list = (title: string, items: readonly string[]): void => {
    if (items.length > 0) lines.push(`${title}: ${items.join(', ')}`);
  };
  list('Took the remote version', r.updated);
  list('Deleted (removed remotely)', r.deleted);
  list('Merged remote changes with local edits', r.merged);
  list('Kept local edits', r.keptLocal);
  if (r.savedLocalCopies) lines.push(`Local versions replaced by your choice were saved in ${r.savedLocalCopies}`);
  if (r.conflicts.length > 0) {
    lines.push('Conflicts — these local files were left untouched; settle them with --keep-local or --take-remote:');
    for (const c of r.conflicts)
      for (const i of c.items) lines.push(`  ${c.path}: ${i.label} (local ${i.local}, remote ${i.remote})`);
  }
  return `${lines.join('\n')}\n`;
}

/** The plan without the uploaded bytes. */
export function planJson(plan: PushPlan): unknown {
  return {
    ...plan,
    operations: plan.operations.map(({ upload, ...op }) => ({
      ...op,
      upload: upload ? { fileName: upload.fileName, bytes: upload.data.length } : undefined,
    })),
  };
}

export function formatOutcome(o: PushOutcome): string {
  const total = o.results.length + o.notAttempted.length;
  const applied = o.results.filter((r) => r.status === 'applied').length;
  const lines = [
    o.status === 'completed'
      ? `Push completed: ${applied} of ${total} operation(s) applied.`
      : `Push ${o.status}: ${applied} of ${total} operation(s) applied.`,
  ];
  if (o.backup) lines.push(`Backup of the remote package: ${o.backup.path}`);
  for (const r of o.results) {
    const mark = r.status === 'applied' ? '✔' : r.status === 'failed' ? '✖ failed' : '? unknown';
    lines.push(
      `  ${mark} ${r.operation.method} ${r.operation.endpoint} — ${r.operation.title}${r.job ? ` (job ${r.job.id} ${r.job.status})` : ''}${r.error ? `: ${r.error}` : ''}`,
    );
  }
  for (const op of o.notAttempted) lines.push(`  · not attempted: ${op.method} ${op.endpoint} — ${op.title}`);
  if (o.lockProblem) lines.push(o.lockProblem);
  if (o.pending) lines.push(o.pending);
  if (o.refresh?.ok === true)
    lines.push('The base was refreshed from the platform; `cstudio status` shows what remains to push.');
  else if (o.refresh) lines.push(`The base was not refreshed: ${o.refresh.error}`);
  return `${lines.join('\n')}\n`;
}
