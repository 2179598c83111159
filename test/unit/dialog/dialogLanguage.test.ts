// dialog.json through the language services: rename started in either file edits both (and nothing else of
// either file), references and definition cross between them, outline and hover. On the genuine travel export
// (../shared/corpus/dialog) and our fixture.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits } from '../../../src/core/dialog/dialogEdits';
import type { FileEdits } from '../../../src/core/language/types';
import { corpusFolder, fixturePath } from '../language/helpers';
import { at, servicesWith } from '../language/services';

function applied(files: readonly FileEdits[], path: string): string {
  const text = readFileSync(path, 'utf8');
  const f = files.find((x) => x.path === path);
  return f ? applyEdits(text, f.edits) : text;
}

describe('rename across TRSX and dialog.json', () => {
  test('travel: iAllDone renamed from the TRSX edits the ontology copy and the INTENT_VALUE condition; the rest is byte-identical', (t) => {
    const dir = corpusFolder('dialog/travel');
    if (!dir) {
      t.skip('corpus dialog/travel not found at <repo>/../shared/corpus');
      return;
    }
    const trsx = join(dir, 'en-US', 'en-US.trsx');
    const dialog = join(dir, 'dialog.json');
    const services = servicesWith(trsx);
    const edits = services.rename(trsx, at(services, trsx, '"iAllDone"', 2), 'iFinished');
    const dialogText = readFileSync(dialog, 'utf8');
    const after = applied(edits, dialog);
    const count = (s: string, n: string): number => s.split(n).length - 1;
    assert.equal(count(after, '"iAllDone"'), 0);
    assert.equal(count(dialogText, '"iAllDone"'), count(after, '"iFinished"'));
    assert.equal(
      after.replaceAll('"iFinished"', '"iAllDone"'),
      dialogText,
      'the rest of dialog.json is byte-identical',
    );
    const trsxText = readFileSync(trsx, 'utf8');
    assert.equal(applied(edits, trsx).replaceAll('"iFinished"', '"iAllDone"'), trsxText);
  });

  test('travel: an entity renamed from dialog.json (a placeholder) edits the TRSX and every placeholder and annotation', (t) => {
    const dir = corpusFolder('dialog/travel');
    if (!dir) {
      t.skip('corpus dialog/travel not found at <repo>/../shared/corpus');
      return;
    }
    const trsx = join(dir, 'en-US', 'en-US.trsx');
    const dialog = join(dir, 'dialog.json');
    const services = servicesWith(dialog);
    const offset = at(services, dialog, '[eDepartureCity|', 3);
    assert.equal(services.prepareRename(dialog, offset).placeholder, 'eDepartureCity');
    const edits = services.rename(dialog, offset, 'eFromCity');
    const before = readFileSync(dialog, 'utf8');
    const after = applied(edits, dialog);
    assert.ok(!after.includes('eDepartureCity'));
    assert.equal(after.replaceAll('eFromCity', 'eDepartureCity'), before);
    const trsxAfter = applied(edits, trsx);
    assert.match(trsxAfter, /<concept name="eFromCity"/);
    assert.equal(trsxAfter.replaceAll('eFromCity', 'eDepartureCity'), readFileSync(trsx, 'utf8'));
  });

  test('fixture: an entity value renamed from a dictionary entry edits clickables, branches, DTMF and global commands (through isA)', () => {
    const dir = fixturePath('dialog', 'coffee');
    const trsx = join(dir, 'en-US', 'en-US.trsx');
    const dialog = join(dir, 'dialog.json');
    const services = servicesWith(trsx);
    const edits = services.rename(trsx, at(services, trsx, 'value="large"', 8), 'grande');
    const trsxAfter = applied(edits, trsx);
    assert.match(trsxAfter, /<entry literal="big" value="grande"\/>/);
    assert.match(
      trsxAfter,
      /<entry literal="large" value="grande"\/>/,
      'a literal-only entry gets the value beside its literal',
    );
    const after = applied(edits, dialog);
    assert.match(after, /"actionConfigurations": \[\{"conceptValue": "grande"\}\]/);
    assert.match(
      after,
      /"globalCommands": \[\{"entityValue": "grande"\}\]/,
      'eCupSize isA eSize: its global command follows',
    );
    assert.equal(after.replaceAll('"grande"', '"large"'), readFileSync(dialog, 'utf8'));
    assert.throws(() => services.rename(trsx, at(services, trsx, 'value="small"', 8), 'large'));
  });

  test('platform names are refused', () => {
    const dialog = join(fixturePath('dialog', 'coffee'), 'dialog.json');
    const services = servicesWith(dialog);
    assert.throws(() => services.prepareRename(dialog, at(services, dialog, '"NO_INTENT"', 2)), /special intent/);
  });
});

describe('navigation and outline', () => {
  test('fixture: references of an intent from the TRSX reach dialog.json by name and by UUID; definition goes back', () => {
    const dir = fixturePath('dialog', 'coffee');
    const trsx = join(dir, 'en-US', 'en-US.trsx');
    const dialog = join(dir, 'dialog.json');
    const services = servicesWith(trsx, dialog);
    const refs = services.references(trsx, at(services, trsx, '<intent name="iOrderCoffee"', 15), true);
    const inDialog = refs.filter((r) => r.path === dialog);
    const dialogText = readFileSync(dialog, 'utf8');
    const texts = inDialog.map((r) => dialogText.slice(r.range.start, r.range.end));
    assert.deepEqual(
      texts.filter((x) => x === 'iOrderCoffee').length,
      4,
      'component name, condition, assignment, ontology',
    );
    assert.ok(
      texts.filter((x) => x === '66666666-0000-4000-8000-000000000001').length >= 2,
      'component intentId and mapping',
    );
    const def = services.definition(dialog, at(services, dialog, '"rightConstant": "iOrderCoffee"', 20));
    assert.deepEqual(
      def.map((d) => d.path),
      [trsx],
    );
    const fromDialog = services.references(
      dialog,
      at(services, dialog, '"intentId": "66666666-0000-4000-8000-000000000001"', 15),
      false,
    );
    assert.ok(
      fromDialog.some((r) => r.path === trsx),
      'the samples of the intent',
    );
    const outline = services.documentSymbols(dialog);
    assert.deepEqual(
      outline.map((c) => [c.name, c.children.map((n) => `${n.detail} ${n.name}`)]),
      [
        [
          'Main',
          ['startNode Start', 'recognitionNode2 AskSize', 'decisionNode WhichIntent', 'externalactionNode EndCall'],
        ],
        ['iOrderCoffee', []],
      ],
    );
    const hover = services.hover(dialog, at(services, dialog, '"parentComponentId": "22222222', 25));
    assert.match(hover?.markdown ?? '', /component.*Main/);
    const nodeDef = services.definition(
      dialog,
      at(services, dialog, '"transition": {"nodeId": "33333333-0000-4000-8000-000000000003"', 30),
    );
    assert.equal(
      dialogText.slice(nodeDef[0]?.range.start, nodeDef[0]?.range.end),
      '33333333-0000-4000-8000-000000000003',
    );
  });
});
