// Peak RSS growth of a piece of work in this process. `process.resourceUsage().maxRSS` is the peak since the
// process started, so a start-up transient (loading and compiling a bundle, the first full GC) above what the
// work itself reaches is reported for every kind of work alike: the same 51 MB for reading files alone and for
// the whole report. On Linux, writing 5 to /proc/self/clear_refs resets that peak to the current RSS
// (proc(5)), so the peak read afterwards is the work's own.
import { readFileSync, writeFileSync } from 'node:fs';

export interface PeakWindow {
  /** RSS (bytes) when the window opened. */
  readonly before: number;
  /** Whether the process peak was reset (false: the figure includes anything before the window). */
  readonly reset: boolean;
}

/** Opens a measuring window: resets the process's peak RSS where the system allows it. */
export function openPeakWindow(): PeakWindow {
  let reset = false;
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    reset = true;
  } catch {
    // Not Linux, or not allowed: maxRSS since the process started is the best there is.
  }
  return { before: process.memoryUsage().rss, reset };
}

/** Peak RSS growth (bytes) since `window` opened. */
export function peakGrowthSince(window: PeakWindow): number {
  let peak = process.resourceUsage().maxRSS * 1024;
  if (window.reset) {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) peak = Number(hwm[1]) * 1024;
  }
  return Math.max(0, peak - window.before);
}
