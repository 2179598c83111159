// The partial exports (an entity's literals, an intent's samples) share one layout: a zip with one
// `<locale>.trsx` per locale, each the header of that locale's model plus what the export copies into it.
import { buildTrsx } from '../../core/formats/trsx/build';
import type { TrsxDocument } from '../../core/formats/trsx/model';
import { headerOnly } from '../../core/formats/trsx/partial';
import { writeZip } from '../../core/package/zip';
import type { ProjectContent } from '../state';
import { localeContent } from './model';

const encoder = new TextEncoder();

/** `fill` adds the exported part of `source` (the locale's whole model) to `doc` (its header only). */
export async function perLocaleTrsxZip(
  content: ProjectContent,
  locales: readonly string[],
  at: Date,
  fill: (doc: TrsxDocument, source: TrsxDocument) => void,
): Promise<Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const locale of locales) {
    const source = localeContent(content, locale).trsx;
    const doc = headerOnly(source);
    fill(doc, source);
    files.set(`${locale}.trsx`, encoder.encode(buildTrsx(doc)));
  }
  return await writeZip(files, at);
}
