// The Utterances view's commands. Review Utterances… picks the connection, the application (runtime app ID)
// and the pulled folder, then streams; Filter narrows; the add, ignore and play actions take the clicked
// utterance or every selected one (VS Code passes the clicked node and the selection). Automation and tests
// pass `{ connectionId, topic, root, from }` and `{ ids, intent }` instead of answering prompts.
import * as vscode from 'vscode';
import { join } from 'node:path';
import { planSamples, type AddedSample } from '../../core/discover/addSamples';
import { CancelledError } from '../../core/platform/errors';
import type { DiscoverFilter } from '../../core/discover/filters';
import { addIgnored, readIgnored, resetIgnored } from '../../core/discover/ignored';
import type { ReviewItem } from '../../core/discover/review';
import { CommandIds } from '../../host/commandIds';
import { argObject, type Command } from '../../host/commands';
import { answered, type PickItem } from '../../host/prompter';
import type { DiscoverContext } from './discoverContext';
import type { UtteranceNode } from './utterancesView';

/** The utterances a command acts on: `{ ids }`, else the selection, else the clicked node. */
function chosen(ctx: DiscoverContext, args: unknown[]): ReviewItem[] {
  const ids = argObject(args[0]).ids;
  if (Array.isArray(ids))
    return ids.map((id) => ctx.model.get(String(id))).filter((i): i is ReviewItem => i !== undefined);
  const nodes = (Array.isArray(args[1]) ? args[1] : [args[0]]) as Array<UtteranceNode | undefined>;
  const items = nodes.flatMap((n) => (n?.kind === 'utterance' ? [n.item] : []));
  if (items.length === 0) {
    const selected = ctx.view().view.selection.flatMap((n) => (n.kind === 'utterance' ? [n.item] : []));
    if (selected.length > 0) return selected;
    throw new Error('Select one or more utterances in the Utterances view first.');
  }
  return items;
}

export class OpenUtterancesCommand implements Command {
  readonly id = CommandIds.discoverOpen;
  constructor(private readonly ctx: DiscoverContext) {}
  execute(arg?: unknown): Promise<{ topic: string; root: string }> {
    return this.ctx.open(arg);
  }
}

export class ShowMoreUtterancesCommand implements Command {
  readonly id = CommandIds.discoverShowMore;
  constructor(private readonly ctx: DiscoverContext) {}
  execute(arg?: unknown): void {
    const intent = argObject(arg).intent;
    if (typeof intent === 'string') this.ctx.view().showMore(intent);
  }
}

type FilterChoice = 'below' | 'above' | 'intent' | 'locale' | 'notInTraining' | 'intentDiffers' | 'clear';

export class FilterUtterancesCommand implements Command {
  readonly id = CommandIds.discoverFilter;
  constructor(private readonly ctx: DiscoverContext) {}

  async execute(arg?: unknown): Promise<DiscoverFilter> {
    const { model, prompter } = this.ctx;
    const given = argObject(arg).filter;
    if (given && typeof given === 'object') {
      model.setFilter(given as DiscoverFilter);
      return model.currentFilter;
    }
    const title = 'Filter Utterances';
    const f = model.currentFilter;
    const items: Array<PickItem<FilterChoice>> = [
      {
        label: 'Confidence below…',
        description: f.maxConfidence !== undefined ? `now ${f.maxConfidence}` : '',
        value: 'below',
      },
      {
        label: 'Confidence at least…',
        description: f.minConfidence !== undefined ? `now ${f.minConfidence}` : '',
        value: 'above',
      },
      { label: 'Intent…', description: f.intent ?? '', value: 'intent' },
      { label: 'Locale…', description: f.locale ?? '', value: 'locale' },
      { label: f.notInTraining ? 'Show samples too' : 'Not yet in training', value: 'notInTraining' },
      { label: f.intentDiffers ? 'Any intent' : "Intent differs from the matching sample's", value: 'intentDiffers' },
      { label: 'Clear filters', value: 'clear' },
    ];
    const choice = await answered(prompter.pick(items, { title, placeholder: 'Narrow the utterances' }), title);
    const confidence = async (prompt: string, value: number | undefined): Promise<number> =>
      Number(
        await answered(
          prompter.input({
            title,
            prompt,
            value: value !== undefined ? String(value) : '0.6',
            validate: (v) =>
              v.trim() !== '' && Number(v) >= 0 && Number(v) <= 1 ? undefined : 'A confidence from 0 to 1.',
          }),
          title,
        ),
      );
    const next: Record<string, unknown> = { ...f };
    switch (choice) {
      case 'below':
        next.maxConfidence = await confidence('Show utterances with a confidence at most', f.maxConfidence);
        break;
      case 'above':
        next.minConfidence = await confidence('Show utterances with a confidence at least', f.minConfidence);
        break;
      case 'intent': {
        const intents = model.groups().map((g) => g.intent);
        const picked = await answered(
          prompter.pick([{ label: 'Any intent', value: '' }, ...intents.map((i) => ({ label: i, value: i }))], {
            title,
            placeholder: 'Intent',
          }),
          title,
        );
        next.intent = picked || undefined;
        break;
      }
      case 'locale':
        next.locale =
          (
            await answered(prompter.input({ title, prompt: 'Locale (empty: any)', value: f.locale ?? '' }), title)
          ).trim() || undefined;
        break;
      case 'notInTraining':
        next.notInTraining = !f.notInTraining;
        if (next.notInTraining) next.intentDiffers = false;
        break;
      case 'intentDiffers':
        next.intentDiffers = !f.intentDiffers;
        if (next.intentDiffers) next.notInTraining = false;
        break;
      case 'clear':
        for (const k of Object.keys(next)) delete next[k];
        break;
    }
    model.setFilter(next as DiscoverFilter);
    return model.currentFilter;
  }
}

export const OPEN_SAMPLE_ACTION = 'Open Sample';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** One line per utterance for the confirmation: where it goes, what is annotated, what is not and why. */
function describeSample(a: AddedSample): string {
  const head =
    a.action === 'counted'
      ? `"${a.text}" → ${a.intent}: already a sample (line ${a.line}), its count becomes ${a.count}`
      : `"${a.text}" → ${a.intent}`;
  const annotated = a.annotated.length > 0 ? `annotated: ${a.annotated.join(', ')}` : 'no annotation';
  const dropped = a.dropped.map((d) => `${d.name} "${d.literal}" left unannotated (${d.reason})`);
  return [head, annotated, ...dropped].join('; ');
}

/**
 * Plans the samples, asks (naming the file, the intents, the annotations and the entities left out), writes, then
 * says what changed with an action that opens the sample's line. Nothing is written before the answer.
 */
async function addItems(
  ctx: DiscoverContext,
  items: readonly ReviewItem[],
  intent: string | undefined,
): Promise<string> {
  const review = ctx.requireReview();
  const { root } = review.target;
  ctx.logger.info(`add as sample: ${plural(items.length, 'utterance')} to ${root}${intent ? ` as ${intent}` : ''}`);
  const plan = await planSamples(
    root,
    items.map((i) => ({ utterance: i.utterance, ...(intent ? { intent } : {}) })),
    review.training.locales,
  );
  const added = plan.outcomes;
  const files = [...new Set(added.map((a) => a.path))].join(', ');
  const intents = [...new Set(added.map((a) => a.intent))].join(', ');
  const [only] = added;
  const question =
    added.length === 1 && only
      ? `Add "${only.text}" to ${files} as a sample of ${intents}?`
      : `Add ${plural(added.length, 'utterance')} to ${files} as samples of ${intents}?`;
  if (
    !(await ctx.prompter.confirm(question, {
      action: 'Add',
      detail: `${added.map(describeSample).join('\n')}\nThe file is changed on disk; push to send the samples.`,
    }))
  ) {
    ctx.logger.info('add as sample: cancelled, nothing written');
    throw new CancelledError('Add as sample was cancelled; nothing was written.');
  }
  await plan.write();
  for (const a of added) ctx.model.markInTraining(a.id, a.intent);
  const counted = added.filter((a) => a.action === 'counted').length;
  const dropped = added.reduce((n, a) => n + a.dropped.length, 0);
  for (const a of added) {
    ctx.logger.info(
      `add as sample: ${a.path}:${a.line} ${a.action === 'added' ? 'added' : `count raised to ${a.count}`} "${a.text}" as ${a.intent}${a.annotated.length ? ` (${a.annotated.join(', ')})` : ''}`,
    );
    for (const d of a.dropped)
      ctx.logger.info(`add as sample: "${a.text}": ${d.name} "${d.literal}" not annotated: ${d.reason}`);
  }
  const where = only ? `${only.path}:${only.line}` : files;
  const message =
    `Added ${plural(added.length - counted, 'sample')} of ${intents}${counted ? `, raised the count of ${counted}` : ''} in ${where}` +
    `${dropped ? ` (${plural(dropped, 'entity', 'entities')} left unannotated: not a literal of the entity in the TRSX, see the log)` : ''}. Push to send them.`;
  void ctx.prompter.info(message, OPEN_SAMPLE_ACTION).then(
    async (choice) => {
      const first = added[0];
      if (choice !== OPEN_SAMPLE_ACTION || !first) return;
      const line = new vscode.Position(first.line - 1, 0);
      await vscode.window.showTextDocument(vscode.Uri.file(join(root, first.path)), {
        selection: new vscode.Range(line, line),
      });
    },
    (e: unknown) => ctx.logger.warn('could not open the added sample', e),
  );
  return message;
}

export class AddUtteranceCommand implements Command {
  readonly id = CommandIds.discoverAdd;
  constructor(private readonly ctx: DiscoverContext) {}
  execute(...args: unknown[]): Promise<string> {
    return addItems(this.ctx, chosen(this.ctx, args), undefined);
  }
}

export class AddUtteranceAsCommand implements Command {
  readonly id = CommandIds.discoverAddAs;
  constructor(private readonly ctx: DiscoverContext) {}
  async execute(...args: unknown[]): Promise<string> {
    const items = chosen(this.ctx, args);
    const given = argObject(args[0]).intent;
    const title = 'Add as Sample of Another Intent';
    const locales = [...new Set(items.map((i) => i.utterance.locale))];
    const intents = this.ctx.requireReview().training.intents(locales.length === 1 ? locales[0] : undefined);
    const intent =
      typeof given === 'string'
        ? given
        : await answered(
            this.ctx.prompter.pick(
              intents.map((i) => ({
                label: i,
                description: items.every((x) => x.utterance.intent === i) ? 'interpreted' : '',
                value: i,
              })),
              { title, placeholder: `Intent for ${items.length} utterance${items.length === 1 ? '' : 's'}` },
            ),
            title,
          );
    return addItems(this.ctx, items, intent);
  }
}

export class IgnoreUtteranceCommand implements Command {
  readonly id = CommandIds.discoverIgnore;
  constructor(private readonly ctx: DiscoverContext) {}
  async execute(...args: unknown[]): Promise<number> {
    const review = this.ctx.requireReview();
    const items = chosen(this.ctx, args);
    await addIgnored(
      review.target.root,
      items.map((i) => i.utterance.id),
    );
    this.ctx.model.setIgnored(await readIgnored(review.target.root));
    return items.length;
  }
}

export class ResetIgnoredCommand implements Command {
  readonly id = CommandIds.discoverResetIgnored;
  constructor(private readonly ctx: DiscoverContext) {}
  async execute(): Promise<number> {
    const review = this.ctx.requireReview();
    const count = await resetIgnored(review.target.root);
    this.ctx.model.setIgnored(new Set());
    void this.ctx.prompter.info(`${count} ignored utterance${count === 1 ? '' : 's'} shown again.`);
    return count;
  }
}

export class PlayUtteranceCommand implements Command {
  readonly id = CommandIds.discoverPlay;
  constructor(private readonly ctx: DiscoverContext) {}
  async execute(...args: unknown[]): Promise<unknown> {
    const item = chosen(this.ctx, args)[0] as ReviewItem;
    const urn = item.utterance.audioUrn;
    if (!urn)
      throw new Error(
        `Utterance "${item.utterance.text}" has no audio: no call summary of its session came before it.`,
      );
    // The event-logs feature owns the player; it is reached by command, not by import.
    return this.ctx.runCommand(CommandIds.logsPlayAudio, {
      connectionId: this.ctx.requireReview().target.connectionId,
      urn,
    });
  }
}

export class StopReviewCommand implements Command {
  readonly id = CommandIds.discoverStop;
  constructor(private readonly ctx: DiscoverContext) {}
  execute(): Promise<void> {
    return this.ctx.stop();
  }
}
