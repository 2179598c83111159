// `cstudio discover list|add|ignore|reset`: triage of live traffic against a pulled project. `list` reads an
// application's event logs (its runtime app ID's topic) from the beginning to the end, without moving any
// committed position, and shows each interpreted utterance with whether it is already a sample; `add` puts
// chosen utterances into the folder's TRSX (then status/diff/push send them); `ignore` hides utterances until
// `reset`. Ids are the records' message ids; a unique prefix of 8 characters or more is enough.
import { parseFlags } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import { printJson, formatTable } from '../output';
import { platformCommand, stringFlag, type FlagValues } from '../platformCommand';
import { workspaceRoot } from '../syncOutput';
import type { CliSession } from '../connection';
import { addAsSamples, AddSampleError, type AddedSample } from '../../core/discover/addSamples';
import type { DiscoverFilter } from '../../core/discover/filters';
import { addIgnored, readIgnored, resetIgnored } from '../../core/discover/ignored';
import { readReviewedApp, writeReviewedApp } from '../../core/discover/reviewedApp';
import { reviewUtterances, type ReviewItem } from '../../core/discover/review';
import { TrainingIndex } from '../../core/discover/training';
import { clientNameOf } from '../../core/logs/consumer';
import { LogStream } from '../../core/logs/stream';

const MIN_ID_PREFIX = 8;

function confidenceFlag(values: FlagValues, name: string): number | undefined {
  const text = stringFlag(values, name);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new UsageError(`--${name} is a confidence from 0 to 1 (got "${text}").`);
  return n;
}

function timeFlag(values: FlagValues, name: string): number | undefined {
  const text = stringFlag(values, name);
  if (text === undefined) return undefined;
  const ms = Date.parse(text);
  if (Number.isNaN(ms))
    throw new UsageError(
      `--${name} must be an ISO 8601 date or time such as 2024-05-01 or 2024-05-01T12:00:00Z (got "${text}").`,
    );
  return ms;
}

function filterOf(values: FlagValues): DiscoverFilter {
  const f: DiscoverFilter = {
    minConfidence: confidenceFlag(values, 'min-confidence'),
    maxConfidence: confidenceFlag(values, 'max-confidence'),
    intent: stringFlag(values, 'intent'),
    locale: stringFlag(values, 'locale'),
    from: timeFlag(values, 'from'),
    to: timeFlag(values, 'to'),
    notInTraining: values['not-in-training'] === true,
    intentDiffers: values['intent-differs'] === true,
  };
  if (f.minConfidence !== undefined && f.maxConfidence !== undefined && f.minConfidence > f.maxConfidence) {
    throw new UsageError(
      `--min-confidence ${f.minConfidence} is above --max-confidence ${f.maxConfidence}: nothing could match.`,
    );
  }
  if (f.notInTraining && f.intentDiffers)
    throw new UsageError(
      '--not-in-training and --intent-differs exclude each other (the second lists utterances that ARE samples, of another intent).',
    );
  return f;
}

function idsOf(values: FlagValues): string[] {
  const raw = values.id;
  const ids = (Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [])
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','));
  const clean = ids.map((i) => i.trim()).filter((i) => i !== '');
  if (clean.length === 0)
    throw new UsageError('Missing --id ID (from cstudio discover list; repeat it or separate ids with commas).');
  const short = clean.find((i) => i.length < MIN_ID_PREFIX);
  if (short)
    throw new UsageError(
      `Id "${short}" is too short: give at least ${MIN_ID_PREFIX} characters of an id from cstudio discover list.`,
    );
  return clean;
}

/** The folder and the topic: --app, else the one the folder was last listed from. */
async function target(
  io: CliIO,
  positionals: readonly string[],
  values: FlagValues,
): Promise<{ root: string; topic: string }> {
  if (positionals.length > 1) throw new UsageError(`Too many arguments: ${positionals.join(' ')}.`);
  const root = await workspaceRoot(io.cwd, positionals[0]);
  const topic = stringFlag(values, 'app') ?? (await readReviewedApp(root));
  if (!topic)
    throw new UsageError(
      `Missing --app <runtime app ID> (the event-log topic, e.g. COFFEE-DEV); ${root} has not been listed from one yet.`,
    );
  return { root, topic };
}

/** Every utterance of the topic, start to end, narrowed as asked; reading commits nothing. */
async function review(
  session: CliSession,
  io: CliIO,
  values: FlagValues,
  topic: string,
  root: string,
  filter: DiscoverFilter,
  withIgnored: boolean,
): Promise<ReviewItem[]> {
  const training = await TrainingIndex.load(root);
  const ignored = withIgnored ? new Set<string>() : await readIgnored(root);
  const stream = new LogStream({
    requester: session.client.requester,
    topic,
    start: { kind: 'beginning' },
    untilEnd: true,
    commit: false,
    clientName: stringFlag(values, 'client-name') ?? clientNameOf(session.connection.clientId) ?? 'cstudio',
    signal: io.signal,
  });
  const items: ReviewItem[] = [];
  for await (const item of reviewUtterances(stream, { training, filter, ignored })) items.push(item);
  return items;
}

function resolveIds(ids: readonly string[], items: readonly ReviewItem[]): ReviewItem[] {
  return ids.map((id) => {
    const hits = items.filter((i) => i.utterance.id.startsWith(id));
    if (hits.length === 0)
      throw new UsageError(
        `No utterance ${id} in the event logs (or it is ignored); list them with cstudio discover list.`,
      );
    if (hits.length > 1) throw new UsageError(`Id ${id} matches ${hits.length} utterances; give more characters.`);
    return hits[0] as ReviewItem;
  });
}

const trainingLabel = (i: ReviewItem): string =>
  !i.training.inTraining
    ? 'no'
    : i.training.intents.includes(i.utterance.intent)
      ? 'yes'
      : `as ${i.training.intents.join(', ')}`;

function itemJson(i: ReviewItem): Record<string, unknown> {
  return { ...i.utterance, inTraining: i.training.inTraining, trainingIntents: i.training.intents };
}

const appFlags = { app: { type: 'string' }, 'client-name': { type: 'string' } } as const;

export const discoverList = platformCommand({
  path: ['discover', 'list'],
  summary:
    "List the interpreted utterances of an application's event logs, and whether each is already a sample of the pulled project.",
  synopsis:
    '--app ID [DIR] [--min-confidence X] [--max-confidence Y] [--intent I] [--locale L] [--from ISO] [--to ISO]\n' +
    '       [--not-in-training | --intent-differs] [--json]',
  flags: {
    ...appFlags,
    'min-confidence': { type: 'string' },
    'max-confidence': { type: 'string' },
    intent: { type: 'string' },
    locale: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    'not-in-training': { type: 'boolean' },
    'intent-differs': { type: 'boolean' },
  },
  input: ({ flags }) => filterOf(flags),
  async run({ session, io, flags, positionals, input: filter, json }) {
    const { root, topic } = await target(io, positionals, flags);
    const items = await review(session, io, flags, topic, root, filter, false);
    await writeReviewedApp(root, topic);
    if (json) {
      printJson(io, items.map(itemJson));
      return 0;
    }
    if (items.length === 0) {
      io.stdout(`No utterances in ${topic} match.\n`);
      return 0;
    }
    // Grouped by intent, lowest confidence first: the order a review goes in.
    const sorted = [...items].sort(
      (a, b) => a.utterance.intent.localeCompare(b.utterance.intent) || a.utterance.confidence - b.utterance.confidence,
    );
    io.stdout(
      formatTable(sorted, [
        { header: 'ID', value: (i) => i.utterance.id.slice(0, 12) },
        { header: 'INTENT', value: (i) => i.utterance.intent },
        { header: 'CONF', value: (i) => i.utterance.confidence.toFixed(2) },
        { header: 'SAMPLE', value: trainingLabel },
        { header: 'LOCALE', value: (i) => i.utterance.locale ?? '' },
        { header: 'TEXT', value: (i) => i.utterance.text },
      ]),
    );
    io.stderr(`${items.length} utterance${items.length === 1 ? '' : 's'} from ${topic}.\n`);
    return 0;
  },
});

export const discoverAdd = platformCommand({
  path: ['discover', 'add'],
  summary:
    "Add utterances from the event logs as samples to the pulled project's TRSX, annotated from their entities (an identical sample gets its count raised).",
  synopsis: 'DIR --id ID... [--intent I] [--app ID] [--json]',
  flags: { ...appFlags, id: { type: 'string', multiple: true }, intent: { type: 'string' } },
  input: ({ flags }) => idsOf(flags),
  async run({ session, io, flags, positionals, input: ids, json }) {
    const { root, topic } = await target(io, positionals, flags);
    const items = resolveIds(ids, await review(session, io, flags, topic, root, {}, false));
    const intent = flags.intent;
    let added: AddedSample[];
    try {
      added = await addAsSamples(
        root,
        items.map((i) => ({ utterance: i.utterance, ...(intent ? { intent } : {}) })),
        (await TrainingIndex.load(root)).locales,
      );
    } catch (err) {
      if (err instanceof AddSampleError) {
        io.stderr(`${err.message}\n`);
        return 1;
      }
      throw err;
    }
    if (json) {
      printJson(io, added);
      return 0;
    }
    for (const a of added) {
      io.stdout(
        `${a.action === 'added' ? 'Added' : `Counted (now ${a.count})`} "${a.text}" as ${a.intent} in ${a.path}:${a.line}\n`,
      );
      for (const d of a.dropped) io.stdout(`  not annotated: ${d.name} "${d.literal}" (${d.reason})\n`);
    }
    io.stdout('Review with cstudio status / diff, send with cstudio push.\n');
    return 0;
  },
});

export const discoverIgnore = platformCommand({
  path: ['discover', 'ignore'],
  summary: "Hide utterances from discover list (remembered in the folder's .cstudio/ until discover reset).",
  synopsis: 'DIR --id ID... [--app ID]',
  flags: { ...appFlags, id: { type: 'string', multiple: true } },
  input: ({ flags }) => idsOf(flags),
  async run({ session, io, flags, positionals, input: ids }) {
    const { root, topic } = await target(io, positionals, flags);
    const items = resolveIds(ids, await review(session, io, flags, topic, root, {}, true));
    const added = await addIgnored(
      root,
      items.map((i) => i.utterance.id),
    );
    io.stdout(`Ignoring ${added} more utterance${added === 1 ? '' : 's'} (undo all with cstudio discover reset).\n`);
    return 0;
  },
});

export const discoverReset: CliCommand = {
  path: ['discover', 'reset'],
  summary: 'Show every ignored utterance again.',
  usage: 'Usage: cstudio discover reset [DIR]\n\nForgets the utterances hidden with cstudio discover ignore.',
  async run(args, io) {
    const { positionals } = parseFlags(args, {});
    if (positionals.length > 1) throw new UsageError(`Too many arguments: ${positionals.join(' ')}.`);
    const root = await workspaceRoot(io.cwd, positionals[0]);
    const count = await resetIgnored(root);
    io.stdout(`${count} ignored utterance${count === 1 ? '' : 's'} shown again.\n`);
    return 0;
  },
};
