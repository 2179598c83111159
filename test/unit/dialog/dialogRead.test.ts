// The dialog reader and its rule set on the two genuine exports (../shared/corpus/dialog, from the vendor's
// public quick-start projects) and on our own small fixture: what each reports, exactly.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDialog, DialogReadError } from '../../../src/core/dialog/dialogModel';
import { dialogDiagnostics } from '../../../src/core/dialog/dialogDiagnostics';
import { nluNamesOf } from '../../../src/core/dialog/nluNames';
import { parseJsonTree, JsonSyntaxError } from '../../../src/core/dialog/jsonTree';
import { flowGraph } from '../../../src/core/dialog/flowGraph';
import { parseTrsx } from '../../../src/core/formats/trsx/parse';
import { corpusFolder, fixturePath } from '../language/helpers';

function project(dir: string): { dialog: string; trsx: string } {
  return {
    dialog: readFileSync(join(dir, 'dialog.json'), 'utf8'),
    trsx: readFileSync(join(dir, 'en-US', 'en-US.trsx'), 'utf8'),
  };
}

function check(dir: string): Array<{ code: string; text: string; message: string }> {
  const p = project(dir);
  const model = readDialog(p.dialog);
  return dialogDiagnostics(model, nluNamesOf([parseTrsx(p.trsx).document])).map((d) => ({
    code: d.code,
    text: p.dialog.slice(d.range.start, d.range.end),
    message: d.message,
  }));
}

describe('positioned JSON', () => {
  test('values keep their offsets; escapes are decoded; bad JSON names its offset', () => {
    const text = '{"a": [1, "x\\"y", {"b": null}], "c": true}';
    const tree = parseJsonTree(text);
    assert.equal(tree.type, 'object');
    const a = tree.type === 'object' ? tree.properties[0] : undefined;
    assert.equal(a?.key, 'a');
    const s = a?.value.type === 'array' ? a.value.items[1] : undefined;
    assert.equal(s?.type === 'string' ? s.value : '', 'x"y');
    assert.equal(text.slice(s?.start, s?.end), '"x\\"y"');
    assert.throws(
      () => parseJsonTree('{"a": [1,]}'),
      (e: unknown) => e instanceof JsonSyntaxError && e.offset === 9,
    );
    assert.throws(() => readDialog('{"nodata": 1}'), DialogReadError);
  });
});

describe('genuine exports', () => {
  test('travel: the NO_INTENT mapping to an invalid reference id, and nothing else', (t) => {
    const dir = corpusFolder('dialog/travel');
    if (!dir) {
      t.skip('corpus dialog/travel not found at <repo>/../shared/corpus');
      return;
    }
    const model = readDialog(project(dir).dialog);
    assert.equal(model.components.length, 7);
    assert.equal(
      model.components.reduce((n, c) => n + c.nodes.length, 0),
      39,
    );
    assert.deepEqual(model.externalActions.map((a) => a.actionType).sort(), ['END', 'ESCALATE']);
    assert.deepEqual(
      model.dataHosts.map((h) => h.alias),
      ['demo.mix.nuance.com'],
    );
    const found = check(dir);
    assert.deepEqual(
      found.map((d) => [d.code, d.text]),
      [['DLG004', 'invalid reference id [d0980a27-5071-44b9-bc4a-7a9c806832dd]']],
    );
  });

  test('omnichannel: the mapping to an intent and component that exist nowhere, I_ANAPHORA unmapped, entity values', (t) => {
    const dir = corpusFolder('dialog/omnichannel');
    if (!dir) {
      t.skip('corpus dialog/omnichannel not found at <repo>/../shared/corpus');
      return;
    }
    const found = check(dir);
    const mappings = found.filter((d) => d.code === 'DLG001');
    assert.equal(mappings.length, 1);
    assert.match(
      mappings[0]?.message ?? '',
      /8bff71f9-b8e5-4bda-99a9-9bba524b5a87.*eb215f37-3356-4e82-9449-942bf9fa59fc/,
    );
    assert.deepEqual(
      found.filter((d) => d.code === 'DLG005').map((d) => d.text),
      ['I_ANAPHORA'],
    );
    // eAccount is dynamic (an info); eAssetTicker's clickables write BTC and ETH where its values are BTC-USD, ETH-USD.
    assert.deepEqual(
      found.filter((d) => d.code === 'DLG007').map((d) => d.text),
      ['0', '1', '0', '1'],
    );
    assert.deepEqual(
      found.filter((d) => d.code === 'DLG006').map((d) => d.text),
      ['BTC', 'ETH'],
    );
    assert.deepEqual([...new Set(found.map((d) => d.code))].sort(), ['DLG001', 'DLG005', 'DLG006', 'DLG007']);
  });

  test('a rename made in the TRSX only is reported where the dialog names the old intent', (t) => {
    const dir = corpusFolder('dialog/travel');
    if (!dir) {
      t.skip('corpus dialog/travel not found at <repo>/../shared/corpus');
      return;
    }
    const p = project(dir);
    const renamed = p.trsx.replaceAll('"iAllDone"', '"iFinished"');
    const found = dialogDiagnostics(readDialog(p.dialog), nluNamesOf([parseTrsx(renamed).document])).filter(
      (d) => d.code === 'DLG010',
    );
    // The ontology copy and the INTENT_VALUE condition name it.
    assert.ok(found.length >= 2, JSON.stringify(found));
    for (const d of found) assert.equal(p.dialog.slice(d.range.start, d.range.end), 'iAllDone');
    assert.match(found[0]?.message ?? '', /iFinished/);
  });
});

describe('our fixture', () => {
  test('reads variables with their types, ends, data hosts; reports each kind of problem once', () => {
    const dir = fixturePath('dialog', 'coffee');
    const model = readDialog(project(dir).dialog);
    assert.deepEqual(
      model.variables.map((v) => [v.name, v.simpleType || `complex:${v.complexTypeId}`]),
      [
        ['size', 'STRING_TYPE'],
        ['paid', 'BOOLEAN_TYPE'],
        ['order', 'complex:77777777-0000-4000-8000-000000000001'],
      ],
    );
    assert.deepEqual(
      model.externalActions.map((a) => [
        a.node.name,
        a.actionType,
        a.inputVariableIds.length,
        a.outputVariableIds.length,
      ]),
      [['EndCall', 'END', 1, 1]],
    );
    assert.deepEqual(
      model.backendConfigs.map((b) => b.dressAliasId),
      ['900'],
    );
    assert.deepEqual(
      check(dir).map((d) => [d.code, d.text]),
      [
        ['DLG006', 'medium'],
        ['DLG008', '55555555-0000-4000-8000-000000000009'],
        ['DLG005', 'iCancel'],
        ['DLG001', '33333333-0000-4000-8000-000000000099'],
      ],
    );
  });
});

describe('reference rules, each kind', () => {
  // Travel (genuine) has every kind of reference by id; our fixture is too small for some.
  test("a reference by id that names nothing gets its kind's code; a name the TRSX lacks, DLG010 or DLG011", (t) => {
    const dir = corpusFolder('dialog/travel');
    if (!dir) {
      t.skip('corpus dialog/travel not found at <repo>/../shared/corpus');
      return;
    }
    const p = project(dir);
    const nlu = nluNamesOf([parseTrsx(p.trsx).document]);
    const model = readDialog(p.dialog);
    const unknown = '00000000-dead-4000-8000-000000000000';
    const byKind = {
      componentId: 'DLG002',
      nodeId: 'DLG003',
      variableId: 'DLG008',
      conceptId: 'DLG009',
      intentId: 'DLG012',
    };
    for (const [kind, code] of Object.entries(byKind)) {
      const ref = model.references.find((r) => r.kind === kind && !r.role.startsWith('mapping'));
      assert.ok(ref, `travel has a ${kind} reference`);
      const broken = p.dialog.slice(0, ref.range.start) + unknown + p.dialog.slice(ref.range.end);
      const found = dialogDiagnostics(readDialog(broken), nlu).filter((d) => d.range.start === ref.range.start);
      assert.deepEqual(
        found.map((d) => d.code),
        [code],
        kind,
      );
      assert.match(found[0]?.message ?? '', new RegExp(`has id ${unknown} \\(${ref.role}\\)\\.$`), kind);
    }
    const entity = model.references.find((r) => r.kind === 'conceptName' && nlu.entities.has(r.value));
    assert.ok(entity, 'travel names an entity of its TRSX');
    const renamed = p.trsx.replaceAll(`"${entity.value}"`, '"RENAMED_ENTITY"');
    const names = dialogDiagnostics(model, nluNamesOf([parseTrsx(renamed).document])).filter(
      (d) => d.code === 'DLG011',
    );
    assert.ok(names.length > 0);
    for (const d of names) assert.equal(p.dialog.slice(d.range.start, d.range.end), entity.value);
    assert.match(names[0]?.message ?? '', /^Entity '[^']+' \(.+\) is not in the TRSX: .*RENAMED_ENTITY/);
  });
});

describe('flow graph', () => {
  test('travel: a box per component, its nodes inside it, transitions between them; offsets at the JSON objects', (t) => {
    const dir = corpusFolder('dialog/travel');
    if (!dir) {
      t.skip('corpus dialog/travel not found at <repo>/../shared/corpus');
      return;
    }
    const text = project(dir).dialog;
    const graph = flowGraph(readDialog(text));
    assert.equal(graph.boxes.length, 7);
    assert.equal(
      graph.boxes.reduce((n, b) => n + b.nodes.length, 0),
      39,
    );
    assert.ok(
      graph.edges.some((e) => !e.local),
      'component to component',
    );
    assert.ok(
      graph.edges.some((e) => e.local),
      'node to node',
    );
    for (const b of graph.boxes) {
      assert.equal(text[b.offset], '{');
      for (const n of b.nodes) {
        assert.equal(text[n.offset], '{');
        assert.ok(n.y >= b.y && n.y < b.y + b.height, `${n.name} inside ${b.name}`);
      }
    }
    const main = graph.boxes.find((b) => b.name === 'Main');
    assert.ok(main && graph.boxes.every((b) => b.x >= main.x), 'Main is in the first column');
  });
});
