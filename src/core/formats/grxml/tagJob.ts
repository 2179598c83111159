// What the main thread sends the tag worker (sisrWorker.ts) and what it answers: one evaluation of a matched
// sentence's semantic tags. Plain data only (structured clone), so nothing host-side reaches the worker's VM.

import type { SandboxInstance } from './sisrSandbox';

/** A grammar header tag, run at global scope before any rule's tags. */
export interface GlobalTag {
  code: string;
  /** Names the tag for people, e.g. `the header tag at line 4 of dates.grxml`. */
  label: string;
}

/** The tags of one rule, compiled into one function; instances refer to it by its index in `TagJob.rules`. */
export interface RuleTags {
  tags: string[];
  /** Names each tag for people, e.g. `the tag at line 12 (rule "time")`; same order as `tags`. */
  labels: string[];
  /** Names the rule, e.g. `rule "time"`. */
  label: string;
}

export interface TagJob {
  globals: GlobalTag[];
  rules: RuleTags[];
  root: SandboxInstance;
  /** Time budget of the whole evaluation, enforced inside the worker's VM (loops) and by killing it (built-ins). */
  timeoutMs: number;
}

export type TagReply = { value: unknown } | { error: string };

/**
 * Which tag runs now, shared with the worker (an Int32Array over a SharedArrayBuffer): [rule index, tag index],
 * rule index -1 for header tags, -2 when no tag runs. Read by the main thread after it had to stop the worker.
 */
export const PROGRESS_SLOTS = 2;
export const HEADER_TAGS = -1;
export const NO_TAG = -2;

/** The label of the tag `progress` points at, if any. */
export function runningTag(job: TagJob, progress: Int32Array): string | undefined {
  const rule = progress[0] ?? NO_TAG;
  const tag = progress[1] ?? 0;
  if (rule === HEADER_TAGS) return job.globals[tag]?.label;
  return rule >= 0 ? job.rules[rule]?.labels[tag] : undefined;
}
