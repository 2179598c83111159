// CSV test sets: `intent,text` (a header row of those names is skipped), and the layout of the shared HWU64 split
// (`intent,exampleSentence,text`, no header). The text is the last column and takes the rest of the line when it
// is not quoted: real files (HWU64) leave commas in the text unquoted. Quoted fields follow RFC 4180 ("" for a
// quote, line breaks allowed inside quotes).
import type { TestSet, TestUtterance } from './testSet';
import { TestSetError } from './testSet';

/** The HWU64 split's fixed second column: rows with it carry the text in the third. */
const EXAMPLE_SENTENCE = 'examplesentence';

interface Field {
  value: string;
  quoted: boolean;
  /** Offset of the field's first character (its opening quote when quoted). */
  start: number;
}

interface Row {
  fields: Field[];
  line: number;
  /** Offset just past the row's last character (before its line break). */
  end: number;
}

export function readCsvTestSet(text: string, file: string, name: string): TestSet {
  const source = text.replace(/^\ufeff/, '');
  const utterances: TestUtterance[] = [];
  let first = true;
  for (const row of csvRows(source, file)) {
    const cells = row.fields.map((f) => f.value.trim().toLowerCase());
    if (cells.length === 1 && cells[0] === '') continue;
    if (first && isHeader(cells)) {
      first = false;
      continue;
    }
    first = false;
    const [intentField] = row.fields;
    const intent = intentField?.value.trim() ?? '';
    const textIndex = cells[1] === EXAMPLE_SENTENCE && row.fields.length >= 3 ? 2 : 1;
    const textField = row.fields[textIndex];
    if (intent === '' || textField === undefined) {
      throw new TestSetError(
        `${file}:${row.line}: expected "intent,text" (or "intent,exampleSentence,text"); give the intent, a comma, then the utterance.`,
      );
    }
    // An unquoted text is the rest of the line: its commas belong to it.
    const utterance = textField.quoted ? textField.value : source.slice(textField.start, row.end);
    if (textField.quoted && row.fields.length > textIndex + 1) {
      throw new TestSetError(`${file}:${row.line}: a quoted text must end the row; found more columns after it.`);
    }
    const trimmed = utterance.trim();
    if (trimmed === '') throw new TestSetError(`${file}:${row.line}: the utterance of intent ${intent} is empty.`);
    utterances.push({ text: trimmed, intent, entities: [], line: row.line });
  }
  return { name, file, format: 'csv', utterances };
}

function isHeader(cells: readonly string[]): boolean {
  return cells[0] === 'intent' && (cells[1] === 'text' || (cells[1] === EXAMPLE_SENTENCE && cells[2] === 'text'));
}

/** RFC 4180 records with the offsets the "rest of the line" rule needs; line numbers are 1-based. */
function* csvRows(text: string, file: string): Generator<Row> {
  let p = 0;
  let line = 1;
  while (p < text.length) {
    const rowLine = line;
    const fields: Field[] = [];
    for (;;) {
      const start = p;
      if (text.charCodeAt(p) === 0x22) {
        let value = '';
        p++;
        for (;;) {
          const q = text.indexOf('"', p);
          if (q < 0)
            throw new TestSetError(`${file}:${rowLine}: a quoted field is never closed; end it with a double quote.`);
          const piece = text.slice(p, q);
          line += countLineBreaks(piece);
          value += piece;
          if (text.charCodeAt(q + 1) === 0x22) {
            value += '"';
            p = q + 2;
            continue;
          }
          p = q + 1;
          break;
        }
        fields.push({ value, quoted: true, start });
      } else {
        let q = p;
        while (q < text.length && text[q] !== ',' && text[q] !== '\n' && text[q] !== '\r') q++;
        fields.push({ value: text.slice(p, q), quoted: false, start });
        p = q;
      }
      if (text[p] === ',') {
        p++;
        continue;
      }
      break;
    }
    let end = p;
    // Anything between a closing quote and the line break is kept with an unquoted last field's rest-of-line.
    while (p < text.length && text[p] !== '\n' && text[p] !== '\r') p++;
    if (p > end) end = p;
    yield { fields, line: rowLine, end };
    if (text[p] === '\r') p++;
    if (text[p] === '\n') p++;
    line++;
  }
}

function countLineBreaks(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 10 || (c === 13 && s.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}
