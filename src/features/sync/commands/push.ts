// Push…, as a wizard (prompt steps, then execute steps): the folder (refused at once when it has errors), the mode (append, replace, replace the
// whole package), whether to lock the project; then the plan is built and shown as a document — each
// operation, its endpoint, what it adds, changes or deletes — and confirmed; a replace asks a second time.
// Only then is anything sent; the outcome says exactly what was applied.
import { basename } from 'node:path';
import type { PushOutcome, PreparedPush } from '../../../core/sync/push';
import { executePush, preparePush } from '../../../core/sync/push';
import { formatPlan, isDestructive, type PushMode, type ReplaceScope } from '../../../core/sync/pushPlan';
import { formatProblem } from '../../../core/sync/validation';
import { PushRefusedError } from '../../../core/sync/pushErrors';
import { CommandIds } from '../../../host/commandIds';
import { argObject, type Command } from '../../../host/commands';
import { answered } from '../../../host/prompter';
import { CancelledError } from '../../../core/platform/errors';
import type { SyncCommandDeps } from '../syncDeps';
import { clientForRoot, resolveRoot } from '../syncTargets';
import { describeOutcome, settledSummary } from '../outcomeText';
import { refuseInvalidWorkspace } from '../workspaceCheck';

interface PushChoice {
  readonly mode: PushMode;
  readonly scope: ReplaceScope;
}

interface PushArg {
  readonly mode?: unknown;
  readonly scope?: unknown;
  readonly lock?: unknown;
}

export class PushCommand implements Command {
  readonly id = CommandIds.syncPush;
  constructor(private readonly deps: SyncCommandDeps) {}

  async execute(arg?: unknown): Promise<PushOutcome> {
    const a: PushArg = argObject(arg);
    const root = await resolveRoot(this.deps, arg, 'Push');
    const { client, state } = await clientForRoot(this.deps, root);
    const name = state.projectName ?? `project ${state.projectId}`;
    const log = this.deps.logger;
    log.info(`push: ${root} to ${name} (project ${state.projectId}) started`);
    let prepared: PreparedPush;
    try {
      // Errors in the folder refuse the push before any question: no mode or lock is worth choosing for it, and
      // neither is a folder with nothing to send (it used to ask both, then show a plan of 0 operations).
      const check = await this.deps.prompter.withProgress({ title: `Checking ${name} before the push` }, (_p, signal) =>
        refuseInvalidWorkspace(root, state, signal),
      );
      if (check.nothingToPush) {
        const text = `Nothing to push: ${basename(root)} matches the platform (no local change since the last pull or push).`;
        log.info(`push: ${text}`);
        void this.deps.prompter.info(text);
        return { status: 'nothing', results: [], notAttempted: [] };
      }
      const choice = await this.chooseMode(a, name);
      const lock = await this.chooseLock(a, name);
      prepared = await this.deps.prompter.withProgress({ title: `Preparing the push to ${name}` }, (progress, signal) =>
        preparePush(client, root, { mode: choice.mode, scope: choice.scope, lock, progress, signal }),
      );
    } catch (err) {
      // A refusal lists what to fix (files, lines, remote changes): the whole of it goes into a document.
      if (err instanceof PushRefusedError) await this.deps.documents.show('/Push Refused', `${err.message}\n`);
      log.info(`push: ${name} not sent: ${err instanceof Error ? err.message.split('\n', 1)[0] : String(err)}`);
      throw err;
    }
    const { plan } = prepared;
    if (prepared.settled) {
      // The base moved: an earlier push whose outcome was unknown was settled with the platform first.
      this.deps.base.refresh(root);
      void this.deps.prompter.info(settledSummary(prepared.settled));
    }
    const warnings = prepared.warnings.map(formatProblem);
    await this.deps.documents.show(
      '/Push Plan',
      formatPlan(plan, 50) +
        (warnings.length > 0 ? `\nValidation warnings:\n${warnings.map((w) => `  ${w}`).join('\n')}\n` : ''),
    );
    if (plan.operations.length === 0) {
      log.info(
        `push: nothing to send to ${name} in ${plan.mode} mode (${plan.notSent.length} change(s) this mode cannot send)`,
      );
      void this.deps.prompter.info(
        `Nothing to push to ${name}${plan.notSent.length > 0 ? ` (${plan.notSent.length} change(s) this mode cannot send: see the plan)` : ''}.`,
      );
      return { status: 'nothing', results: [], notAttempted: [] };
    }
    const n = plan.operations.length;
    if (
      !(await this.deps.prompter.confirm(`Send ${n} operation${n === 1 ? '' : 's'} to ${name}?`, {
        action: 'Push',
        detail: `The plan is open in the editor. Mode: ${plan.mode}${plan.lock ? ', with the project locked' : ''}.`,
      }))
    ) {
      log.info(`push: ${name} cancelled at the confirmation; nothing sent`);
      throw new CancelledError('Push cancelled; nothing was sent.');
    }
    if (
      isDestructive(plan) &&
      !(await this.deps.prompter.confirm(`Replace content of ${name} on the platform?`, {
        action: 'Replace',
        detail:
          'This deletes what the plan lists under "−" on the platform. The remote package is saved into .cstudio/backups/ first; "Restore Backup…" puts it back.',
      }))
    ) {
      log.info(`push: ${name} cancelled at the confirmation; nothing sent`);
      throw new CancelledError('Push cancelled; nothing was sent.');
    }
    const outcome = await this.deps.prompter.withProgress({ title: `Pushing to ${name}` }, (progress, signal) =>
      executePush(client, prepared, { progress, signal }),
    );
    // A refreshed base is the platform's project: the status bar and views know the remote side at once.
    if (outcome.refresh?.ok) await this.deps.model.remoteAtBase(root);
    else await this.deps.model.refresh(root);
    this.deps.base.refresh(root);
    const text = describeOutcome(outcome);
    log.info(`push: ${name} ${outcome.status}: ${text.summary}`);
    if (outcome.status === 'completed') void this.deps.prompter.info(text.summary);
    else {
      void this.deps.prompter.warn(text.summary, 'Show Details').then((c) => {
        if (c === 'Show Details') void this.deps.documents.show('/Push Outcome', text.details);
      });
    }
    return outcome;
  }

  private async chooseMode(a: PushArg, name: string): Promise<PushChoice> {
    if (a.mode === 'append' || a.mode === 'replace')
      return { mode: a.mode, scope: a.scope === 'package' ? 'package' : 'auto' };
    return answered(
      this.deps.prompter.pick<PushChoice>(
        [
          {
            label: 'Append',
            description: 'send only additions',
            detail: 'New samples, literals, intents and entities. Nothing on the platform is deleted.',
            value: { mode: 'append', scope: 'auto' },
          },
          {
            label: 'Replace',
            description: 'per intent and entity',
            detail:
              'Replaces the samples of each changed intent and the literals of each changed entity (the whole package when needed). A backup is saved first.',
            value: { mode: 'replace', scope: 'auto' },
          },
          {
            label: 'Replace Whole Package',
            description: 'the project becomes the folder',
            detail: 'Replaces the whole project package with the folder. A backup is saved first.',
            value: { mode: 'replace', scope: 'package' },
          },
        ],
        { title: `Push to ${name}`, placeholder: 'How should the changes be sent?' },
      ),
      'Push',
    );
  }

  private async chooseLock(a: PushArg, name: string): Promise<{ notes: string } | undefined> {
    if (typeof a.lock === 'boolean') return a.lock ? { notes: 'Pushing from Conversational Studio' } : undefined;
    const lock = await answered(
      this.deps.prompter.pick<boolean>(
        [
          { label: 'Push without locking', value: false },
          {
            label: 'Lock the project while pushing',
            detail: 'Others cannot edit it until the push ends; it is unlocked afterwards.',
            value: true,
          },
        ],
        { title: `Push to ${name}`, placeholder: 'Lock the project?' },
      ),
      'Push',
    );
    return lock ? { notes: 'Pushing from Conversational Studio' } : undefined;
  }
}
