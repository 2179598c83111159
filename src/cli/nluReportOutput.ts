// What `cstudio test nlu` writes besides standard output: the report's files (--out DIR), the JUnit file (--junit)
// and the progress line on stderr (one line per tenth, so CI logs stay short).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../core/fs/atomicFile';
import type { GateVerdict } from '../core/nlu/evaluation/baselineGate';
import { reportFiles, type EvaluationReport } from '../core/nlu/evaluation/evaluationReport';
import { junitXml } from '../core/nlu/evaluation/junit';
import { textSummary } from '../core/nlu/evaluation/summary';
import type { CliIO } from './command';
import { resolveInput } from './sourceFiles';

export async function writeReportFiles(
  io: CliIO,
  dir: string,
  report: EvaluationReport,
  verdict: GateVerdict | undefined,
): Promise<void> {
  const out = resolveInput(io, dir);
  await mkdir(out, { recursive: true });
  const files: Record<string, unknown> = { ...reportFiles(report), ...(verdict ? { 'gate.json': verdict } : {}) };
  for (const [name, value] of Object.entries(files))
    await writeFileAtomic(join(out, name), `${JSON.stringify(value, null, 2)}\n`);
  await writeFileAtomic(join(out, 'summary.txt'), textSummary(report));
  io.stderr(`Wrote ${Object.keys(files).length + 1} files to ${dir}.\n`);
}

export async function writeJunit(io: CliIO, file: string, report: EvaluationReport): Promise<void> {
  await writeFileAtomic(resolveInput(io, file), junitXml(report.predictions, `NLU evaluation: ${report.model}`));
  io.stderr(`Wrote JUnit results (${report.predictions.length} testcases) to ${file}.\n`);
}

/** A progress reporter printing `label: done/total (n%)` each time another tenth is done, and at the end. */
export function progressLine(io: CliIO, label: string): (done: number, total: number) => void {
  let lastTenth = -1;
  return (done, total) => {
    if (total === 0) return;
    const tenth = Math.floor((done / total) * 10);
    if (tenth === lastTenth) return;
    lastTenth = tenth;
    io.stderr(`${label}: ${done}/${total} (${Math.floor((done / total) * 100)}%)\n`);
  };
}
