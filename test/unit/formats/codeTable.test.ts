// The diagnostic code tables (core/formats/codeTable.ts): every JSON catalog loads through the checking loader, a
// code means one thing in one table, and every table's diagnostics take the code's severity from that table.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DIALOG_CODES, dialogDiagnostic } from '../../../src/core/dialog/dialogDiagnostics';
import { codeTable, tableDiagnostic } from '../../../src/core/formats/codeTable';
import { SRGS_CODES, srgsDiagnostic } from '../../../src/core/formats/grxml/codes';
import { LIST_CODES, listDiagnostic } from '../../../src/core/formats/lists/codes';
import { TRSX_CODES, trsxReporter } from '../../../src/core/formats/trsx/codes';
import { XML_CODES } from '../../../src/core/formats/xml/codes';
import type { Diagnostic } from '../../../src/core/formats/diagnostic';
import { PROJECT_CODES, projectDiagnostic } from '../../../src/core/language/codes';

const TABLES = {
  XML: XML_CODES,
  TRSX: TRSX_CODES,
  SRGS: SRGS_CODES,
  LIST: LIST_CODES,
  PRJ: PROJECT_CODES,
  DLG: DIALOG_CODES,
};
const range = { start: 3, end: 9 };

describe('diagnostic code tables', () => {
  test('every catalog loaded: each entry has a severity and one line of meaning', () => {
    for (const [prefix, table] of Object.entries(TABLES)) {
      assert.ok(Object.keys(table).length > 0, `${prefix} has no code`);
      for (const [code, info] of Object.entries(table)) {
        assert.ok(['error', 'warning', 'info'].includes(info.severity), code);
        assert.match(info.meaning, /^[^\n\r]{10,}$/, code);
      }
    }
  });

  test('the loader rejects a catalog entry with a bad severity or meaning, naming the catalog and the code', () => {
    const good = { meaning: 'One line of meaning.', severity: 'warning' };
    assert.deepEqual(codeTable('t.json', { T001: good }), { T001: good });
    assert.throws(
      () => codeTable('t.json', { T001: good, T002: { severity: 'fatal', meaning: 'A code.' } }),
      /^Error: t\.json: T002 has severity 'fatal'; use one of error, warning, info\.$/,
    );
    for (const meaning of ['', '  ', 'two\nlines', 'two\r\nlines'])
      assert.throws(
        () => codeTable('t.json', { T003: { severity: 'info', meaning } }),
        /t\.json: T003 needs its meaning/,
      );
    const untyped = JSON.parse('{"T004": {"severity": "error"}}') as Record<
      string,
      { severity: string; meaning: string }
    >;
    assert.throws(() => codeTable('t.json', untyped), /T004 needs its meaning/);
  });

  test("every code carries its table's prefix and a number, and no code is in two tables", () => {
    const seen = new Map<string, string>();
    const all = Object.entries(TABLES).flatMap(([prefix, table]) =>
      Object.keys(table).map((code) => [prefix, code] as const),
    );
    for (const [prefix, code] of all) {
      assert.match(code, new RegExp(`^${prefix}\\d{3}$`), code);
      assert.equal(seen.get(code), undefined, `${code} is in two tables`);
      seen.set(code, prefix);
    }
    assert.equal(seen.size, all.length);
  });

  test("each table's diagnostics take the severity its table gives the code", () => {
    const made: Array<[Diagnostic, string]> = [];
    for (const code of Object.keys(SRGS_CODES) as Array<keyof typeof SRGS_CODES>)
      made.push([srgsDiagnostic(code, 'm', range), SRGS_CODES[code].severity]);
    for (const code of Object.keys(PROJECT_CODES) as Array<keyof typeof PROJECT_CODES>)
      made.push([projectDiagnostic(code, 'm', range), PROJECT_CODES[code].severity]);
    for (const code of Object.keys(DIALOG_CODES) as Array<keyof typeof DIALOG_CODES>)
      made.push([dialogDiagnostic(code, 'm', range), DIALOG_CODES[code].severity]);
    for (const code of Object.keys(LIST_CODES) as Array<keyof typeof LIST_CODES>)
      made.push([listDiagnostic(code, 'm', range), LIST_CODES[code].severity]);
    const out: Diagnostic[] = [];
    const report = trsxReporter(out);
    for (const code of Object.keys(TRSX_CODES) as Array<keyof typeof TRSX_CODES>) report(code, range, 'm');
    out.forEach((d) => made.push([d, TRSX_CODES[d.code as keyof typeof TRSX_CODES].severity]));
    for (const [d, severity] of made) {
      assert.equal(d.severity, severity, d.code);
      assert.deepEqual([d.message, d.range], ['m', range], d.code);
    }
    assert.deepEqual(tableDiagnostic(XML_CODES, 'XML017', 'm', range), {
      code: 'XML017',
      severity: 'warning',
      message: 'm',
      range,
    });
  });
});
