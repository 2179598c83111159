// JUnit XML of an evaluation, the format CI systems (GitLab, Jenkins, GitHub test reporters) read: one <testsuite>
// per test set, one <testcase> per utterance (classname `set.intent`, name the utterance), and a <failure> naming
// the expected and the predicted intent when the model answered another one. Characters XML 1.0 cannot carry
// (control characters, lone surrogates) are dropped, so any utterance gives a well-formed file.
import { escapeXmlAttribute, escapeXmlText } from '../../formats/xml/entities';
import { isCorrect, type Prediction } from './prediction';

export function junitXml(predictions: readonly Prediction[], suiteName = 'NLU evaluation'): string {
  const bySet = new Map<string, Prediction[]>();
  for (const p of predictions) {
    const list = bySet.get(p.set) ?? [];
    list.push(p);
    bySet.set(p.set, list);
  }
  const failures = predictions.filter((p) => !isCorrect(p)).length;
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(
    `<testsuites name="${attr(suiteName)}" tests="${predictions.length}" failures="${failures}" errors="0" time="0">`,
  );
  for (const [set, list] of bySet) {
    const setFailures = list.filter((p) => !isCorrect(p)).length;
    out.push(
      `  <testsuite name="${attr(set)}" tests="${list.length}" failures="${setFailures}" errors="0" skipped="0" time="0">`,
    );
    for (const p of list) {
      const open = `    <testcase classname="${attr(`${set}.${p.expected}`)}" name="${attr(p.text)}" file="${attr(set)}" line="${p.line}" time="0"`;
      if (isCorrect(p)) {
        out.push(`${open}/>`);
        continue;
      }
      const message = `expected ${p.expected}, predicted ${p.predicted} (confidence ${p.confidence.toFixed(3)})`;
      out.push(`${open}>`);
      out.push(
        `      <failure type="IntentMismatch" message="${attr(message)}">${text(`${set}:${p.line}: ${JSON.stringify(p.text)}\nexpected: ${p.expected}\npredicted: ${p.predicted}\nconfidence: ${p.confidence}`)}</failure>`,
      );
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}

/** Drops what XML 1.0 cannot carry: C0 controls but tab, LF and CR; U+FFFE/U+FFFF; lone surrogates. */
function xmlChars(s: string): string {
  return s.replace(
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '',
  );
}

function attr(s: string): string {
  return escapeXmlAttribute(xmlChars(s));
}

function text(s: string): string {
  return escapeXmlText(xmlChars(s));
}
