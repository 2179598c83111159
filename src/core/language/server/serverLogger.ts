// The server's log goes to the client's console (`window/logMessage`): VS Code shows it in the server's output
// channel, other editors in their LSP log. Standard output is the protocol's when the server runs on stdio.
import type { Connection } from 'vscode-languageserver';
import type { Logger } from '../../logger';

function text(message: string | Error, details: readonly unknown[]): string {
  const head = message instanceof Error ? `${message.message}\n${message.stack ?? ''}` : message;
  const rest = details.map((d) =>
    d instanceof Error ? `${d.message}\n${d.stack ?? ''}` : typeof d === 'string' ? d : JSON.stringify(d),
  );
  return [head, ...rest].join(' ');
}

export function consoleLogger(connection: Connection, component?: string): Logger {
  const tag = (m: string | Error): string | Error => (component && typeof m === 'string' ? `[${component}] ${m}` : m);
  return {
    trace: () => undefined,
    debug: (m, ...d) => connection.console.log(text(tag(m), d)),
    info: (m, ...d) => connection.console.info(text(tag(m), d)),
    warn: (m, ...d) => connection.console.warn(text(tag(m), d)),
    error: (m, ...d) => connection.console.error(text(tag(m), d)),
    child: (c) => consoleLogger(connection, component ? `${component}/${c}` : c),
  };
}
