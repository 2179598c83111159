// Which topic (runtime app ID) a command acts on, and through which connection. From an explorer node: an
// application (its credentials, preferring those where a configuration is deployed), a configuration (the
// credentials of the environment geographies it is deployed to) or a deployment (that geography's
// credential). From the palette: the connection, then the application pick Review Utterances shares
// (host/runtimeAppPick.ts). Automation passes `{ connectionId, topic }`. Nodes are read by shape only: this
// feature does not import the explorer's classes.
import type { ConnectionEntry, ConnectionRegistry } from '../../core/connections/connectionRegistry';
import type { AppConfig, Application } from '../../core/platform/appTypes';
import type { PlatformClient } from '../../core/platform/client';
import { resolveConnection } from '../../host/connectionPick';
import type { Prompter } from '../../host/prompter';
import { pickRuntimeApp, type AppHint } from '../../host/runtimeAppPick';
import type { LogTarget } from './logSession';
import { topicOf } from './logSessions';

export interface ResolvedTarget {
  readonly target: LogTarget;
  readonly client: PlatformClient;
  readonly connection: ConnectionEntry;
}

function obj(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function asApp(value: unknown): Application | undefined {
  const o = obj(value);
  return o && typeof o.id === 'string' && typeof o.applicationName === 'string'
    ? (o as unknown as Application)
    : undefined;
}

function asConfig(value: unknown): AppConfig | undefined {
  const o = obj(value);
  return o && typeof o.id === 'string' && typeof o.tag === 'string' && Array.isArray(o.deployments)
    ? (o as unknown as AppConfig)
    : undefined;
}

/** Reads an application, configuration or deployment node (or anything shaped like one). */
export function nodeHint(arg: unknown): AppHint | undefined {
  const node = obj(arg);
  if (!node) return undefined;
  const app = asApp(node.app);
  if (app) return { app };
  const config = asConfig(node.config);
  if (config) return { config, app: asApp(obj(node.parent)?.app) };
  const deployment = obj(node.deployment);
  const configNode = obj(node.configNode);
  const geography = obj(deployment?.envGeography);
  if (deployment && configNode && typeof geography?.id === 'string') {
    return {
      config: asConfig(configNode.config),
      app: asApp(obj(configNode.parent)?.app),
      envGeographyId: geography.id,
    };
  }
  return undefined;
}

export class LogTargetResolver {
  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly prompter: Prompter,
  ) {}

  async resolve(arg: unknown, title: string): Promise<ResolvedTarget> {
    const connection = await resolveConnection(this.registry, this.prompter, arg, { title });
    const { client } = await this.registry.session(connection.id);
    const base = { connectionId: connection.id, connectionName: connection.name };
    const topic = topicOf(arg);
    if (topic !== undefined) {
      const name = obj(arg)?.applicationName;
      return {
        connection,
        client,
        target: { ...base, topic, applicationName: typeof name === 'string' ? name : undefined },
      };
    }
    const picked = await pickRuntimeApp(client, this.prompter, title, { hint: nodeHint(arg) });
    return { connection, client, target: { ...base, ...picked } };
  }
}
