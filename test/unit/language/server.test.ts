// The language server as any editor sees it: `cstudio lsp --stdio` in a child process, driven over JSON-RPC with
// the protocol's own messages (LSP 3.17). Diagnostics, hover, definition, references, completion, rename,
// formatting, symbols, code actions and the auto-close request all answer from one copy of each document.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LspTestClient, type LspRange } from '../helpers/lspClient';
import { at, GRXML, TRSX } from './lspFixtures';

describe('language server (cstudio lsp --stdio)', () => {
  let root: string;
  let server: LspTestClient;
  let trsxPath: string;
  let trsxUri: string;
  let grxmlUri: string;

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'cstudio-lsp-'));
    await mkdir(join(root, 'en-US'));
    trsxPath = join(root, 'en-US', 'en-US.trsx');
    await writeFile(trsxPath, TRSX);
    await writeFile(join(root, 'drinks.grxml'), GRXML);
    server = await LspTestClient.start(root);
    trsxUri = server.open(trsxPath, 'trsx', TRSX);
    grxmlUri = server.open(join(root, 'drinks.grxml'), 'grxml', GRXML);
  });
  after(async () => {
    assert.equal(await server.stop(), 0);
    await rm(root, { recursive: true, force: true });
  });

  test('diagnostics arrive with the code and the exact range of an unknown conceptref and an unknown ruleref', async () => {
    const trsx = await server.diagnostics(trsxUri);
    const unknown = trsx.diagnostics.find((d) => /COFFE_SIZE/.test(d.message));
    assert.ok(unknown, JSON.stringify(trsx.diagnostics));
    assert.equal(unknown.code, 'TRSX021');
    const start = at(TRSX, 'COFFE_SIZE');
    assert.deepEqual(unknown.range.start.line, start.line);
    assert.ok(
      unknown.range.start.character <= start.character &&
        unknown.range.end.character >= start.character + 'COFFE_SIZE'.length - 1,
      JSON.stringify(unknown.range),
    );
    assert.equal(trsx.version, 1);

    const grxml = await server.diagnostics(grxmlUri);
    const ruleref = grxml.diagnostics.find((d) => /drink/.test(d.message));
    assert.ok(ruleref, JSON.stringify(grxml.diagnostics));
    assert.equal(ruleref.range.start.line, at(GRXML, '#drink').line);
  });

  test('hover and go to definition on a conceptref land on the concept', async () => {
    const position = at(TRSX, 'conceptref="COFFEE_SIZE"', 14);
    const hover = await server.request<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri: trsxUri },
      position,
    });
    assert.match(hover?.contents.value ?? '', /COFFEE_SIZE/);
    const defs = await server.request<Array<{ uri: string; range: LspRange }>>('textDocument/definition', {
      textDocument: { uri: trsxUri },
      position,
    });
    assert.equal(defs.length, 1);
    assert.equal(defs[0]?.uri, trsxUri);
    assert.equal(defs[0]?.range.start.line, at(TRSX, '<concept name="COFFEE_SIZE"').line);
  });

  test('go to definition on a local ruleref lands on the rule; references find its uses', async () => {
    const defs = await server.request<Array<{ uri: string; range: LspRange }>>('textDocument/definition', {
      textDocument: { uri: grxmlUri },
      position: at(GRXML, '#size', 2),
    });
    assert.equal(defs[0]?.range.start.line, at(GRXML, '<rule id="size"').line);
    const refs = await server.request<Array<{ range: LspRange }>>('textDocument/references', {
      textDocument: { uri: grxmlUri },
      position: at(GRXML, 'id="size"', 5),
      context: { includeDeclaration: false },
    });
    assert.deepEqual(
      refs.map((r) => r.range.start.line),
      [at(GRXML, '#size').line],
    );
  });

  test('quick fixes for an unknown concept come back as workspace edits', async () => {
    const trsx = await server.diagnostics(trsxUri);
    const unknown = trsx.diagnostics.find((d) => /COFFE_SIZE/.test(d.message));
    assert.ok(unknown);
    const actions = await server.request<Array<{ title: string; edit?: { changes: Record<string, unknown[]> } }>>(
      'textDocument/codeAction',
      {
        textDocument: { uri: trsxUri },
        range: unknown.range,
        context: { diagnostics: [{ ...unknown, source: 'cstudio' }] },
      },
    );
    assert.ok(actions.length > 0, 'no code actions');
    assert.ok(actions.every((a) => a.edit !== undefined));
  });

  test('completion inside conceptref="" lists the declared concepts', async () => {
    const position = at(TRSX, 'conceptref="COFFEE_SIZE">large', 12);
    const items = await server.request<Array<{ label: string }>>('textDocument/completion', {
      textDocument: { uri: trsxUri },
      position,
    });
    assert.ok(
      items.some((i) => i.label === 'COFFEE_SIZE'),
      JSON.stringify(items.map((i) => i.label)),
    );
  });

  test('incremental edits: fixing the typo clears its diagnostic, at the new version', async () => {
    const start = at(TRSX, 'COFFE_SIZE');
    server.change(trsxUri, 2, [
      {
        range: { start, end: { line: start.line, character: start.character + 'COFFE_SIZE'.length } },
        text: 'COFFEE_SIZE',
      },
    ]);
    const fixed = await server.diagnostics(trsxUri, (p) => p.version === 2);
    assert.equal(fixed.diagnostics.filter((d) => d.code === 'TRSX021').length, 0, JSON.stringify(fixed.diagnostics));
  });

  test('rename of a concept edits its declaration and every reference', async () => {
    const edit = await server.request<{ changes: Record<string, Array<{ newText: string }>> }>('textDocument/rename', {
      textDocument: { uri: trsxUri },
      position: at(TRSX, '<concept name="COFFEE_SIZE"', 16),
      newName: 'CUP_SIZE',
    });
    const edits = edit.changes[trsxUri] ?? [];
    assert.equal(edits.length, 4, JSON.stringify(edits));
    assert.ok(edits.every((e) => e.newText === 'CUP_SIZE'));
  });

  test('document symbols, formatting and the auto-close request', async () => {
    const symbols = await server.request<Array<{ name: string; children?: Array<{ name: string }> }>>(
      'textDocument/documentSymbol',
      { textDocument: { uri: grxmlUri } },
    );
    assert.ok(JSON.stringify(symbols).includes('"size"'), JSON.stringify(symbols));
    const formatting = await server.request<unknown[]>('textDocument/formatting', {
      textDocument: { uri: grxmlUri },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.ok(Array.isArray(formatting));
    const line = GRXML.split('\n').length - 1;
    server.change(grxmlUri, 2, [
      { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '<example>' },
    ]);
    const close = await server.request<{ text: string } | null>('cstudio/autoClose', {
      textDocument: { uri: grxmlUri },
      position: { line, character: 9 },
      typed: '>',
    });
    assert.equal(close?.text, '</example>');
  });
});
