// A real LSP client that is not VS Code: Neovim's built-in client (headless) starts `cstudio lsp --stdio`, opens a
// TRSX file with an unknown conceptref (COFFE_SIZE) and a GrXML file with an unknown ruleref, and reports what it received:
// diagnostics with their ranges, a hover, and where go-to-definition lands. Skips when Neovim is not installed
// (.ci/run installs Debian's `neovim`).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { at, GRXML, TRSX } from './lspFixtures';

// Neovim 0.7's API (Debian bookworm): vim.lsp.start_client + buf_attach_client, vim.diagnostic, request_sync.
const SCRIPT = `
local out = {}
local env = vim.fn.json_decode(vim.env.CSTUDIO_NVIM)
local id = vim.lsp.start_client({ cmd = env.cmd, root_dir = env.root, name = 'cstudio' })
local function open(file, filetype)
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  vim.bo.filetype = filetype
  vim.lsp.buf_attach_client(0, id)
  vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 end, 50)
  local diags = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    local lsp = (d.user_data or {}).lsp or {}
    table.insert(diags, { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col, message = d.message, code = lsp.code or d.code })
  end
  return diags
end
local function ask(method, line, character)
  local client = vim.lsp.get_client_by_id(id)
  local res = client.request_sync(method, { textDocument = { uri = vim.uri_from_bufnr(0) }, position = { line = line, character = character } }, 30000, 0)
  return res and res.result or vim.NIL
end
out.trsx = open(env.trsx, 'trsx')
out.hover = ask('textDocument/hover', env.conceptref[1], env.conceptref[2])
out.trsxDefinition = ask('textDocument/definition', env.conceptref[1], env.conceptref[2])
out.grxml = open(env.grxml, 'grxml')
out.grxmlDefinition = ask('textDocument/definition', env.ruleref[1], env.ruleref[2])
vim.fn.writefile({ vim.fn.json_encode(out) }, env.out)
vim.cmd('qa!')
`;

/** Neovim's positions: [line, character], both from 0. */
function lineCol(text: string, needle: string, delta: number): [number, number] {
  const p = at(text, needle, delta);
  return [p.line, p.character];
}

interface NvimDiagnostic {
  lnum: number;
  col: number;
  end_col: number;
  message: string;
  code?: string;
}
interface NvimLocation {
  uri?: string;
  targetUri?: string;
  range?: { start: { line: number } };
  targetSelectionRange?: { start: { line: number } };
}

describe('the language server in Neovim (a real LSP client)', () => {
  test('diagnostics with ranges, hover and go-to-definition', (t) => {
    const version = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
    if (version.error || version.status !== 0) {
      t.skip('Neovim is not installed (apt-get install neovim; .ci/run installs it): the LSP client test did not run');
      return;
    }
    const root = mkdtempSync(join(tmpdir(), 'cstudio-nvim-'));
    try {
      mkdirSync(join(root, 'en-US'));
      const trsx = join(root, 'en-US', 'en-US.trsx');
      const grxml = join(root, 'drinks.grxml');
      writeFileSync(trsx, TRSX);
      writeFileSync(grxml, GRXML);
      writeFileSync(join(root, 'init.lua'), SCRIPT);
      const main = join(__dirname, '..', '..', '..', 'src', 'cli', 'main.js');
      const out = join(root, 'out.json');
      const env = {
        cmd: [process.execPath, '-e', `require(${JSON.stringify(main)}).main(['lsp', '--stdio'])`],
        root,
        trsx,
        grxml,
        out,
        conceptref: lineCol(TRSX, 'conceptref="COFFEE_SIZE"', 14),
        ruleref: lineCol(GRXML, '#size', 2),
      };
      const run = spawnSync(
        'nvim',
        ['--headless', '--clean', '-n', '-i', 'NONE', '-c', `luafile ${join(root, 'init.lua')}`],
        {
          env: {
            ...process.env,
            CSTUDIO_NVIM: JSON.stringify(env),
            HOME: root,
            XDG_STATE_HOME: root,
            XDG_DATA_HOME: root,
            XDG_CONFIG_HOME: root,
          },
          encoding: 'utf8',
          timeout: 180_000,
        },
      );
      assert.equal(run.status, 0, `nvim: ${run.stderr}${run.stdout}`);
      const result = JSON.parse(readFileSync(out, 'utf8')) as {
        trsx: NvimDiagnostic[];
        grxml: NvimDiagnostic[];
        hover: { contents: { value: string } };
        trsxDefinition: NvimLocation[];
        grxmlDefinition: NvimLocation[];
      };
      const unknown = result.trsx.find((d) => /COFFE_SIZE/.test(d.message));
      assert.ok(unknown, JSON.stringify(result.trsx));
      assert.equal(unknown.code, 'TRSX021');
      const [line, col] = lineCol(TRSX, 'COFFE_SIZE', 0);
      assert.equal(unknown.lnum, line);
      assert.ok(unknown.col <= col && unknown.end_col >= col + 'COFFE_SIZE'.length - 1, JSON.stringify(unknown));
      const ruleref = result.grxml.find((d) => /drink/.test(d.message));
      assert.ok(ruleref, JSON.stringify(result.grxml));
      assert.equal(ruleref.lnum, lineCol(GRXML, '#drink', 0)[0]);
      assert.match(result.hover.contents.value, /COFFEE_SIZE/);
      const startLine = (l: NvimLocation | undefined): number | undefined =>
        (l?.range ?? l?.targetSelectionRange)?.start.line;
      assert.equal(startLine(result.trsxDefinition[0]), lineCol(TRSX, '<concept name="COFFEE_SIZE"', 0)[0]);
      assert.equal(startLine(result.grxmlDefinition[0]), lineCol(GRXML, '<rule id="size"', 0)[0]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
