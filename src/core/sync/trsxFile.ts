// Reading TRSX files for semantic work (diff, merge, push plans): the model, or why it could not be read.
import { hasErrors } from '../formats/diagnostic';
import { emptyTrsxDocument, type TrsxDocument, type TrsxSample } from '../formats/trsx/model';
import { decodeXmlBytes } from '../formats/xml/decode';
import { buildTrsx } from '../formats/trsx/build';
import { readTrsxSamplesApart } from '../formats/trsx/stream';
import { classifyPackagePath } from '../package/layout';
import { ItemDigest, type ItemWalk } from './semantic/trsxItems';

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
    return {
      ok: false,
      problem: `${label} is not well-formed XML (${first?.message ?? 'parse error'}); fix it first.`,
    };
  }
  if (streamed.rootName !== 'project')
    return {
      ok: false,
      problem: `${label} is not TRSX (its root is <${streamed.rootName ?? 'none'}>, expected <project>).`,
    };
  return { ok: true, document: streamed.document };
}

const encoder = new TextEncoder();

export function trsxBytes(doc: TrsxDocument): Uint8Array {
  return encoder.encode(buildTrsx(doc));
}

/**
 * A file's items, streamed to the sink as they are read (samples first, the rest when the scan is done): no
 * model of the file is kept, so large files are compared a file at a time for the size of what the sink keeps.
 * An absent file is an empty document.
 */
export function walkTrsxBytes(bytes: Uint8Array | undefined, label: string): ItemWalk {
  return (sink) => {
    if (!bytes) {
      sink.addDocument(emptyTrsxDocument());
      return { ok: true };
    }
    const read = stream(bytes, label, (s) => sink.addSample(s));
    if (!read.ok) return read;
    sink.addDocument(read.document);
    return { ok: true };
  };
}

export type DigestRead = { ok: true; digest: string } | { ok: false; problem: string };

/** What a file means, as a digest (see ItemDigest): files compared this way cost one file's item ids at a time. */
export function readTrsxDigest(bytes: Uint8Array | undefined, label: string): DigestRead {
  const digest = new ItemDigest();
  const read = walkTrsxBytes(bytes, label)(digest);
  return read.ok ? { ok: true, digest: digest.digest() } : read;
}
