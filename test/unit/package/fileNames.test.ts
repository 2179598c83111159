import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  entityLiteralsFileName,
  exportFileName,
  gmtStamp,
  grammarsFileName,
  intentSamplesFileName,
  metadataFileName,
  ontologyFileName,
  packageFileName,
  parseExportFileName,
  safeFileName,
} from '../../../src/core/package/fileNames';

// 2024-03-05 07:08:09 GMT, given with a +02:00 offset to prove the stamp is GMT, not local.
const at = new Date('2024-03-05T09:08:09+02:00');

describe('export file names', () => {
  test('GMT stamp is zero-padded yyyy-mm-dd and hh-mm-ss', () => {
    assert.deepEqual(gmtStamp(at), { date: '2024-03-05', time: '07-08-09' });
    assert.throws(() => gmtStamp(new Date('nope')), /invalid Date/);
  });

  test('every kind follows the spec pattern', () => {
    assert.equal(packageFileName('1922', 'Coffee', at), '1922-Coffee-2024-03-05-07-08-09.zip');
    assert.equal(metadataFileName('1922', 'Coffee', at), '1922-Coffee-metadata-2024-03-05-07-08-09.json');
    assert.equal(
      entityLiteralsFileName('1922', 'Coffee', 'DRINK', at),
      '1922-Coffee-DRINK-entity-literals-2024-03-05-07-08-09.zip',
    );
    assert.equal(grammarsFileName('1922', 'DATE_RULE'), '1922_DATE_RULE_grammars.zip');
    assert.equal(ontologyFileName('1922', 'Coffee', at), '1922-Coffee-ontology-2024-03-05-07-08-09.zip');
    assert.equal(
      intentSamplesFileName('1922', 'Coffee', 'ORDER', at),
      '1922-Coffee-ORDER-samples-2024-03-05-07-08-09.zip',
    );
  });

  test('unsafe characters in names are replaced, Unicode kept', () => {
    const name = packageFileName('7', 'a/b\\c:d*e?f"g<h>i|j — café', at);
    assert.equal(name, '7-a_b_c_d_e_f_g_h_i_j — café-2024-03-05-07-08-09.zip');
  });

  test('safeFileName handles reserved names, trailing dots, controls, empty and length', () => {
    assert.equal(safeFileName('CON'), '_CON');
    assert.equal(safeFileName('nul.txt'), '_nul.txt');
    assert.equal(safeFileName('report. '), 'report__');
    assert.equal(safeFileName('..'), '__');
    assert.equal(safeFileName(''), '_');
    assert.equal(safeFileName('a\u0000b\nc'), 'a_b_c');
    assert.equal(safeFileName('e\u0301'), 'é', 'NFC normalised');
    const long = safeFileName(`${'é'.repeat(200)}.zip`);
    assert.ok(new TextEncoder().encode(long).length <= 255);
    assert.ok(long.endsWith('.zip'));
    assert.ok(!long.includes('\uFFFD'), 'cut on a code point boundary');
    assert.throws(() => safeFileName('x', { replacement: '/' }), /not a safe replacement/);
  });

  test('parser recognises every kind and its GMT timestamp', () => {
    const p = parseExportFileName(packageFileName('1922', 'Coffee', at));
    assert.equal(p?.kind, 'package');
    assert.equal(p?.projectId, '1922');
    assert.equal(p?.projectName, 'Coffee');
    assert.equal(p?.date, '2024-03-05');
    assert.equal(p?.exportedAt?.toISOString(), '2024-03-05T07:08:09.000Z');
    assert.equal(parseExportFileName(metadataFileName('1', 'X', at))?.kind, 'metadata');
    assert.equal(parseExportFileName(ontologyFileName('1', 'X', at))?.kind, 'ontology');
    const lit = parseExportFileName(entityLiteralsFileName('1', 'X', 'DRINK', at));
    assert.deepEqual([lit?.kind, lit?.projectName, lit?.entityName], ['entityLiterals', 'X', 'DRINK']);
    const smp = parseExportFileName(intentSamplesFileName('1', 'X', 'ORDER', at));
    assert.deepEqual([smp?.kind, smp?.projectName, smp?.intentName], ['intentSamples', 'X', 'ORDER']);
    const g = parseExportFileName(grammarsFileName('1', 'my_rule'));
    assert.deepEqual([g?.kind, g?.projectId, g?.grammarName, g?.date], ['grammars', '1', 'my_rule', undefined]);
  });

  test('parser resolves dashes with a project-name hint', () => {
    const name = exportFileName({ kind: 'package', projectId: '5', projectName: 'Sales-ontology', at });
    assert.equal(parseExportFileName(name)?.kind, 'ontology', 'without a hint the specific marker wins');
    const hinted = parseExportFileName(name, { projectName: 'Sales-ontology' });
    assert.deepEqual([hinted?.kind, hinted?.projectName], ['package', 'Sales-ontology']);
    const lit = parseExportFileName(entityLiteralsFileName('5', 'My-Bank', 'ACCOUNT-TYPE', at), {
      projectName: 'My-Bank',
    });
    assert.deepEqual([lit?.projectName, lit?.entityName], ['My-Bank', 'ACCOUNT-TYPE']);
    const unhinted = parseExportFileName(entityLiteralsFileName('5', 'My-Bank', 'ACCOUNT', at));
    assert.equal(unhinted?.label, 'My-Bank-ACCOUNT');
    assert.equal(unhinted?.entityName, undefined, 'ambiguous without a hint');
  });

  test('parser rejects other names and impossible dates', () => {
    assert.equal(parseExportFileName('notes.zip'), undefined);
    assert.equal(parseExportFileName('1-X-2024-13-40-07-08-09.zip'), undefined);
    assert.equal(parseExportFileName('1-X-2024-03-05-07-08-09.tar'), undefined);
  });
});

test('parser ignores folders in a path', () => {
  assert.equal(parseExportFileName('/tmp/x/1922-Coffee-2024-03-05-07-08-09.zip')?.projectName, 'Coffee');
  assert.equal(parseExportFileName('C:\\Downloads\\1922_G_grammars.zip')?.grammarName, 'G');
});
