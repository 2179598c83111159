// The language server's process entry (dist/languageServer.js): the VS Code extension starts it over node IPC;
// `cstudio lsp --stdio` runs the same server on standard input and output. The transport comes from the command
// line (`--node-ipc`, `--stdio`, `--socket=N`), as vscode-languageserver reads it.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { consoleLogger } from './serverLogger';
import { nodeFileSystem } from '../fileSystem';
import { serveLanguages } from './languageServer';

const connection = createConnection(ProposedFeatures.all);
serveLanguages(connection, { fs: nodeFileSystem, logger: consoleLogger(connection) });
connection.listen();
