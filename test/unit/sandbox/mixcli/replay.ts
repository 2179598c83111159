// Replays requests the way the public CLI (nuance-communications/mix-cli) sends them — method, path, query,
// body — against a test sandbox, and checks the replies carry the fields that client reads (its
// src/commands/**.ts `columns`/`transformResponse`, and the shapes of its test/commands/**-test-data.ts).
import assert from 'node:assert/strict';
import type { RawResponse } from '../../helpers/sandboxHttp';
import type { UserCall } from '../../helpers/sandboxSession';

/** One mix-cli command's request, and the reply fields it reads (dot paths; `[]` = every element of a non-empty array). */
export interface Replay {
  command: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
  reads?: string[];
}

export function target(path: string, query: Replay['query'] = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const x of Array.isArray(v) ? v : [v]) q.append(k, x);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** The values at a dot path; `a[]` fans out over an array, which must not be empty. */
export function valuesAt(value: unknown, path: string): unknown[] {
  let current: unknown[] = [value];
  for (const part of path.split('.')) {
    const many = part.endsWith('[]');
    const key = many ? part.slice(0, -2) : part;
    const next: unknown[] = [];
    for (const v of current) {
      const child = key === '' ? v : (v as Record<string, unknown> | undefined)?.[key];
      if (!many) {
        next.push(child);
        continue;
      }
      if (!Array.isArray(child) || child.length === 0)
        throw new Error(`"${path}": "${key}" is not a non-empty array (${JSON.stringify(child)?.slice(0, 200)})`);
      next.push(...child);
    }
    current = next;
  }
  return current;
}

export function assertReads(res: RawResponse, replay: Replay): void {
  for (const path of replay.reads ?? []) {
    const missing = valuesAt(res.json, path).filter((v) => v === undefined);
    assert.equal(
      missing.length,
      0,
      `${replay.command}: the reply lacks "${path}" that mix-cli reads: ${res.text.slice(0, 400)}`,
    );
  }
}

/** Sends the replay as mix-cli would and checks status 200 and the fields it reads. */
export async function replay(call: UserCall, r: Replay): Promise<RawResponse> {
  const res = await call(r.method, target(r.path, r.query), r.body);
  assert.equal(
    res.status,
    200,
    `${r.command}: ${r.method} ${target(r.path, r.query)} → ${res.status} ${res.text.slice(0, 400)}`,
  );
  assertReads(res, r);
  return res;
}
