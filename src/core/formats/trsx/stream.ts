// TRSX text (or bytes) → model and every diagnostic, in one scan that keeps no XML tree (stream-reader.ts):
// what the sync engine validates a push with, where the tree of a large locale file would be many times the
// file's size. Same model and same diagnostics (codes, messages, ranges, order) as parseTrsx + validateTrsx;
// the language services, which need the tree, keep using those.

import type { Diagnostic } from '../diagnostic';
import { decodeXmlBytes } from '../xml/decode';
import { scanXml, type XmlParseOptions } from '../xml/scanner';
import { trsxReporter, type TrsxReport } from './codes';
import type { TrsxDocument, TrsxSample } from './model';
import { ELEMENT_ONLY } from './schema';
import type { TrsxLocator } from './source-index';
import { TrsxStreamReader } from './stream-reader';
import { sortDiagnostics, validateModel, type TrsxValidationOptions } from './validate';

export interface TrsxStreamResult {
  document: TrsxDocument;
  /** The text that was read (decoded from the bytes), for turning offsets into lines. */
  text: string;
  /** Decoding and well-formedness diagnostics (`XML…`): what `parseTrsx` returns in `diagnostics`. */
  diagnostics: Diagnostic[];
  /** The TRSX rules, in document order: what `validateTrsx` returns. */
  validation: Diagnostic[];
}

export function readAndValidateTrsx(
  text: string,
  options: TrsxValidationOptions & XmlParseOptions = {},
): TrsxStreamResult {
  const validation: Diagnostic[] = [];
  const report = trsxReporter(validation);
  const reader = new TrsxStreamReader(report);
  const scan = scanXml(text, reader, { elementOnly: ELEMENT_ONLY, ...options });
  if (reader.isProject) validateModel(reader.document, reader.positions, options, report);
  return { document: reader.document, text, diagnostics: [...scan.errors], validation: sortDiagnostics(validation) };
}

/** Decodes (BOM, declared encoding, UTF-8 by default) then reads; decoding problems come first. */
export function readAndValidateTrsxBytes(
  bytes: Uint8Array,
  options: TrsxValidationOptions & XmlParseOptions = {},
): TrsxStreamResult {
  const decoded = decodeXmlBytes(bytes);
  const result = readAndValidateTrsx(decoded.text, options);
  result.diagnostics = decoded.diagnostics.concat(result.diagnostics);
  return result;
}

export interface TrsxSamplesApart {
  /** The document without its samples: they went to `onSample`. */
  document: TrsxDocument;
  /** Where the items other than samples and annotations are. */
  positions: TrsxLocator;
  rootName?: string;
  /** Well-formedness diagnostics (`XML…`); no TRSX rule is run. */
  diagnostics: Diagnostic[];
}

const ignoreRules: TrsxReport = () => undefined;

/**
 * The model with each sample handed to `onSample` (with the range of its element in `text`) as soon as it is
 * read and kept nowhere: no XML tree, no sample positions and no list of samples, so a caller that turns
 * samples into something smaller (sync's item lists, the health report) holds only that. The same model as
 * parseTrsx otherwise.
 */
export function readTrsxSamplesApart(
  text: string,
  onSample: (sample: TrsxSample, start: number, end: number) => void,
  options: XmlParseOptions = {},
): TrsxSamplesApart {
  const reader = new TrsxStreamReader(ignoreRules, onSample);
  const scan = scanXml(text, reader, { elementOnly: ELEMENT_ONLY, ...options });
  return {
    document: reader.document,
    positions: reader.positions,
    rootName: reader.root?.name,
    diagnostics: [...scan.errors],
  };
}
