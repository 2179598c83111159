// The whole evaluation of a model on test sets, from its predictions: what `cstudio test nlu --json` prints, what
// `--out DIR` writes (one file per part, Rasa's names where Rasa has one) and what the editor's views show.
import { confidenceHistogram, type HistogramBin } from './confidence';
import { confusionMatrix, type ConfusionMatrix } from './confusionMatrix';
import { entityReport, type EntityReport } from './entityReport';
import { intentReport, toRasaIntentReport, type RasaIntentReport } from './intentReport';
import { isCorrect, type Prediction } from './prediction';
import type { TestSetFormat } from './testSet';

export interface IntentError {
  text: string;
  expected: string;
  predicted: string;
  confidence: number;
  set: string;
  line: number;
}

export interface EvaluatedSet {
  name: string;
  file: string;
  format: TestSetFormat | 'folds';
  utterances: number;
}

export interface EvaluationReport {
  /** What was evaluated: the local engine on a training file, or a deployed model's URN. */
  model: string;
  sets: EvaluatedSet[];
  /** Set for a cross-validation: the number of folds. */
  folds?: number;
  intent_report: RasaIntentReport;
  entity_report: EntityReport;
  errors: IntentError[];
  confusion_matrix: ConfusionMatrix;
  histogram: HistogramBin[];
  predictions: Prediction[];
}

export function evaluationReport(
  model: string,
  sets: EvaluatedSet[],
  predictions: Prediction[],
  folds?: number,
): EvaluationReport {
  const cm = confusionMatrix(predictions);
  return {
    model,
    sets,
    ...(folds !== undefined ? { folds } : {}),
    intent_report: toRasaIntentReport(intentReport(cm)),
    entity_report: entityReport(predictions),
    errors: predictions
      .filter((p) => !isCorrect(p))
      .map((p) => ({
        text: p.text,
        expected: p.expected,
        predicted: p.predicted,
        confidence: p.confidence,
        set: p.set,
        line: p.line,
      })),
    confusion_matrix: cm,
    histogram: confidenceHistogram(predictions),
    predictions,
  };
}

/** The files `--out DIR` writes, by name: the parts of the report, each on its own. */
export function reportFiles(report: EvaluationReport): Record<string, unknown> {
  return {
    'report.json': report,
    'intent_report.json': report.intent_report,
    'entity_report.json': report.entity_report,
    'intent_errors.json': report.errors,
    'confusion_matrix.json': report.confusion_matrix,
    'predictions.json': report.predictions,
  };
}

/** Reads a report (ours, `report.json`) back: for --baseline and --compare. */
export function isEvaluationReport(json: unknown): json is EvaluationReport {
  if (json === null || typeof json !== 'object') return false;
  const o = json as Partial<EvaluationReport>;
  return typeof o.intent_report === 'object' && Array.isArray(o.predictions) && typeof o.confusion_matrix === 'object';
}
