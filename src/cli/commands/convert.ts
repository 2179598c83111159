// `cstudio convert`: moves entity literals and samples between the platform's import formats — .list,
// .nmlist, .txt samples — and TRSX. Nothing is written when the input has errors or when the target
// format cannot express part of the input (the entries are listed instead), so no data is lost silently.
import { hasErrors, type Diagnostic } from '../../core/formats/diagnostic';
import { parseList, serializeList } from '../../core/formats/lists/list';
import {
  dictionaryEntries,
  dictionaryNames,
  literalsToTrsx,
  type SkippedEntry,
} from '../../core/formats/lists/literals';
import { parseNmlist, serializeNmlist } from '../../core/formats/lists/nmlist';
import {
  parseSamplesTxt,
  sampleIntentNames,
  samplesTxtToTrsx,
  serializeSamplesTxt,
} from '../../core/formats/lists/samplesTxt';
import { buildTrsx } from '../../core/formats/trsx/build';
import { sampleText, type DictionaryEntry, type TrsxDocument, type TrsxSample } from '../../core/formats/trsx/model';
import { parseTrsxBytes } from '../../core/formats/trsx/parse';
import { writeFileAtomic } from '../../core/fs/atomicFile';
import { parseFlags, requirePositional } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import { displayName, formatLocated, locate, readInputOrReport, resolveInput, sourceFormat } from '../sourceFiles';

type Target = 'trsx' | 'nmlist' | 'list' | 'txt';
const TARGETS: readonly Target[] = ['trsx', 'nmlist', 'list', 'txt'];

/** What was read: entity literals, samples, or a whole TRSX document. */
type Loaded =
  | { kind: 'literals'; entries: Pick<DictionaryEntry, 'literal' | 'value'>[] }
  | { kind: 'samples'; parsed: ReturnType<typeof parseSamplesTxt> }
  | { kind: 'trsx'; document: TrsxDocument };

interface Selection {
  entity?: string;
  intent?: string;
  locale?: string;
}

interface Output {
  text: string;
  count: number;
  what: string;
  skipped: SkippedEntry<unknown>[];
}

const USAGE = `Usage: cstudio convert <in> --to trsx|nmlist|list|txt [--entity NAME | --intent NAME] [--locale L] [-o out]

Converts entity literals and samples between .list, .nmlist, .txt (samples) and TRSX.
  <in>            a .list, .nmlist, .txt or .trsx file
  --to FORMAT     trsx, nmlist, list or txt
  --entity NAME   the entity: required to make TRSX from a list; picks the dictionary when reading TRSX
  --intent NAME   the intent: required to make TRSX from samples; picks the samples when reading TRSX
  --locale L      xml:lang of the TRSX written (e.g. en-US); only with --to trsx
  -o, --output F  write to F (atomically) instead of standard output
Exit codes: 0 converted, 1 the target cannot hold every entry (nothing written), 2 usage or invalid input.`;

export const convertCommand: CliCommand = {
  path: ['convert'],
  summary: 'Convert literals and samples between .list, .nmlist, .txt and TRSX',
  usage: USAGE,
  async run(args: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseFlags(args, {
      to: { type: 'string' },
      entity: { type: 'string' },
      intent: { type: 'string' },
      locale: { type: 'string' },
      output: { type: 'string', short: 'o' },
    });
    const input = requirePositional(positionals, 0, 'in');
    if (positionals.length > 1) throw new UsageError(`Expected one input file, got ${positionals.length}.`);
    const to = values.to as Target | undefined;
    if (to === undefined || !TARGETS.includes(to))
      throw new UsageError(`--to must be one of ${TARGETS.join(', ')}${to === undefined ? '' : `, got "${to}"`}.`);
    if (values.entity !== undefined && values.intent !== undefined)
      throw new UsageError('Give --entity or --intent, not both.');
    if (values.locale !== undefined && to !== 'trsx') throw new UsageError('--locale applies only with --to trsx.');
    const from = sourceFormat(input);
    if (from === undefined || from === 'grxml')
      throw new UsageError(`Cannot convert ${input}: give a .list, .nmlist, .txt or .trsx file.`);

    const bytes = await readInputOrReport(io, input);
    if (!bytes) return 2;
    const name = displayName(io, input);
    const { loaded, text, diagnostics } = load(from, bytes);
    for (const line of locate(name, text, diagnostics).map(formatLocated)) io.stderr(`${line}\n`);
    if (hasErrors(diagnostics)) {
      io.stderr(`${name} has errors; fix them before converting.\n`);
      return 2;
    }

    const out = convert(loaded, to, { entity: values.entity, intent: values.intent, locale: values.locale }, name);
    if (out.skipped.length > 0) {
      for (const s of out.skipped) io.stderr(`cannot convert ${describe(s.entry)}: ${s.reason}\n`);
      io.stderr(`${out.skipped.length} item(s) cannot be written as .${to}; nothing was written.\n`);
      return 1;
    }
    if (values.output === undefined) {
      io.stdout(out.text);
    } else {
      await writeFileAtomic(resolveInput(io, values.output), out.text);
      io.stdout(`Wrote ${out.count} ${out.what} to ${values.output}.\n`);
    }
    return 0;
  },
};

function load(
  from: Exclude<ReturnType<typeof sourceFormat>, 'grxml' | undefined>,
  bytes: Uint8Array,
): { loaded: Loaded; text: string; diagnostics: Diagnostic[] } {
  switch (from) {
    case 'list':
    case 'nmlist': {
      const r = from === 'list' ? parseList(bytes) : parseNmlist(bytes);
      return { loaded: { kind: 'literals', entries: r.entries }, text: r.text, diagnostics: r.diagnostics };
    }
    case 'txt': {
      const r = parseSamplesTxt(bytes);
      return { loaded: { kind: 'samples', parsed: r }, text: r.text, diagnostics: r.diagnostics };
    }
    case 'trsx': {
      const r = parseTrsxBytes(bytes);
      return { loaded: { kind: 'trsx', document: r.document }, text: r.tree.text, diagnostics: r.diagnostics };
    }
  }
}

function convert(loaded: Loaded, to: Target, sel: Selection, name: string): Output {
  if (loaded.kind === 'literals') {
    if (sel.intent !== undefined) throw new UsageError(`${name} holds entity literals; use --entity, not --intent.`);
    if (to === 'txt') throw new UsageError(`${name} holds entity literals, which cannot become samples (.txt).`);
    if (to === 'trsx') {
      if (sel.entity === undefined)
        throw new UsageError('--entity NAME is required: TRSX needs the entity the literals belong to.');
      return trsxOutput(
        literalsToTrsx(sel.entity, loaded.entries, { locale: sel.locale }),
        loaded.entries.length,
        'literals',
      );
    }
    return literalsOutput(loaded.entries, to);
  }
  if (loaded.kind === 'samples') {
    if (sel.entity !== undefined) throw new UsageError(`${name} holds samples; use --intent, not --entity.`);
    if (to === 'list' || to === 'nmlist')
      throw new UsageError(`${name} holds samples, which cannot become entity literals (.${to}).`);
    if (to === 'trsx') {
      if (sel.intent === undefined)
        throw new UsageError('--intent NAME is required: TRSX needs the intent the samples belong to.');
      const doc = samplesTxtToTrsx(sel.intent, loaded.parsed, { locale: sel.locale });
      return trsxOutput(doc, loaded.parsed.samples.length, 'samples');
    }
    const r = serializeSamplesTxt(samplesOf(loaded.parsed));
    return { text: r.text, count: loaded.parsed.samples.length, what: 'samples', skipped: r.skipped };
  }
  const doc = loaded.document;
  if (to === 'trsx') {
    if (sel.entity !== undefined || sel.intent !== undefined)
      throw new UsageError(
        '--entity and --intent select what to take from TRSX into a list or samples file; omit them for --to trsx.',
      );
    const next = sel.locale === undefined ? doc : { ...doc, lang: sel.locale };
    return trsxOutput(next, doc.dictionaries.length + doc.samples.length, 'dictionaries and samples');
  }
  if (to === 'txt') {
    if (sel.entity !== undefined) throw new UsageError('Samples belong to intents: use --intent with --to txt.');
    const intent = pick(sel.intent, sampleIntentNames(doc), 'intent', 'samples', name);
    const r = serializeSamplesTxt(doc.samples, intent);
    return {
      text: r.text,
      count: doc.samples.filter((s) => s.intentref === intent).length,
      what: 'samples',
      skipped: r.skipped,
    };
  }
  if (sel.intent !== undefined) throw new UsageError(`Literals belong to entities: use --entity with --to ${to}.`);
  const entity = pick(sel.entity, [...new Set(dictionaryNames(doc))], 'entity', 'a dictionary', name);
  return literalsOutput(dictionaryEntries(doc, entity), to);
}

function literalsOutput(entries: readonly Pick<DictionaryEntry, 'literal' | 'value'>[], to: 'list' | 'nmlist'): Output {
  const r = to === 'list' ? serializeList(entries) : serializeNmlist(entries);
  return { text: r.text, count: entries.length, what: 'literals', skipped: r.skipped };
}

function trsxOutput(doc: TrsxDocument, count: number, what: string): Output {
  return { text: buildTrsx(doc), count, what, skipped: [] };
}

/** The lines of a .txt as samples, one per line (repeats stay repeated), ready to write back normalised. */
function samplesOf(parsed: ReturnType<typeof parseSamplesTxt>): TrsxSample[] {
  return parsed.samples.map((s) => ({ intentref: '', content: [s.text] }));
}

/** The flag's value when given and present; the only choice when there is one; otherwise a usage error. */
function pick(
  given: string | undefined,
  choices: readonly string[],
  flag: 'entity' | 'intent',
  what: string,
  name: string,
): string {
  if (given !== undefined) {
    if (choices.includes(given)) return given;
    throw new UsageError(
      `${name} has no ${flag} "${given}" with ${what}; choose one of: ${choices.join(', ') || '(none)'}.`,
    );
  }
  if (choices.length === 1 && choices[0] !== undefined) return choices[0];
  throw new UsageError(
    choices.length === 0
      ? `${name} has no ${flag} with ${what}.`
      : `${name} has several: give --${flag} with one of: ${choices.join(', ')}.`,
  );
}

function describe(entry: unknown): string {
  if (typeof entry === 'object' && entry !== null) {
    if ('literal' in entry && typeof entry.literal === 'string') return `literal ${JSON.stringify(entry.literal)}`;
    if ('content' in entry) return `sample ${JSON.stringify(sampleText((entry as TrsxSample).content))}`;
  }
  return String(entry);
}
