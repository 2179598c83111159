// How many problems a report prints: the first few of each file and code, then counts for the rest. A folder
// can hold a million problems (one per sample); printing each buries the few kinds there are and, in a
// terminal or CI log, takes minutes and gigabytes. What is cut is never lost from the outcome: counts and
// exit codes still cover every problem (and --json in `validate` still lists them all).

/** Problems printed per file and code (default): enough to see the pattern and fix it. */
export const PROBLEMS_PER_KIND = 20;
/** Problems printed in all (default), so that many files each with a few kinds stay readable too. */
export const PROBLEMS_IN_ALL = 500;

export interface CappedKind {
  readonly file: string;
  readonly code: string;
  readonly severity: string;
  readonly omitted: number;
}

interface Kind {
  file: string;
  code: string;
  severity: string;
  seen: number;
  shown: number;
}

/**
 * Decides, one problem at a time, whether a report prints it, keeping only counts (no problem is held):
 * the first `perKind` of each file and code are printed, up to `inAll` overall.
 */
export class ProblemCap {
  private readonly kinds = new Map<string, Kind>();
  private last: Kind | undefined;
  private shown = 0;

  constructor(
    private readonly perKind = PROBLEMS_PER_KIND,
    private readonly inAll = PROBLEMS_IN_ALL,
  ) {}

  /** True when this problem is to be printed; counts it either way. */
  admit(file: string, code: string, severity: string): boolean {
    // Problems come in runs of one kind (a file's, sorted): the last kind is checked before making a key.
    let kind = this.last;
    if (!kind || kind.file !== file || kind.code !== code || kind.severity !== severity) {
      const key = `${severity}\0${code}\0${file}`;
      kind = this.kinds.get(key);
      if (!kind) {
        kind = { file, code, severity, seen: 0, shown: 0 };
        this.kinds.set(key, kind);
      }
      this.last = kind;
    }
    kind.seen++;
    if (kind.shown >= this.perKind || this.shown >= this.inAll) return false;
    kind.shown++;
    this.shown++;
    return true;
  }

  /** Kinds with problems that were not printed, most first. */
  omitted(): CappedKind[] {
    const out: CappedKind[] = [];
    for (const k of this.kinds.values())
      if (k.seen > k.shown) out.push({ file: k.file, code: k.code, severity: k.severity, omitted: k.seen - k.shown });
    return out.sort((a, b) => b.omitted - a.omitted || a.file.localeCompare(b.file) || a.code.localeCompare(b.code));
  }

  /**
   * Lines that say what was not printed: one per file and code (the first `maxLines`), then one line for the
   * rest. Empty when everything was printed.
   */
  summary(maxLines = 50): string[] {
    const omitted = this.omitted();
    if (omitted.length === 0) return [];
    const total = omitted.reduce((n, k) => n + k.omitted, 0);
    const lines = [
      `${total} more problem${total === 1 ? '' : 's'} not shown (the first ${this.perKind} of each file and code are, at most ${this.inAll} in all):`,
    ];
    for (const k of omitted.slice(0, maxLines)) lines.push(`  ${k.file}: ${k.omitted} more ${k.severity} ${k.code}`);
    const rest = omitted.slice(maxLines);
    if (rest.length > 0)
      lines.push(`  and ${rest.reduce((n, k) => n + k.omitted, 0)} more in ${rest.length} other file and code pairs`);
    return lines;
  }
}
