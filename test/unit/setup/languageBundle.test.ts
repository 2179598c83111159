// The VS Code side of the language support (dist/languageFeature.js) talks to the server only through the declared
// protocol (src/core/language/protocol.ts). Issue 31: it used to import values from the server's modules, which
// carried the XML scanner, the GrXML builder and vscode-languageserver into the extension host. This keeps the
// server and the formats out of it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bundleInputs } from '../helpers/bundleInputs';

const SERVER_SIDE = /^(src\/core\/formats\/|src\/core\/language\/server\/|node_modules\/vscode-languageserver\/)/;

describe('language feature bundle', () => {
  test('carries no format code, no language server module and no vscode-languageserver', async () => {
    const { inputs } = await bundleInputs('src/features/language/languageFeature.ts');
    assert.ok(inputs.includes('src/core/language/protocol.ts'), 'the client declares its requests through protocol.ts');
    assert.deepEqual(
      inputs.filter((f) => SERVER_SIDE.test(f)),
      [],
      'these belong to the server (dist/languageServer.js)',
    );
  });

  test('the protocol module imports nothing of ours at run time', async () => {
    const { inputs } = await bundleInputs('src/core/language/protocol.ts');
    assert.deepEqual(
      inputs.filter((f) => f.startsWith('src/')),
      ['src/core/language/protocol.ts'],
    );
    assert.ok(
      inputs.every((f) => f.startsWith('src/') || f.startsWith('node_modules/vscode-jsonrpc/')),
      inputs.join(', '),
    );
  });

  test('the server declares its requests through the same module, and loads no sync code', async () => {
    const { inputs } = await bundleInputs('src/core/language/server/main.ts');
    assert.ok(inputs.includes('src/core/language/protocol.ts'));
    // It names a pulled folder's state file (core/workspace) but never runs a pull's recovery or writes files.
    assert.deepEqual(
      inputs.filter((f) => f.startsWith('src/core/sync/')),
      [],
    );
  });
});
