// The TextMate grammars (syntaxes/), tokenized by the engine VS Code itself uses (vscode-textmate + oniguruma,
// taken from the code-server the extension-host tier installs; skipped with a message when it is not there):
// intent and concept references, annotations, rule ids and rulerefs get their own scopes, and <tag> content is
// JavaScript.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, workspacePath } from './helpers';

interface Token {
  startIndex: number;
  endIndex: number;
  scopes: string[];
}
interface Grammar {
  tokenizeLine(line: string, state: unknown): { tokens: Token[]; ruleStack: unknown };
}
interface TextMate {
  Registry: new (options: unknown) => { loadGrammar(scope: string): Promise<Grammar | null> };
  parseRawGrammar(content: string, path: string): unknown;
  INITIAL: unknown;
}
interface Oniguruma {
  loadWASM(data: ArrayBuffer): Promise<void>;
  OnigScanner: new (patterns: string[]) => unknown;
  OnigString: new (s: string) => unknown;
}

/** VS Code's own lib folder inside the cached code-server, if installed. */
function vscodeLib(): string | undefined {
  const base = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'conversational-studio');
  if (!existsSync(base)) return undefined;
  for (const name of readdirSync(base)
    .filter((n) => n.startsWith('code-server-'))
    .sort()
    .reverse()) {
    const lib = join(base, name, 'cs', 'node_modules', 'code-server', 'lib', 'vscode');
    if (existsSync(join(lib, 'node_modules', 'vscode-textmate'))) return lib;
  }
  return undefined;
}

async function loadGrammars(lib: string): Promise<(scope: string) => Promise<Grammar>> {
  const req = createRequire(join(lib, 'package.json'));
  const tm = req('vscode-textmate') as TextMate;
  const onig = req('vscode-oniguruma') as Oniguruma;
  const wasm = readFileSync(join(lib, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm'));
  await onig.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const files: Record<string, string> = {
    'text.xml.trsx': join(repoRoot(), 'syntaxes', 'trsx.tmLanguage.json'),
    'text.xml.grxml': join(repoRoot(), 'syntaxes', 'grxml.tmLanguage.json'),
    'source.grxml-test': join(repoRoot(), 'syntaxes', 'grxml-test.tmLanguage.json'),
    'source.js': join(lib, 'extensions', 'javascript', 'syntaxes', 'JavaScript.tmLanguage.json'),
    'source.json': join(lib, 'extensions', 'json', 'syntaxes', 'JSON.tmLanguage.json'),
  };
  const registry = new tm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (p: string[]) => new onig.OnigScanner(p),
      createOnigString: (s: string) => new onig.OnigString(s),
    }),
    loadGrammar: async (scope: string) =>
      files[scope] ? tm.parseRawGrammar(readFileSync(files[scope] as string, 'utf8'), files[scope] as string) : null,
  });
  return async (scope) => {
    const g = await registry.loadGrammar(scope);
    if (!g) throw new Error(`grammar ${scope} did not load`);
    return g;
  };
}

/** Scopes of each token, by its text, over the whole document. */
function tokenize(grammar: Grammar, text: string, initial: unknown): Array<{ text: string; scopes: string[] }> {
  const out: Array<{ text: string; scopes: string[] }> = [];
  let state = initial;
  for (const line of text.split('\n')) {
    const r = grammar.tokenizeLine(line, state);
    for (const t of r.tokens) out.push({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes });
    state = r.ruleStack;
  }
  return out;
}

function scopesOf(tokens: ReadonlyArray<{ text: string; scopes: string[] }>, text: string, occurrence = 0): string[] {
  const found = tokens.filter((t) => t.text === text)[occurrence];
  assert.ok(found, `a token "${text}"`);
  return found.scopes;
}

describe('TextMate grammars', () => {
  const lib = vscodeLib();

  test('the grammar files are valid JSON with the contributed scope names', () => {
    const manifest = JSON.parse(readFileSync(join(repoRoot(), 'package.json'), 'utf8')) as {
      contributes: { grammars: Array<{ scopeName: string; path: string }> };
    };
    for (const g of manifest.contributes.grammars) {
      const grammar = JSON.parse(readFileSync(join(repoRoot(), g.path), 'utf8')) as { scopeName: string };
      assert.equal(grammar.scopeName, g.scopeName);
    }
  });

  test('TRSX: intent and concept declarations and references, annotations', async (t) => {
    if (!lib) {
      t.skip("code-server is not installed (node test/vscode/run.mjs installs it); VS Code's tokenizer is needed");
      return;
    }
    const load = await loadGrammars(lib);
    const tm = createRequire(join(lib, 'package.json'))('vscode-textmate') as TextMate;
    const tokens = tokenize(
      await load('text.xml.trsx'),
      readFileSync(workspacePath('coffee-shop', 'en-US', 'en-US.trsx'), 'utf8'),
      tm.INITIAL,
    );
    assert.ok(scopesOf(tokens, 'ORDER_COFFEE').includes('entity.name.function.intent.trsx'));
    assert.ok(scopesOf(tokens, 'ORDER_COFFEE', 1).includes('entity.name.function.intent-reference.trsx'));
    assert.ok(scopesOf(tokens, 'DRINK').includes('entity.name.type.concept-reference.trsx'), 'a link conceptref');
    assert.ok(scopesOf(tokens, 'DRINK', 1).includes('entity.name.type.concept.trsx'), 'the declaration');
    assert.ok(scopesOf(tokens, 'annotation').includes('entity.name.tag.annotation.trsx'));
    assert.ok(scopesOf(tokens, 'large', 1).includes('markup.underline.annotation.trsx'), 'annotated text');
    assert.ok(scopesOf(tokens, 'latte').includes('meta.annotation.trsx'));
  });

  test('GrXML: rule ids, rule references, repeat and JavaScript in <tag>', async (t) => {
    if (!lib) {
      t.skip("code-server is not installed (node test/vscode/run.mjs installs it); VS Code's tokenizer is needed");
      return;
    }
    const load = await loadGrammars(lib);
    const tm = createRequire(join(lib, 'package.json'))('vscode-textmate') as TextMate;
    const tokens = tokenize(
      await load('text.xml.grxml'),
      readFileSync(workspacePath('grammars', 'yesno.grxml'), 'utf8'),
      tm.INITIAL,
    );
    assert.ok(scopesOf(tokens, 'answer', 1).includes('entity.name.function.rule.grxml'));
    assert.ok(scopesOf(tokens, '#yes').includes('entity.name.function.ruleref.grxml'));
    assert.ok(scopesOf(tokens, 'common.grxml#politeness').includes('entity.name.function.ruleref.grxml'));
    assert.ok(scopesOf(tokens, '0-1').includes('constant.numeric.repeat.grxml'));
    const js = scopesOf(tokens, 'out');
    assert.ok(
      js.includes('meta.embedded.block.javascript') && js.some((s) => s.endsWith('.js')),
      `JavaScript scopes: ${js.join(' ')}`,
    );
    const cdata = tokenize(await load('text.xml.grxml'), '<tag><![CDATA[ out = a < b; ]]></tag>', tm.INITIAL);
    assert.ok(scopesOf(cdata, '<', 1).includes('keyword.operator.relational.js'), 'a < inside CDATA is JavaScript');
  });

  test('grammar test files: expectations, directives and JSON results', async (t) => {
    if (!lib) {
      t.skip("code-server is not installed (node test/vscode/run.mjs installs it); VS Code's tokenizer is needed");
      return;
    }
    const load = await loadGrammars(lib);
    const tm = createRequire(join(lib, 'package.json'))('vscode-textmate') as TextMate;
    const tokens = tokenize(
      await load('source.grxml-test'),
      'grammar: x.grxml\naccept: yes => {"a": 1}\n# note',
      tm.INITIAL,
    );
    assert.ok(scopesOf(tokens, 'accept').includes('keyword.control.expectation.grxml-test'));
    assert.ok(scopesOf(tokens, 'grammar').includes('keyword.other.directive.grxml-test'));
    assert.ok(scopesOf(tokens, '1').some((s) => s.includes('json')));
    assert.ok(scopesOf(tokens, '# note').includes('comment.line.number-sign.grxml-test'));
  });
});
