// `cstudio report [DIR]`: the model-health report of a pulled project folder (samples per intent, locale
// parity, conflicts, near-duplicates, un-annotated mentions, literal collisions), as a table or JSON, with
// `--fail-on` so a CI pipeline fails on the findings it cares about. With `--app`, also the coverage of the
// application's live traffic (core/health/coverage.ts), which needs a connection (flags or CSTUDIO_*).
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { TrainingIndex } from '../../core/discover/training';
import { confusionFindings, MIN_CONFUSED } from '../../core/health/confusion';
import { isEvaluationReport, type EvaluationReport } from '../../core/nlu/evaluation/evaluationReport';
import { DEFAULT_COVERAGE_DAYS, liveTrafficCoverage, type TrafficCoverage } from '../../core/health/coverage';
import {
  DEFAULT_HEALTH_OPTIONS,
  HEALTH_RULES,
  isHealthRule,
  type HealthFinding,
  type HealthReport,
  type HealthRule,
} from '../../core/health/findings';
import { NotAProjectFolderError } from '../../core/health/report';
import { reportInWorker } from '../../core/health/reportInWorker';
import { parseFlags, parseIntFlag } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import { connectionFlags, withSession, type ConnectionFlagValues } from '../connection';
import { formatTable, printJson } from '../output';
import { CONNECTION_USAGE } from '../platformCommand';
import { resolveInput } from '../sourceFiles';

const USAGE = `Usage: cstudio report [DIR] [--json] [--fail-on RULES] [--min-samples N] [--max-imbalance X] [--similarity X]
                      [--app ID [--days N]] [--evaluation REPORT]

The model-health report of a pulled project folder (default: the current folder), from its TRSX files:
samples per intent and locale, and these findings (rule ids):
  samples-below-minimum  an intent with fewer samples than --min-samples (default ${DEFAULT_HEALTH_OPTIONS.minSamples}) in a locale
  intent-imbalance       most / least sampled intent of a locale above --max-imbalance (default ${DEFAULT_HEALTH_OPTIONS.maxImbalance})
  locale-parity          an intent, entity or list value in one locale and not another
  conflict               the same words (ignoring case and punctuation) under two intents
  near-duplicate         samples of two intents whose word sets are --similarity alike (Jaccard, default ${DEFAULT_HEALTH_OPTIONS.similarity})
  unannotated-mention    a literal of an entity linked to the sample's intent, not annotated (the fix is in --json)
  literal-collision      the same literal in two entities
  confusion              intents the model confuses (${MIN_CONFUSED}+ utterances of one answered as another), from --evaluation
--evaluation REPORT  the report.json of \`cstudio test nlu --out DIR\` (test sets or --folds): its confused intent
                 pairs become findings, at the samples' TRSX lines when it cross-validated this folder
--fail-on RULES  comma-separated rule ids, or "any": exit 1 when one of them is found.
--app ID         also the coverage of live traffic: of the utterances the application (runtime app ID, the
                 event-log topic) logged in the last --days N days (default ${DEFAULT_COVERAGE_DAYS}), the share that is
                 already a sample (ignoring case and punctuation), per interpreted intent. Reads the event
                 logs from the beginning to their current end, committing nothing.
Exit codes: 0 report printed (and no --fail-on rule found), 1 a --fail-on rule found, 2 usage problem or
not a project folder.

${CONNECTION_USAGE}`;

function parseFraction(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new UsageError(`--${name} must be a number from ${min} to ${max}, got "${value}".`);
  return n;
}

function parseFailOn(value: string | undefined): ReadonlySet<HealthRule> {
  if (value === undefined) return new Set();
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.includes('any')) return new Set(HEALTH_RULES);
  const unknown = names.filter((n) => !isHealthRule(n));
  if (unknown.length > 0)
    throw new UsageError(
      `--fail-on: unknown rule ${unknown.join(', ')}; give any of: ${HEALTH_RULES.join(', ')}, or "any".`,
    );
  return new Set(names as HealthRule[]);
}

export const reportCommand: CliCommand = {
  path: ['report'],
  summary: 'Model-health report of a pulled project folder',
  usage: USAGE,
  failureExitCode: 2,
  async run(args: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseFlags(args, {
      ...connectionFlags,
      'fail-on': { type: 'string' },
      'min-samples': { type: 'string' },
      'max-imbalance': { type: 'string' },
      similarity: { type: 'string' },
      app: { type: 'string' },
      days: { type: 'string' },
      evaluation: { type: 'string' },
    });
    if (positionals.length > 1) throw new UsageError('Give one project folder.');
    const failOn = parseFailOn(values['fail-on']);
    const minSamples = parseIntFlag(values['min-samples'], 'min-samples', 0);
    const maxImbalance = parseFraction(values['max-imbalance'], 'max-imbalance', 1, Number.MAX_SAFE_INTEGER);
    const similarity = parseFraction(values.similarity, 'similarity', 0.01, 1);
    const app = values.app?.trim();
    if (app === '') throw new UsageError('--app needs a runtime app ID (the event-log topic, e.g. COFFEE-DEV).');
    const days = parseIntFlag(values.days, 'days', 1);
    if (days !== undefined && app === undefined)
      throw new UsageError("--days is the window of --app's traffic coverage; give --app ID too.");
    const dir = resolveInput(io, positionals[0] ?? '.');
    let report: HealthReport;
    try {
      report = await reportInWorker(
        dir,
        {
          ...(minSamples !== undefined ? { minSamples } : {}),
          ...(maxImbalance !== undefined ? { maxImbalance } : {}),
          ...(similarity !== undefined ? { similarity } : {}),
        },
        { signal: io.signal },
      );
    } catch (e) {
      if (e instanceof NotAProjectFolderError) throw new UsageError(e.message);
      throw e;
    }
    if (app !== undefined) report.coverage = await coverageOf(values, io, dir, app, days ?? DEFAULT_COVERAGE_DAYS);
    if (values.evaluation !== undefined)
      for (const f of confusionFindings(await readEvaluation(io, values.evaluation), report.locales))
        report.findings.push(f);
    for (const l of report.locales) {
      if (l.xmlErrors > 0)
        io.stderr(
          `${l.file} has ${l.xmlErrors} XML error${l.xmlErrors === 1 ? '' : 's'}: the report covers only what could be read; see them with cstudio validate ${l.file}.\n`,
        );
    }
    if (values.json) printJson(io, report);
    else printHuman(io, report, relative(io.cwd, dir) || '.');
    const failing = report.findings.filter((f) => failOn.has(f.rule));
    if (failing.length > 0) {
      io.stderr(
        `${failing.length} finding${failing.length === 1 ? '' : 's'} of --fail-on rules (${[...new Set(failing.map((f) => f.rule))].join(', ')}).\n`,
      );
      return 1;
    }
    return 0;
  },
};

async function readEvaluation(io: CliIO, file: string): Promise<EvaluationReport> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(resolveInput(io, file), 'utf8'));
  } catch (e) {
    throw new UsageError(`Cannot read the evaluation ${file}: ${(e as Error).message}.`);
  }
  if (!isEvaluationReport(json)) throw new UsageError(`${file} is not the report.json of cstudio test nlu --out DIR.`);
  return json;
}

async function coverageOf(
  values: ConnectionFlagValues,
  io: CliIO,
  dir: string,
  app: string,
  days: number,
): Promise<TrafficCoverage> {
  const training = await TrainingIndex.load(dir);
  return withSession(values, io, (session) =>
    liveTrafficCoverage(
      { requester: session.client.requester, clientId: session.connection.clientId },
      training,
      { app, days },
      { signal: io.signal },
    ),
  );
}

const BAR_WIDTH = 30;
const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

function printCoverage(io: CliIO, c: TrafficCoverage): void {
  io.stdout(`Live traffic of ${c.app}, last ${c.days} day${c.days === 1 ? '' : 's'} (since ${c.since}): `);
  if (c.utterances === 0) {
    io.stdout('no interpreted utterances.\n\n');
    return;
  }
  io.stdout(`${c.matched} of ${c.utterances} utterances (${percent(c.share)}) are samples\n`);
  io.stdout(
    formatTable(c.intents, [
      { header: '  Intent', value: (i) => `  ${i.intent}` },
      { header: 'Utterances', value: (i) => i.utterances },
      { header: 'Samples', value: (i) => i.matched },
      { header: 'Coverage', value: (i) => percent(i.share) },
    ]),
  );
  io.stdout('\n');
}

function printHuman(io: CliIO, report: HealthReport, shown: string): void {
  for (const l of report.locales) {
    io.stdout(
      `${l.locale} (${l.file}): ${l.samples} samples in ${l.intents.length} intents, imbalance ${l.imbalance.toFixed(1)}×\n`,
    );
    const most = l.intents.reduce((m, i) => Math.max(m, i.samples), 1);
    io.stdout(
      formatTable(l.intents, [
        { header: '  Intent', value: (i) => `  ${i.intent}` },
        { header: 'Samples', value: (i) => i.samples },
        { header: 'Count', value: (i) => i.weighted },
        { header: '', value: (i) => '█'.repeat(Math.round((i.samples / most) * BAR_WIDTH)) },
      ]),
    );
    io.stdout('\n');
  }
  if (report.coverage) printCoverage(io, report.coverage);
  if (report.findings.length === 0) {
    io.stdout('No findings.\n');
    return;
  }
  io.stdout(`${report.findings.length} finding${report.findings.length === 1 ? '' : 's'}:\n`);
  for (const f of report.findings) io.stdout(`${where(f, shown)}: ${f.severity} ${f.rule}: ${f.message}\n`);
}

/** `dir/en-US/en-US.trsx:12-14`, the way editors and terminals link to a file position. */
function where(f: HealthFinding, shown: string): string {
  if (!f.location) return shown;
  const { file, startLine, endLine } = f.location;
  return `${join(shown, file)}:${startLine}${endLine !== startLine ? `-${endLine}` : ''}`;
}
