// `cstudio push [dir] --append|--replace`: builds the plan, prints it, asks (twice for a replace, which
// deletes on the platform) unless --yes, then sends it and reports exactly what was applied.
import { executePush, preparePush } from '../../core/sync/push';
import { PushRefusedError } from '../../core/sync/pushErrors';
import { formatPlan, isDestructive } from '../../core/sync/pushPlan';
import { ProblemCap } from '../../core/problemCap';
import { formatProblem } from '../../core/sync/validation';
import { UsageError } from '../command';
import { confirm } from '../confirm';
import { printJson } from '../output';
import { platformCommand } from '../platformCommand';
import { formatOutcome, formatSettled, planJson, workspaceRoot } from '../syncOutput';

export const syncPush = platformCommand({
  path: ['push'],
  summary: 'Send local changes to the platform by append (additions only) or replace (a backup is saved first).',
  synopsis:
    '[dir] --append|--replace [--package] [--yes] [--lock] [--notes TEXT] [--force]\n\n' +
    '  --append    send only additions: new samples, literals, intents and entities\n' +
    '  --replace   replace samples per intent and literals per entity (or, when needed, the whole package)\n' +
    '  --package   with --replace: always replace the whole package\n' +
    '  --lock      lock the project while pushing (notes from --notes), unlock afterwards\n' +
    '  --yes       do not ask; without it the plan is printed and confirmed first\n' +
    '  --force     do not wait for a request of an interrupted push that may still reach the platform\n' +
    '              (it is then applied twice if it does arrive)',
  flags: {
    append: { type: 'boolean' },
    replace: { type: 'boolean' },
    package: { type: 'boolean' },
    yes: { type: 'boolean' },
    lock: { type: 'boolean' },
    notes: { type: 'string' },
    force: { type: 'boolean' },
  },
  input: ({ flags, positionals }) => {
    if ((flags.append === true) === (flags.replace === true))
      throw new UsageError('Say how to push: --append or --replace.');
    if (flags.package === true && flags.replace !== true) throw new UsageError('--package goes with --replace.');
    if (positionals.length > 1) throw new UsageError(`Too many arguments: ${positionals.join(' ')}.`);
    return { dir: positionals[0], mode: flags.replace === true ? ('replace' as const) : ('append' as const) };
  },
  async run({ session, io, flags, input: { dir, mode }, json }) {
    const root = await workspaceRoot(io.cwd, dir);
    const notes = flags.notes ?? 'cstudio push';
    try {
      const progress = {
        report: ({ message }: { message?: string }) => {
          if (message) io.stderr(`${message}\n`);
        },
      };
      const prepared = await preparePush(session.client, root, {
        mode,
        scope: flags.package === true ? 'package' : 'auto',
        lock: flags.lock === true ? { notes } : undefined,
        signal: io.signal,
        progress,
        force: flags.force === true,
      });
      const { plan } = prepared;
      if (prepared.settled) io.stderr(`${formatSettled(prepared.settled)}\n`);
      // A workspace can have 100,000s of warnings (one per sample): the first few of each kind, then counts.
      const cap = new ProblemCap();
      for (const w of prepared.warnings)
        if (cap.admit(w.path ?? '(workspace)', w.code, w.severity)) io.stderr(`${formatProblem(w)}\n`);
      for (const line of cap.summary()) io.stderr(`${line}\n`);
      if (!json) io.stdout(formatPlan(plan));
      if (plan.operations.length === 0) {
        if (json) printJson(io, { plan: planJson(plan), outcome: { status: 'nothing' } });
        else io.stdout('Nothing to push.\n');
        return 0;
      }
      if (flags.yes !== true) {
        await confirm(io, `Send these ${plan.operations.length} operation(s) to project ${plan.projectId}? [y/N] `);
        if (isDestructive(plan)) {
          await confirm(
            io,
            `This deletes content on the platform (the remote package is saved into .cstudio/backups/ first). Type the project id ${plan.projectId} to go ahead: `,
            plan.projectId,
          );
        }
      }
      const outcome = await executePush(session.client, prepared, { signal: io.signal, progress });
      if (json)
        printJson(io, {
          plan: planJson(plan),
          outcome: {
            ...outcome,
            results: outcome.results.map((r) => ({ ...r, operation: r.operation.title })),
            notAttempted: outcome.notAttempted.map((o) => o.title),
          },
        });
      else io.stdout(formatOutcome(outcome));
      return outcome.status === 'completed' ? 0 : 1;
    } catch (err) {
      if (!(err instanceof PushRefusedError)) throw err;
      io.stderr(`cstudio push: ${err.message}\n`);
      return 1;
    }
  },
});
