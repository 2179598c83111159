// The health rule `confusion`: intent pairs the model itself confuses, read from an NLU evaluation (`cstudio test
// nlu --out DIR`'s report.json, by test sets or cross-validation). Where the evaluation's utterances are a locale's
// own samples (cross-validation) the finding points at them in the TRSX; otherwise it quotes the test file's lines.
import { basename } from 'node:path';
import { confusions } from '../nlu/evaluation/confusionMatrix';
import type { EvaluationReport } from '../nlu/evaluation/evaluationReport';
import { RULE_SEVERITY, type HealthFinding, type HealthLocation } from './findings';

/** A pair is reported from this many utterances of one intent answered as another (one is noise). */
export const MIN_CONFUSED = 2;
const QUOTED_LINES = 5;

export function confusionFindings(
  evaluation: EvaluationReport,
  locales: ReadonlyArray<{ locale: string; file: string }>,
  minCount = MIN_CONFUSED,
): HealthFinding[] {
  const support = new Map<string, number>();
  for (const p of evaluation.predictions) support.set(p.expected, (support.get(p.expected) ?? 0) + 1);
  const setFile = new Map(evaluation.sets.map((s) => [s.name, s.file]));
  const localeOf = (set: string): { locale: string; file: string } | undefined => {
    const name = basename(setFile.get(set) ?? set);
    return locales.find((l) => basename(l.file) === name);
  };
  const out: HealthFinding[] = [];
  for (const c of confusions(evaluation.confusion_matrix)) {
    if (c.count < minCount) continue;
    const of = support.get(c.expected) ?? c.count;
    const cases = evaluation.predictions.filter((p) => p.expected === c.expected && p.predicted === c.predicted);
    const located: HealthLocation[] = [];
    const quoted: string[] = [];
    let locale: string | undefined;
    for (const p of cases) {
      const own = localeOf(p.set);
      locale ??= own?.locale;
      if (own) located.push({ file: own.file, startLine: p.line, endLine: p.line });
      else quoted.push(`${p.set}:${p.line}`);
    }
    const share = Math.round((c.count / of) * 100);
    const where =
      quoted.length > 0
        ? ` (${quoted.slice(0, QUOTED_LINES).join(', ')}${quoted.length > QUOTED_LINES ? ', …' : ''})`
        : '';
    const first = located[0];
    out.push({
      rule: 'confusion',
      severity: RULE_SEVERITY.confusion,
      message: `The model answered ${c.count} of ${of} utterances of intent ${c.expected} (${share}%) as ${c.predicted}${where}: give ${c.expected} samples that set it apart from ${c.predicted}, or merge the two if they mean the same.`,
      ...(first ? { location: first, related: located.slice(1) } : {}),
      ...(locale !== undefined ? { locale } : {}),
    });
  }
  return out;
}
