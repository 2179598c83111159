// Shared wiring of the NLU content tests: fresh projects to change, zips in and out, and waiting for jobs.
import assert from 'node:assert/strict';
import type { PlatformClient } from '../../../src/core/platform/client';
import type { Download } from '../../../src/core/platform/download';
import type { Job } from '../../../src/core/platform/types';
import { readZip, writeZip } from '../../../src/core/package/zip';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A new, empty project of organization 1 (owned by the demo organization, so the owner, admin, expert and viewer see it). */
export async function newProject(
  client: PlatformClient,
  name: string,
  languages: string[] = ['en-US'],
): Promise<string> {
  const project = await client.projects.create('1', { displayName: name, languages, isChildDataCompliant: 'NO' });
  return project.id;
}

export async function zipOf(files: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  return await writeZip(
    new Map(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? encoder.encode(v) : v])),
  );
}

/** A download's zip entries as text. */
export async function zipTexts(download: Download): Promise<Map<string, string>> {
  const entries = await readZip(await download.toBuffer());
  return new Map([...entries].map(([k, v]) => [k, decoder.decode(v)]));
}

export async function finished(
  client: PlatformClient,
  projectId: string,
  job: Job,
  status = 'COMPLETED',
): Promise<Job> {
  assert.equal(job.status, 'RUNNING');
  const final = await client.jobPoller.waitFor(projectId, job, {
    initialDelayMs: 20,
    maxDelayMs: 100,
    timeoutMs: 10_000,
  });
  assert.equal(final.status, status, JSON.stringify(final.report));
  return final;
}

/** The first report of a finished import job (`<kind>Reports.reports[0]`). */
export function firstReport(job: Job, kind: string): Record<string, unknown> {
  const group = job.report[`${kind}Reports`] as { reports?: Array<Record<string, unknown>> } | undefined;
  const first = group?.reports?.[0];
  assert.ok(first, `job ${job.id} has no ${kind} report: ${JSON.stringify(job.report)}`);
  return first;
}

export function bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

/** A minimal TRSX document. */
export function trsx(lang: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="${lang}" nuance:version="2.6">\n${body}\n</project>\n`;
}
