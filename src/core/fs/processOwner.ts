// Who owns a staging folder or temp file: a pid alone is no owner, since pids are reused within minutes on a
// busy machine (pid_max 32768) and a container's CLI is pid 1 every time. An owner tag is `<pid>-<start>`, the
// process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat): a live process with the same
// pid but another start time is not the owner. Where /proc is missing (macOS, Windows) the start reads `0` and
// the pid alone decides, as before.
import { readFileSync } from 'node:fs';

/** This process's owner tag. */
export function ownerTag(): string {
  return `${process.pid}-${startTimeOf(process.pid) ?? '0'}`;
}

/** Parses `<pid>-<start>`; undefined for anything else (a pid alone, written by earlier versions). */
export function parseOwnerTag(tag: string): { pid: number; start: string } | undefined {
  const m = /^(\d+)-(\d+)$/.exec(tag);
  return m?.[1] && m[2] ? { pid: Number(m[1]), start: m[2] } : undefined;
}

/** Whether the process that wrote this tag still runs: its pid runs and, where known, started at the same tick. */
export function ownerRuns(tag: string): boolean {
  const owner = parseOwnerTag(tag);
  if (!owner || owner.pid <= 0) return false;
  if (owner.pid === process.pid) return tag === ownerTag();
  if (!processRuns(owner.pid)) return false;
  if (owner.start === '0') return true;
  const start = startTimeOf(owner.pid);
  return start === undefined || start === owner.start;
}

/** Whether a process with this id runs (on this machine). */
export function processRuns(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses, so fields count from its last ')'. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[19];
    return start !== undefined && /^\d+$/.test(start) ? start : undefined;
  } catch {
    return undefined;
  }
}
