// The deployed configurations the window can interpret with (a context tag and a runtime client that reaches it),
// their pick, and one NLU runtime client per client ID. Try an Utterance and the NLU tests' "Deployed
// configuration" run profile both ask through here, so they offer the same configurations.
import type { Logger } from '../core/logger';
import { NluRuntimeClient, type RuntimeConnection } from '../core/platform/nluRuntime';
import type { Prompter } from './prompter';

export interface RuntimeTarget {
  /** Shown in the pick, e.g. `coffee-main`. */
  readonly contextTag: string;
  /** Where it runs, e.g. `Local sandbox · COFFEE-DEV`. */
  readonly description: string;
  readonly connection: RuntimeConnection;
  readonly secret: string;
}

/** The configurations reachable now (the composition root knows the local sandbox's runtime clients). */
export type RuntimeTargets = () => Promise<readonly RuntimeTarget[]>;

const NONE_REACHABLE =
  'No deployed configuration is reachable: start the local sandbox (Conversational Studio: Start Local Sandbox) and deploy a configuration with an NLU build, or use the CLI (`cstudio try`, `cstudio test nlu --tag`) against the platform.';

/**
 * The configuration to interpret with: the one with context tag `tag` when given (an error naming the reachable
 * ones when none has it), the only one, or the user's pick; undefined when the pick is dismissed.
 */
export async function pickRuntimeTarget(
  targets: RuntimeTargets,
  prompter: Prompter,
  title: string,
  tag?: string,
): Promise<RuntimeTarget | undefined> {
  const reachable = await targets();
  if (reachable.length === 0) throw new Error(NONE_REACHABLE);
  if (tag !== undefined) {
    const found = reachable.find((t) => t.contextTag === tag);
    if (!found)
      throw new Error(
        `No reachable configuration has the context tag "${tag}"; reachable: ${reachable.map((t) => t.contextTag).join(', ')}.`,
      );
    return found;
  }
  if (reachable.length === 1) return reachable[0];
  return prompter.pick(
    reachable.map((t) => ({ label: t.contextTag, description: t.description, value: t })),
    { title, placeholder: 'Configuration (context tag)' },
  );
}

/** One runtime client per runtime URL and client ID, closed with the owner. */
export class RuntimeClients {
  private readonly clients = new Map<string, NluRuntimeClient>();

  constructor(private readonly logger: Logger) {}

  clientOf(target: RuntimeTarget): NluRuntimeClient {
    const key = `${target.connection.nluUrl}\u0000${target.connection.clientId}`;
    let client = this.clients.get(key);
    if (!client) {
      client = new NluRuntimeClient({
        connection: target.connection,
        getSecret: () => Promise.resolve(target.secret),
        logger: this.logger,
      });
      this.clients.set(key, client);
    }
    return client;
  }

  dispose(): void {
    for (const c of this.clients.values()) void c.close();
    this.clients.clear();
  }
}
