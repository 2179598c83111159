// A push plan: every operation a push will send, its endpoint, and what it adds, changes or deletes — shown
// to the user before anything is sent. Plans are built by appendPlan.ts and replacePlan.ts and run by
// pushRun.ts.
import type { HttpMethod } from '../platform/retry';

export type PushMode = 'append' | 'replace';
/** Replace granularity: per intent and entity where possible (auto), or always the whole package. */
export type ReplaceScope = 'auto' | 'package';

export type OperationKind =
  | 'ontologyAppend'
  | 'samplesAppend'
  | 'samplesReplace'
  | 'literalsAppend'
  | 'literalsReplace'
  | 'packageReplace';

export interface PushOperation {
  readonly kind: OperationKind;
  readonly method: HttpMethod;
  /** Path and query, e.g. `/v4/projects/1001/intents/ORDER/samples/.append?locale=en-US`. */
  readonly endpoint: string;
  readonly title: string;
  readonly locale?: string;
  /** The intent or entity the operation is about. */
  readonly target?: string;
  readonly adds: readonly string[];
  readonly changes: readonly string[];
  readonly deletes: readonly string[];
  /** Whether the platform deletes anything it holds (replace operations). */
  readonly destructive: boolean;
  /** The file sent; the whole-package replace builds its zip when it runs. */
  readonly upload?: { readonly fileName: string; readonly data: Uint8Array };
}

export interface PushPlan {
  readonly projectId: string;
  readonly mode: PushMode;
  readonly operations: readonly PushOperation[];
  /** Local changes this plan does not send, each with the reason. */
  readonly notSent: readonly string[];
  readonly warnings: readonly string[];
  /** Lock the project (with these notes) for the duration of the push. */
  readonly lock?: { readonly notes: string };
  /** Whether the remote package is saved into .cstudio/backups/ first (any destructive operation). */
  readonly backup: boolean;
}

export function isDestructive(plan: PushPlan): boolean {
  return plan.operations.some((o) => o.destructive);
}

/** A plain-text rendering (CLI, the plan document in VS Code). `maxItems` caps each list per operation. */
export function formatPlan(plan: PushPlan, maxItems = 10): string {
  const lines: string[] = [];
  const n = plan.operations.length;
  lines.push(`Push plan for project ${plan.projectId} (${plan.mode}): ${n} operation${n === 1 ? '' : 's'}.`);
  let step = 1;
  if (plan.backup)
    lines.push(
      `  ${step++}. Save the remote package into .cstudio/backups/ (GET /v4/projects/${plan.projectId}/.export)`,
    );
  if (plan.lock && n > 0)
    lines.push(
      `  ${step++}. PUT /v4/projects/${plan.projectId}/.lock — lock the project${plan.lock.notes ? ` (notes: "${plan.lock.notes}")` : ''}`,
    );
  for (const op of plan.operations) {
    lines.push(`  ${step++}. ${op.method} ${op.endpoint} — ${op.title}${op.destructive ? ' [destructive]' : ''}`);
    list(lines, '+', op.adds, maxItems);
    list(lines, '~', op.changes, maxItems);
    list(lines, '−', op.deletes, maxItems);
  }
  if (plan.lock && n > 0) lines.push(`  ${step++}. PUT /v4/projects/${plan.projectId}/.unlock — unlock the project`);
  if (plan.notSent.length > 0) {
    lines.push(plan.mode === 'append' ? 'Not sent (append only adds; push with replace to send these):' : 'Not sent:');
    list(lines, '•', plan.notSent, maxItems * 2);
  }
  if (plan.warnings.length > 0) {
    lines.push('Warnings:');
    list(lines, '!', plan.warnings, maxItems * 2);
  }
  return `${lines.join('\n')}\n`;
}

function list(lines: string[], mark: string, items: readonly string[], max: number): void {
  for (const item of items.slice(0, max)) lines.push(`       ${mark} ${item}`);
  if (items.length > max) lines.push(`       … and ${items.length - max} more`);
}
