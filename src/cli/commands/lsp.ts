// `cstudio lsp --stdio`: the TRSX/GrXML language server that VS Code uses, for any editor with an LSP client
// (Neovim, Helix, Emacs eglot, …). It speaks JSON-RPC on standard input and output until the client exits.
import { createConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { nodeFileSystem } from '../../core/language/fileSystem';
import { serveLanguages } from '../../core/language/server/languageServer';
import { consoleLogger } from '../../core/language/server/serverLogger';
import { parseFlags } from '../args';
import { UsageError, type CliCommand } from '../command';

const USAGE = `Usage: cstudio lsp --stdio

Runs the TRSX and GrXML language server on standard input and output (the Language Server Protocol):
diagnostics, completion, hover, go to definition, references, rename, document and workspace symbols,
formatting, quick fixes and code lenses. Point your editor's LSP client at this command for *.trsx, *.grxml
and *.srgs files; the README has set-ups for Neovim, Helix and Emacs (eglot).`;

export const lspCommand: CliCommand = {
  path: ['lsp'],
  summary: 'Run the TRSX/GrXML language server on stdio (for any editor)',
  usage: USAGE,
  async run(args) {
    const { values } = parseFlags(args, { stdio: { type: 'boolean' } });
    if (!values.stdio) throw new UsageError('Say how the editor talks to the server: --stdio.');
    const connection = createConnection(
      new StreamMessageReader(process.stdin),
      new StreamMessageWriter(process.stdout),
    );
    serveLanguages(connection, { fs: nodeFileSystem, logger: consoleLogger(connection) });
    const closed = new Promise<void>((resolve) => connection.onExit(() => resolve()));
    connection.listen();
    await closed;
    return 0;
  },
};
