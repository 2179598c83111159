// A project's intents, for the explorer and the CLI. The platform's `/intents` endpoint is not in the spec's tables;
// a platform that answers 404 to it still has the intents in its ontology export, so they are read from the export's
// TRSX. That is package and format work, so it lives here, over the HTTP client, and not inside it.
import { parseTrsxBytes } from '../formats/trsx/parse';
import { readZip } from '../package/zip';
import type { PlatformClient } from '../platform/client';
import { NotFoundError } from '../platform/errors';
import type { Intent } from '../platform/nluTypes';
import type { CallOptions } from '../platform/requester';

/** Ontology exports read for the fallback are capped; an ontology is text, rarely more than a few MiB. */
const FALLBACK_EXPORT_CAP = 64 * 1024 * 1024;

/** The project's intents; from the ontology export when the platform has no intents endpoint. */
export async function listProjectIntents(
  client: Pick<PlatformClient, 'intents' | 'ontology'>,
  projectId: string,
  options: CallOptions = {},
): Promise<Intent[]> {
  try {
    return await client.intents.list(projectId, options);
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
    return intentsFromOntology(client, projectId, err, options);
  }
}

/** Intents of the first locale's TRSX in the ontology export; ids are the names (TRSX has none). */
async function intentsFromOntology(
  client: Pick<PlatformClient, 'ontology'>,
  projectId: string,
  original: NotFoundError,
  options: CallOptions,
): Promise<Intent[]> {
  let zip: Uint8Array;
  try {
    const download = await client.ontology.export(projectId, { signal: options.signal, maxBytes: FALLBACK_EXPORT_CAP });
    zip = await download.toBuffer();
  } catch (err) {
    // The project itself is missing (or hidden): report the original request.
    if (err instanceof NotFoundError) throw original;
    throw err;
  }
  const entries = await readZip(zip);
  const trsx = [...entries.keys()].filter((n) => /^[^/]+\/[^/]+\.trsx$/i.test(n)).sort()[0];
  if (!trsx) return [];
  const { document } = parseTrsxBytes(entries.get(trsx) ?? new Uint8Array());
  return document.intents.map((i) => ({
    id: i.name,
    name: i.name,
    links: i.links.map((l) => ({ entityRef: l.conceptref })),
  }));
}
