// Reading TRSX files for semantic work (diff, merge, push plans): the model, or why it could not be read.
import { hasErrors } from '../formats/diagnostic';
import { emptyTrsxDocument, type TrsxDocument, type TrsxSample } from '../formats/trsx/model';
import { decodeXmlBytes } from '../formats/xml/decode';
import { buildTrsx } from '../formats/trsx/build';
import { readTrsxSamplesApart } from '../formats/trsx/stream';
import { classifyPackagePath } from '../package/layout';
import { ItemCollector, ItemDigest, trsxItems, type TrsxItems } from './semantic/trsxItems';

export type TrsxRead = { ok: true; document: TrsxDocument } | { ok: false; problem: string };

export function isTrsxPath(path: string): boolean {
  return classifyPackagePath(path).kind === 'trsx';
}

/** The model of a TRSX file (no XML tree kept: see readTrsxSamplesApart), or why it cannot be read. */
export function readTrsxDocument(bytes: Uint8Array | undefined, label: string): TrsxRead {
  if (!bytes) return { ok: true, document: emptyTrsxDocument() };
  const samples: TrsxSample[] = [];
  const read = stream(bytes, label, (s) => samples.push(s));
  if (!read.ok) return read;
  read.document.samples = samples;
  return read;
}

function stream(bytes: Uint8Array, label: string, onSample: (s: TrsxSample) => void): TrsxRead {
  const decoded = decodeXmlBytes(bytes);
  const streamed = readTrsxSamplesApart(decoded.text, onSample);
  const diagnostics = [...decoded.diagnostics, ...streamed.diagnostics];
  if (hasErrors(diagnostics)) {
    const first = diagnostics.find((d) => d.severity === 'error');
    return { ok: false, problem: `${label} is not well-formed XML (${first?.message ?? 'parse error'}); fix it first.` };
  }
  if (streamed.rootName !== 'project') return { ok: false, problem: `${label} is not TRSX (its root is <${streamed.rootName ?? 'none'}>, expected <project>).` };
  return { ok: true, document: streamed.document };
}

const encoder = new TextEncoder();

export function trsxBytes(doc: TrsxDocument): Uint8Array {
  return encoder.encode(buildTrsx(doc));
}

export type ItemsRead = { ok: true; items: TrsxItems } | { ok: false; problem: string };

/**
 * A file's items. Without sources only strings stay alive (the model is freed as soon as this returns),
 * which is how large files are compared one model at a time.
 */
export function readTrsxItems(bytes: Uint8Array | undefined, label: string, sources: boolean): ItemsRead {
  if (!bytes) return { ok: true, items: trsxItems(emptyTrsxDocument(), { sources }) };
  const collector = new ItemCollector({ sources });
  // Samples become items as they are read; the rest of the document is added when the scan is done.
  const read = stream(bytes, label, (s) => collector.addSample(s));
  if (!read.ok) return read;
  collector.addDocument(read.document);
  return { ok: true, items: collector.items };
}

export type DigestRead = { ok: true; digest: string } | { ok: false; problem: string };

/** What a file means, as a digest (see ItemDigest): files compared this way cost one file's item ids at a time. */
export function readTrsxDigest(bytes: Uint8Array | undefined, label: string): DigestRead {
  const digest = new ItemDigest();
  if (!bytes) {
    digest.addDocument(emptyTrsxDocument());
    return { ok: true, digest: digest.digest() };
  }
  const read = stream(bytes, label, (s) => digest.addSample(s));
  if (!read.ok) return read;
  digest.addDocument(read.document);
  return { ok: true, digest: digest.digest() };
}
