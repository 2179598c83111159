// Value rules: regexes compile, samples within the length limit and not empty, annotations not empty,
// names usable, boolean settings, and at least one custom intent.

import type { TextRange } from '../diagnostic';
import type { TrsxReport } from './codes';
import type { Annotation, SampleNode, TrsxDocument, TrsxSample } from './model';
import { BOOLEAN_SETTINGS, SPECIAL_INTENTS } from './predefined';
import { checkMixRegex } from './regex';
import { hasText } from './sample-text';
import { indexLocator, type TrsxIndex, type TrsxLocator } from './source-index';

export const MAX_SAMPLE_LENGTH = 500;

const BAD_NAME = /[\s<>&"']/;

/** The value rules, with ranges from the tree's index (the language services re-check edits with it). */
export function validateValues(
  doc: TrsxDocument,
  index: TrsxIndex,
  textOf: (sample: TrsxSample) => string,
  maxSampleLength: number,
  report: TrsxReport,
): void {
  checkValues(doc, indexLocator(index), textOf, maxSampleLength, report);
}

/** `textOf` gives a sample's normalized text (see validateModel). */
export function checkValues(
  doc: TrsxDocument,
  at: TrsxLocator,
  textOf: (sample: TrsxSample) => string,
  maxSampleLength: number,
  report: TrsxReport,
): void {
  const range = (item: object, attribute?: string): TextRange =>
    (attribute ? at.attributeRange(item, attribute) : undefined) ?? at.range(item) ?? { start: 0, end: 0 };

  const checkName = (what: 'Intent' | 'Concept', item: { name: string }): void => {
    if (BAD_NAME.test(item.name))
      report(
        'TRSX044',
        range(item, 'name'),
        `${what} name '${item.name}' contains whitespace or markup characters; use letters, digits and _.`,
      );
  };

  for (const i of doc.intents) checkName('Intent', i);
  for (const c of doc.concepts) {
    checkName('Concept', c);
    if (c.regex !== undefined) {
      const error = checkMixRegex(c.regex);
      if (error !== undefined) {
        report('TRSX040', at.regexRange(c) ?? range(c), `The regex of concept '${c.name}' does not compile: ${error}`);
      }
    }
    for (const s of c.settings) {
      if (BOOLEAN_SETTINGS.has(s.name) && s.value !== 'true' && s.value !== 'false') {
        report(
          'TRSX046',
          range(s, 'value'),
          `Setting '${s.name}' of concept '${c.name}' must be true or false, not '${s.value}'.`,
        );
      }
    }
  }

  const stack: SampleNode[] = [];
  for (const sample of doc.samples) {
    const text = textOf(sample);
    if (text === '') report('TRSX042', range(sample), 'This sample has no text; remove it.');
    else if (text.length > maxSampleLength) {
      report(
        'TRSX041',
        range(sample),
        `This sample is ${text.length} characters long; the limit is ${maxSampleLength}. Shorten or split it.`,
      );
    }
    for (const n of sample.content) if (typeof n !== 'string') stack.push(n);
    while (stack.length > 0) {
      const a = stack.pop() as Annotation;
      if (!hasText(a.content))
        report('TRSX043', range(a), `The annotation '${a.conceptref}' covers no text; remove it.`);
      for (const n of a.content) if (typeof n !== 'string') stack.push(n);
    }
  }

  const ontology = at.ontologyName;
  if (ontology && !doc.intents.some((i) => !SPECIAL_INTENTS.has(i.name))) {
    report('TRSX045', ontology, 'The ontology declares no custom intent; Mix needs at least one to build a model.');
  }
}
