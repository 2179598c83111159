// Semantic tokens from `cstudio lsp --stdio`: the legend in `initialize`, full and range requests, decoded as LSP
// 3.17 "textDocument/semanticTokens" specifies (five integers per token: deltaLine, deltaStartChar relative to the
// previous token on the same line, length, tokenType index, tokenModifiers bit set), on the shared fixtures and
// on a real project file from the corpus.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LspTestClient, type LspRange } from '../helpers/lspClient';
import { corpusFolder, workspacePath } from './helpers';
import { at, GRXML, TRSX } from './lspFixtures';

interface Legend {
  tokenTypes: string[];
  tokenModifiers: string[];
}
interface Token {
  text: string;
  type: string;
  modifiers: string[];
  line: number;
}

function decode(data: readonly number[], legend: Legend, text: string): Token[] {
  const lines = text.split('\n');
  const tokens: Token[] = [];
  let line = 0;
  let character = 0;
  for (let i = 0; i < data.length; i += 5) {
    const [dLine, dChar, length, type, bits] = data.slice(i, i + 5) as [number, number, number, number, number];
    line += dLine;
    character = dLine === 0 ? character + dChar : dChar;
    tokens.push({
      text: (lines[line] ?? '').slice(character, character + length),
      type: legend.tokenTypes[type] ?? `?${type}`,
      line,
      modifiers: legend.tokenModifiers.filter((_m, bit) => (bits & (1 << bit)) !== 0),
    });
  }
  return tokens;
}

describe('semantic tokens (cstudio lsp --stdio)', () => {
  let server: LspTestClient;
  let legend: Legend;
  const tokens = async (uri: string, text: string, range?: LspRange): Promise<Token[]> => {
    const method = range ? 'textDocument/semanticTokens/range' : 'textDocument/semanticTokens/full';
    const answer = await server.request<{ data: number[] }>(method, {
      textDocument: { uri },
      ...(range ? { range } : {}),
    });
    return decode(answer.data, legend, text);
  };

  before(async () => {
    server = await LspTestClient.start(workspacePath());
    const caps = server.capabilities as { semanticTokensProvider?: { legend: Legend; full: boolean; range: boolean } };
    assert.equal(caps.semanticTokensProvider?.full, true);
    assert.equal(caps.semanticTokensProvider?.range, true);
    legend = caps.semanticTokensProvider.legend;
  });
  after(async () => {
    assert.equal(await server.stop(), 0);
  });

  test('TRSX: intents and concepts, declared and referenced, whatever the reference is', async () => {
    const uri = server.open(join(workspacePath(), 'semantic', 'en-US.trsx'), 'trsx', TRSX);
    const found = (await tokens(uri, TRSX)).map(
      (t) => `${t.line} ${t.text} ${t.type}${t.modifiers.map((m) => `.${m}`).join('')}`,
    );
    assert.deepEqual(found, [
      `${at(TRSX, 'ORDER_COFFEE').line} ORDER_COFFEE event.declaration`,
      `${at(TRSX, 'conceptref="COFFEE_SIZE"').line} COFFEE_SIZE class`,
      `${at(TRSX, '<concept name').line} COFFEE_SIZE class.declaration`,
      `${at(TRSX, 'intentref').line} ORDER_COFFEE event`,
      `${at(TRSX, 'intentref').line} COFFEE_SIZE class`,
      `${at(TRSX, 'COFFE_SIZE').line} ORDER_COFFEE event`,
      `${at(TRSX, 'COFFE_SIZE').line} COFFE_SIZE class`,
    ]);
    // A range request answers only for the lines asked (here: the last sample).
    const line = at(TRSX, 'COFFE_SIZE').line;
    const some = await tokens(uri, TRSX, { start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
    assert.deepEqual(
      some.map((t) => t.text),
      ['ORDER_COFFEE', 'COFFE_SIZE'],
    );
  });

  test('GrXML: rule ids declared and referenced, the root attribute, the grammar file of an external reference', async () => {
    const text = GRXML.replace('<ruleref uri="#drink"/>', '<ruleref uri="common.grxml#politeness"/>');
    const uri = server.open(join(workspacePath(), 'semantic', 'drinks.grxml'), 'grxml', text);
    const found = (await tokens(uri, text)).map(
      (t) => `${t.text} ${t.type}${t.modifiers.map((m) => `.${m}`).join('')}`,
    );
    assert.deepEqual(found, [
      'main function',
      'main function.declaration',
      'size function',
      'common.grxml namespace',
      'politeness function',
      'size function.declaration',
    ]);
  });

  test('a real project (corpus): every intent and concept name is a token, predefined entities marked', async (t) => {
    const dir = corpusFolder('trsx');
    if (!dir) {
      t.skip('../shared/corpus/trsx not found (the corpus is not part of the repository)');
      return;
    }
    const path = join(dir, 'nuance-quickstart-travel-ivr-digital.en-US.trsx');
    const text = (await readFile(path, 'utf8')).replace(/^\ufeff/, '');
    const uri = server.open(path, 'trsx', text);
    const found = await tokens(uri, text);
    const declared = [...text.matchAll(/<(intent|concept) name="([^"]+)"/g)].map((m) => m[2]);
    assert.ok(declared.length > 5, 'the file declares intents and concepts');
    const declarations = found.filter((x) => x.modifiers.includes('declaration')).map((x) => x.text);
    assert.deepEqual(declarations.sort(), [...declared].sort());
    // The file refers to the platform's DATE, YES_NO and nuance_CALENDARX (isA relations, annotations), never declaring them.
    const predefined = found.filter((x) => x.modifiers.includes('defaultLibrary'));
    assert.deepEqual([...new Set(predefined.map((x) => `${x.text} ${x.type}`))].sort(), [
      'DATE class',
      'YES_NO class',
      'nuance_CALENDARX class',
    ]);
    assert.ok(predefined.every((x) => !declared.includes(x.text)));
    const refs = (text.match(/(conceptref|intentref)="/g) ?? []).length;
    assert.equal(found.filter((x) => !x.modifiers.includes('declaration')).length, refs, 'one token per reference');
  });
});
