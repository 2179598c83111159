// "Add as sample": interpreted utterances go into the pulled folder's TRSX of their locale, as text edits
// (the rest of the file keeps its bytes and layout), so status, diff and push then send them like any local
// edit. A sample identical to an existing one (same intent, text and annotations, case aside: the rule of the
// TRSX duplicate quick fix) gets its count raised instead of a duplicate, as the platform's own import does.
// Each file is re-parsed after the edits and only then replaced, atomically, through the confined writer sync uses.
// Planning and writing are apart, so the editor can show what will be written (file, intent, annotations) and ask
// first; a file changed on disk in between is refused at write time, never overwritten.
import { readFile } from 'node:fs/promises';
import { buildSample } from '../formats/trsx/build';
import { hasErrors, type TextRange } from '../formats/diagnostic';
import { sampleText, type SampleNode, type TrsxSample } from '../formats/trsx/model';
import { parseTrsx } from '../formats/trsx/parse';
import { sampleCountEdit } from '../formats/trsx/sampleCount';
import { annotatedSampleKey } from '../formats/trsx/sample-text';
import { detectEol, lineIndentAt } from '../formats/trsx/layout';
import { decodeXmlBytes } from '../formats/xml/decode';
import { childElements, type XmlElement } from '../formats/xml/tree';
import { trsxPath } from '../package/layout';
import { writeConfined } from '../sync/writeFiles';
import { WorkspacePaths } from '../workspace/workspacePaths';
import { sampleContentOf } from './annotations';
import { annotationCheck } from './entityLiterals';
import type { InterpretedUtterance } from './utterance';

export interface SampleToAdd {
  readonly utterance: InterpretedUtterance;
  /** Another intent than the interpreted one. */
  readonly intent?: string;
}

export interface AddedSample {
  readonly id: string;
  readonly path: string;
  readonly intent: string;
  readonly text: string;
  /** `added`: a new sample; `counted`: an identical sample's count was raised to `count`. */
  readonly action: 'added' | 'counted';
  readonly count: number;
  /** 1-based line of the sample in the file once written (the new one, or the one counted). */
  readonly line: number;
  /** Entities annotated in the sample, as `NAME "text"`. */
  readonly annotated: readonly string[];
  /** Entities left unannotated (their text stays in the sample), with why. */
  readonly dropped: ReadonlyArray<{ name: string; literal: string; reason: string }>;
}

export interface SamplesPlan {
  readonly outcomes: readonly AddedSample[];
  /** Writes the planned files; refuses (writing nothing) when one changed on disk since it was planned. */
  write(): Promise<void>;
}

export class AddSampleError extends Error {}

interface Edit {
  range: TextRange;
  newText: string;
}

/** Adds the utterances; every file is checked before any is written, so a refusal writes nothing. */
export async function addAsSamples(
  root: string,
  items: readonly SampleToAdd[],
  locales: readonly string[],
): Promise<AddedSample[]> {
  const plan = await planSamples(root, items, locales);
  await plan.write();
  return [...plan.outcomes];
}

/** What adding the utterances would write, without writing it. */
export async function planSamples(
  root: string,
  items: readonly SampleToAdd[],
  locales: readonly string[],
): Promise<SamplesPlan> {
  const paths = new WorkspacePaths(root);
  const byPath = new Map<string, SampleToAdd[]>();
  for (const item of items) {
    const path = trsxPath(localeFor(item.utterance, locales));
    byPath.set(path, [...(byPath.get(path) ?? []), item]);
  }
  const writes: Array<{ path: string; before: Uint8Array; text: string }> = [];
  const outcomes: AddedSample[] = [];
  const read = (path: string): Promise<Uint8Array | undefined> => readFile(paths.file(path)).catch(() => undefined);
  for (const [path, group] of byPath) {
    const bytes = await read(path);
    if (!bytes)
      throw new AddSampleError(
        `${path} is not in ${root}; pull the project again (cstudio pull) so the folder has this locale.`,
      );
    const planned = planFile(decodeXmlBytes(bytes).text, path, group);
    writes.push({ path, before: bytes, text: planned.text });
    for (const item of planned.outcomes) outcomes.push(item);
  }
  return {
    outcomes,
    async write() {
      for (const w of writes) {
        const now = await read(w.path);
        if (!now || Buffer.compare(Buffer.from(now), Buffer.from(w.before)) !== 0)
          throw new AddSampleError(
            `${w.path} changed since the samples were planned; nothing was written. Save or revert it, then add again.`,
          );
      }
      for (const w of writes) await writeConfined(root, w.path, new TextEncoder().encode(w.text));
    },
  };
}

function localeFor(u: InterpretedUtterance, locales: readonly string[]): string {
  const exact = u.locale && locales.find((l) => l.toLowerCase() === u.locale?.toLowerCase());
  if (exact) return exact;
  if (!u.locale && locales.length === 1) return locales[0] as string;
  throw new AddSampleError(
    u.locale
      ? `Utterance ${u.id} is in locale ${u.locale}, which the pulled folder does not have (it has ${locales.join(', ') || 'none'}); add the locale to the project and pull again.`
      : `Utterance ${u.id} names no locale and the folder has ${locales.length} (${locales.join(', ')}); add it from the Utterances view or edit the TRSX of the right locale.`,
  );
}

function planFile(
  text: string,
  path: string,
  group: readonly SampleToAdd[],
): { text: string; outcomes: AddedSample[] } {
  const parsed = parseTrsx(text);
  if (hasErrors(parsed.diagnostics))
    throw new AddSampleError(`${path} has XML errors; fix them (cstudio validate) before adding samples.`);
  const doc = parsed.document;
  const intents = new Set(doc.intents.map((i) => i.name));
  const check = annotationCheck(doc);
  const keyOf = (s: Pick<TrsxSample, 'intentref' | 'content'>): string =>
    `${s.intentref}\u0000${annotatedSampleKey(s.content).toLowerCase()}`;
  const existing = new Map<string, TrsxSample>();
  for (const s of doc.samples) if (!existing.has(keyOf(s))) existing.set(keyOf(s), s);
  const counts = new Map<TrsxSample, number>();
  const fresh: TrsxSample[] = [];
  const outcomes: Array<Omit<AddedSample, 'line'> & { sample: TrsxSample }> = [];
  for (const { utterance: u, intent: chosen } of group) {
    const intent = chosen ?? u.intent;
    if (!intents.has(intent)) {
      throw new AddSampleError(
        `Intent ${intent} is not declared in ${path}; choose one of ${[...intents].sort().join(', ')} (--intent), or add the intent and pull.`,
      );
    }
    const { content, dropped } = sampleContentOf(u.text, u.entities, check);
    const sample: TrsxSample = { intentref: intent, count: 1, content };
    const annotated = annotationsOf(content);
    const same = existing.get(keyOf(sample));
    if (same) {
      const count = (counts.get(same) ?? same.count ?? 1) + 1;
      counts.set(same, count);
      outcomes.push({
        id: u.id,
        path,
        intent,
        text: u.text,
        action: 'counted',
        count,
        annotated,
        dropped,
        sample: same,
      });
    } else {
      existing.set(keyOf(sample), sample);
      fresh.push(sample);
      outcomes.push({ id: u.id, path, intent, text: u.text, action: 'added', count: 1, annotated, dropped, sample });
    }
  }
  // A sample added in this batch and then met again is still new: its count goes into the new element.
  for (const s of fresh) {
    const c = counts.get(s);
    if (c !== undefined) {
      s.count = c;
      counts.delete(s);
    }
  }
  const edits: Edit[] = [];
  for (const [sample, count] of counts) {
    const el = parsed.index.elements.get(sample);
    if (el) edits.push(sampleCountEdit(el, count));
  }
  if (fresh.length > 0)
    edits.push(insertion(text, parsed.index.sections.samples.at(-1), parsed.index.sections.project, fresh, path));
  const out = applied(text, edits, path);
  // Lines from the written text: the first sample of the same key is the one added or counted.
  const written = parseTrsx(out);
  const lineOf = new Map<string, number>();
  for (const s of written.document.samples) {
    const at = written.index.elements.get(s)?.range.start;
    if (at !== undefined && !lineOf.has(keyOf(s))) lineOf.set(keyOf(s), lineAt(out, at));
  }
  return { text: out, outcomes: outcomes.map(({ sample, ...o }) => ({ ...o, line: lineOf.get(keyOf(sample)) ?? 1 })) };
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** `NAME "text"` for each annotation of a sample's content, outermost first. */
function annotationsOf(content: readonly SampleNode[]): string[] {
  return content.flatMap((n) =>
    typeof n === 'string' ? [] : [`${n.conceptref} "${sampleText(n.content)}"`, ...annotationsOf(n.content)],
  );
}

/** New sample lines before `</samples>` of the last samples section (or a new section before `</project>`). */
function insertion(
  text: string,
  samples: XmlElement | undefined,
  project: XmlElement | undefined,
  fresh: readonly TrsxSample[],
  path: string,
): Edit {
  const eol = detectEol(text);
  const host = samples ?? project;
  const close = host?.closeTagRange;
  if (!host || !close)
    throw new AddSampleError(
      `${path} has no <samples> or closed <project> element to add samples to; fix the file first.`,
    );
  const hostIndent = lineIndentAt(text, host.range.start);
  const first = samples ? samplesChildIndent(text, samples) : undefined;
  const unit =
    first !== undefined && first.startsWith(hostIndent) && first.length > hostIndent.length
      ? first.slice(hostIndent.length)
      : '  ';
  const sampleIndent = samples ? hostIndent + unit : hostIndent + unit + unit;
  let block = fresh.map((s) => `${sampleIndent}${buildSample(s)}${eol}`).join('');
  if (!samples) block = `${hostIndent}${unit}<samples>${eol}${block}${hostIndent}${unit}</samples>${eol}`;
  // Insert at the start of the closing tag's line when only indentation precedes it, else right before it.
  const lineStart = text.lastIndexOf('\n', close.start - 1) + 1;
  const onOwnLine = /^[ \t]*$/.test(text.slice(lineStart, close.start));
  const at = onOwnLine ? lineStart : close.start;
  return { range: { start: at, end: at }, newText: onOwnLine ? block : `${eol}${block}${hostIndent}` };
}

/** Indentation of the first child line of a samples section, if it has one. */
function samplesChildIndent(text: string, samples: XmlElement): string | undefined {
  const child = childElements(samples)[0];
  return child ? lineIndentAt(text, child.range.start) : undefined;
}

function applied(text: string, edits: Edit[], path: string): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.range.start - a.range.start))
    out = out.slice(0, e.range.start) + e.newText + out.slice(e.range.end);
  const check = parseTrsx(out);
  if (hasErrors(check.diagnostics))
    throw new AddSampleError(
      `Adding samples to ${path} would make it malformed (${check.diagnostics[0]?.message ?? ''}); nothing was written.`,
    );
  return out;
}
