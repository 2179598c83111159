// Which connection a palette command acts on: the one its tree node belongs to, the only one there is, or
// the user's pick. Tree nodes (and any other argument) carry `connectionId`; nothing else is assumed of them.
import type { ConnectionEntry, ConnectionRegistry } from '../core/connections/connectionRegistry';
import { answered, type Prompter } from './prompter';

/** The `connectionId` of a command argument (a tree node, or `{ connectionId }` from automation). */
export function connectionIdOf(arg: unknown): string | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const id = (arg as { connectionId?: unknown }).connectionId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

export interface ConnectionPickOptions {
  readonly title: string;
  /** Only these connections are offered (e.g. saved ones for Edit). */
  readonly filter?: (entry: ConnectionEntry) => boolean;
}

function describe(entry: ConnectionEntry): string {
  return entry.kind === 'sandbox' ? 'built in' : (entry.config?.baseUrl.replace(/^https?:\/\//, '') ?? '');
}

/** The argument's connection, else the only candidate, else the user's choice. */
export async function resolveConnection(
  registry: ConnectionRegistry,
  prompter: Prompter,
  arg: unknown,
  options: ConnectionPickOptions,
): Promise<ConnectionEntry> {
  const fromArg = connectionIdOf(arg);
  const candidates = registry.list().filter(options.filter ?? (() => true));
  if (fromArg !== undefined) {
    const entry = candidates.find((c) => c.id === fromArg);
    if (!entry) throw new Error(`Connection "${fromArg}" cannot be used here; it was removed or is built in.`);
    return entry;
  }
  if (candidates.length === 0) throw new Error('There is no connection to choose; add one with "Add Connection…".');
  if (candidates.length === 1) return candidates[0] as ConnectionEntry;
  return answered(
    prompter.pick(
      candidates.map((c) => ({ label: c.name, description: describe(c), value: c })),
      {
        title: options.title,
        placeholder: 'Connection',
      },
    ),
    options.title,
  );
}
