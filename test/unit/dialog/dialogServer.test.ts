// dialog.json through the language server as an editor sees it (`cstudio lsp --stdio`, a JSON document named
// dialog.json): diagnostics, outline, hover, and rename and references started in the TRSX reaching dialog.json.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LspTestClient, type LspRange } from '../helpers/lspClient';
import { corpusFolder, fixturePath } from '../language/helpers';

function position(text: string, needle: string, delta = 0): { line: number; character: number } {
  const offset = text.indexOf(needle) + delta;
  assert.ok(offset >= delta, `${needle} not found`);
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

describe('dialog.json in the language server', () => {
  let root: string;
  let server: LspTestClient;
  let dialogText: string;
  let trsxText: string;
  let dialogUri: string;
  let trsxUri: string;

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'cstudio-dialog-lsp-'));
    cpSync(fixturePath('dialog', 'coffee'), root, { recursive: true });
    dialogText = readFileSync(join(root, 'dialog.json'), 'utf8');
    trsxText = readFileSync(join(root, 'en-US', 'en-US.trsx'), 'utf8');
    server = await LspTestClient.start(root);
    trsxUri = server.open(join(root, 'en-US', 'en-US.trsx'), 'trsx', trsxText);
    dialogUri = server.open(join(root, 'dialog.json'), 'json', dialogText);
  });
  after(async () => {
    assert.equal(await server.stop(), 0);
    rmSync(root, { recursive: true, force: true });
  });

  test('diagnostics of the dialog rules, published for the JSON document', async () => {
    const published = await server.diagnostics(dialogUri, (p) => p.diagnostics.length > 0);
    assert.deepEqual(published.diagnostics.map((d) => d.code).sort(), ['DLG001', 'DLG005', 'DLG006', 'DLG008']);
    const value = published.diagnostics.find((d) => d.code === 'DLG006');
    assert.deepEqual(value?.range.start, position(dialogText, '"medium"', 1));
  });

  test('outline: components, then nodes with their kind', async () => {
    const symbols = await server.request<Array<{ name: string; children?: Array<{ name: string; detail?: string }> }>>(
      'textDocument/documentSymbol',
      { textDocument: { uri: dialogUri } },
    );
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['Main', 'iOrderCoffee'],
    );
    assert.deepEqual(
      symbols[0]?.children?.map((n) => `${n.detail}:${n.name}`),
      ['startNode:Start', 'recognitionNode2:AskSize', 'decisionNode:WhichIntent', 'externalactionNode:EndCall'],
    );
  });

  test('rename from the TRSX edits dialog.json; references from dialog.json reach the TRSX', async () => {
    const edit = await server.request<{ changes: Record<string, Array<{ range: LspRange; newText: string }>> }>(
      'textDocument/rename',
      {
        textDocument: { uri: trsxUri },
        position: position(trsxText, '<intent name="iOrderCoffee"', 15),
        newName: 'iBuyCoffee',
      },
    );
    const dialogEdits = edit.changes[dialogUri] ?? [];
    assert.equal(dialogEdits.length, 4, JSON.stringify(edit));
    assert.ok(dialogEdits.every((e) => e.newText === 'iBuyCoffee'));
    const refs = await server.request<Array<{ uri: string }>>('textDocument/references', {
      textDocument: { uri: dialogUri },
      position: position(dialogText, '"rightConstant": "iOrderCoffee"', 19),
      context: { includeDeclaration: true },
    });
    assert.ok(refs.some((r) => r.uri === trsxUri) && refs.some((r) => r.uri === dialogUri), JSON.stringify(refs));
    const hover = await server.request<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri: dialogUri },
      position: position(dialogText, '"intentId": "66666666-0000-4000-8000-000000000001"', 15),
    });
    assert.match(hover?.contents.value ?? '', /intent.*iOrderCoffee[\s\S]*Declared in the TRSX: en-US\/en-US\.trsx/);
  });
});

describe('the genuine omnichannel export in the language server', () => {
  test('its diagnostics, and rename from the TRSX reaching dialog.json', async (t) => {
    const src = corpusFolder('dialog/omnichannel');
    if (!src) {
      t.skip('corpus dialog/omnichannel not found at <repo>/../shared/corpus');
      return;
    }
    const root = mkdtempSync(join(tmpdir(), 'cstudio-dialog-omni-'));
    cpSync(src, root, { recursive: true });
    const server = await LspTestClient.start(root);
    try {
      const trsx = readFileSync(join(root, 'en-US', 'en-US.trsx'), 'utf8');
      const trsxUri = server.open(join(root, 'en-US', 'en-US.trsx'), 'trsx', trsx);
      const dialogUri = server.open(join(root, 'dialog.json'), 'json', readFileSync(join(root, 'dialog.json'), 'utf8'));
      const published = await server.diagnostics(dialogUri, (p) => p.diagnostics.length > 0);
      assert.deepEqual([...new Set(published.diagnostics.map((d) => d.code))].sort(), [
        'DLG001',
        'DLG005',
        'DLG006',
        'DLG007',
      ]);
      const edit = await server.request<{ changes: Record<string, unknown[]> }>('textDocument/rename', {
        textDocument: { uri: trsxUri },
        position: position(trsx, '<intent name="iGoodbye"', 15),
        newName: 'iFarewell',
      });
      assert.ok((edit.changes[dialogUri] ?? []).length >= 3, JSON.stringify(Object.keys(edit.changes)));
    } finally {
      assert.equal(await server.stop(), 0);
      rmSync(root, { recursive: true, force: true });
    }
  });
});
