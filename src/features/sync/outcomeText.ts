// A push outcome in words: one line for a notification, and the exact detail (every operation, applied,
// failed or never tried) for a document.
import type { PullResult } from '../../core/sync/pull';
import type { PushOutcome } from '../../core/sync/push';

/** An earlier push whose unknown outcome was settled (its jobs waited for, the base refreshed) before this one. */
export function settledSummary(r: PullResult): string {
  const n = r.settledPush?.jobsWaited ?? 0;
  return `An earlier push had not ended cleanly: ${n > 0 ? `waited for ${n} job(s), then ` : ''}refreshed the base from the platform, so only what it did not receive is sent.`;
}

export function describeOutcome(o: PushOutcome): { summary: string; details: string } {
  const total = o.results.length + o.notAttempted.length;
  const applied = o.results.filter((r) => r.status === 'applied').length;
  const summary =
    o.status === 'completed'
      ? `Push completed: ${applied} of ${total} operation(s) applied${o.backup ? `; backup ${o.backup.name}` : ''}.`
      : `Push ${o.status}: ${applied} of ${total} operation(s) applied. ${o.results.find((r) => r.status !== 'applied')?.error ?? ''}`.trim();
  const lines = [summary, ''];
  for (const r of o.results)
    lines.push(
      `${r.status === 'applied' ? '✔' : r.status === 'failed' ? '✖' : '?'} ${r.operation.method} ${r.operation.endpoint} — ${r.operation.title}${r.job ? ` (job ${r.job.id} ${r.job.status})` : ''}${r.error ? `\n    ${r.error}` : ''}`,
    );
  for (const op of o.notAttempted) lines.push(`· not attempted: ${op.method} ${op.endpoint} — ${op.title}`);
  if (o.backup) lines.push('', `Backup of the remote package: ${o.backup.path}`);
  if (o.lockProblem) lines.push('', o.lockProblem);
  if (o.pending) lines.push('', o.pending);
  if (o.refresh)
    lines.push(
      '',
      o.refresh.ok
        ? 'The base was refreshed from the platform; the Source Control view shows what remains.'
        : `The base was not refreshed: ${o.refresh.error}`,
    );
  return { summary, details: `${lines.join('\n')}\n` };
}
