// The platform Test Tool's truth file (truth.tsv): tab-separated `speaker, codedWvnm, transcription, annotation,
// intent` with a header row; NLU-only runs interpret the transcription. The annotation is JSON: entity name →
// a value (string or number: the canonical value, else the struct, else the literal is scored), a struct of
// dotted keys (nuance_CALENDAR…), or a dictionary of `literal` / `canonical` / `formattedLiteral`.
// See docs/platform-notes.md (Test Tool truth file) for the public pages this follows.
import { flattenStruct, type StructValue } from './entityValues';
import type { ExpectedEntity, TestSet, TestUtterance } from './testSet';
import { TestSetError } from './testSet';

const COLUMNS = ['speaker', 'codedwvnm', 'transcription', 'annotation', 'intent'] as const;
type Column = (typeof COLUMNS)[number];

export function readTruthTsvTestSet(text: string, file: string, name: string): TestSet {
  const lines = text.replace(/^\ufeff/, '').split(/\r\n|\n|\r/);
  let columns: Record<Column, number> = { speaker: 0, codedwvnm: 1, transcription: 2, annotation: 3, intent: 4 };
  const utterances: TestUtterance[] = [];
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    const cells = raw.split('\t');
    if (utterances.length === 0 && cells.some((c) => c.trim().toLowerCase() === 'transcription')) {
      columns = headerColumns(cells, file, line);
      return;
    }
    const cell = (c: Column): string => (cells[columns[c]] ?? '').trim();
    const transcription = cell('transcription');
    const intent = cell('intent');
    if (transcription === '' || intent === '') {
      throw new TestSetError(
        `${file}:${line}: a truth row needs a transcription and an intent (tab-separated columns ${COLUMNS.join(', ')}); fill them or remove the row.`,
      );
    }
    utterances.push({
      text: transcription,
      intent,
      entities: annotationEntities(cell('annotation'), file, line),
      line,
    });
  });
  return { name, file, format: 'truth-tsv', utterances };
}

function headerColumns(cells: readonly string[], file: string, line: number): Record<Column, number> {
  const names = cells.map((c) => c.trim().toLowerCase());
  const out = {} as Record<Column, number>;
  for (const c of COLUMNS) {
    const at = names.indexOf(c);
    if (at < 0 && c !== 'speaker' && c !== 'codedwvnm')
      throw new TestSetError(`${file}:${line}: the truth file's header has no "${c}" column.`);
    out[c] = at;
  }
  return out;
}

/** The annotation column's expected entities (see the header comment for the shapes). */
export function annotationEntities(json: string, file: string, line: number): ExpectedEntity[] {
  if (json === '' || json === '{}') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new TestSetError(
      `${file}:${line}: the annotation is not JSON (${json.slice(0, 60)}); write it as {"ENTITY": "value"}.`,
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new TestSetError(
      `${file}:${line}: the annotation must be a JSON object of entity names, e.g. {"ENTITY": "value"}.`,
    );
  }
  const out: ExpectedEntity[] = [];
  for (const [entity, v] of Object.entries(parsed as StructValue)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      out.push({ entity, value: String(v) });
    } else if (v !== null && typeof v === 'object' && !Array.isArray(v) && isLiteralDictionary(v as StructValue)) {
      const d = v as Record<string, unknown>;
      const literal =
        typeof d.literal === 'string'
          ? d.literal
          : typeof d.formattedLiteral === 'string'
            ? d.formattedLiteral
            : undefined;
      const canonical =
        typeof d.canonical === 'string' || typeof d.canonical === 'number' ? String(d.canonical) : undefined;
      out.push({
        entity,
        ...(literal !== undefined ? { literal } : {}),
        ...(canonical !== undefined ? { value: canonical } : {}),
      });
    } else if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      out.push({ entity, value: flattenStruct(v as StructValue) }); // dotted keys and nested objects flatten alike
    } else {
      throw new TestSetError(`${file}:${line}: entity ${entity}'s annotation must be a string, a number or an object.`);
    }
  }
  return out;
}

function isLiteralDictionary(v: StructValue): boolean {
  const keys = Object.keys(v);
  return keys.length > 0 && keys.every((k) => k === 'literal' || k === 'canonical' || k === 'formattedLiteral');
}
