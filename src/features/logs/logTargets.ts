// Which topic (runtime app ID) a command acts on, and through which connection. From an explorer node: an
// application (its credentials, preferring those where a configuration is deployed), a configuration (the
// credentials of the environment geographies it is deployed to) or a deployment (that geography's
// credential). From the palette: the connection, then an application of one of its organizations, or a
// runtime app ID typed in. Automation passes `{ connectionId, topic }`. Nodes are read by shape only: this
// feature does not import the explorer's classes.
import type { ConnectionEntry, ConnectionRegistry } from '../../core/connections/connectionRegistry';
import type { AppConfig, AppCredential, Application } from '../../core/platform/appTypes';
import type { PlatformClient } from '../../core/platform/client';
import { resolveConnection } from '../../host/connectionPick';
import { answered, type PickItem, type Prompter } from '../../host/prompter';
import type { LogTarget } from './logSession';
import { topicOf } from './logSessions';

export interface ResolvedTarget {
  readonly target: LogTarget;
  readonly client: PlatformClient;
  readonly connection: ConnectionEntry;
}

/** What a tree node tells about the application it stands for. */
interface NodeHint {
  readonly app?: Application;
  readonly config?: AppConfig;
  readonly envGeographyId?: string;
}

function obj(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function asApp(value: unknown): Application | undefined {
  const o = obj(value);
  return o && typeof o.id === 'string' && typeof o.applicationName === 'string' ? (o as unknown as Application) : undefined;
}

function asConfig(value: unknown): AppConfig | undefined {
  const o = obj(value);
  return o && typeof o.id === 'string' && typeof o.tag === 'string' && Array.isArray(o.deployments) ? (o as unknown as AppConfig) : undefined;
}

/** Reads an application, configuration or deployment node (or anything shaped like one). */
export function nodeHint(arg: unknown): NodeHint | undefined {
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
    return { config: asConfig(configNode.config), app: asApp(obj(configNode.parent)?.app), envGeographyId: geography.id };
  }
  return undefined;
}

/** Environment geographies a configuration is deployed to now (the latest record per geography). */
export function deployedGeographyIds(config: AppConfig): string[] {
  const latest = new Map<string, string>();
  for (const d of config.deployments ?? []) {
    for (const g of d.envGeographyDeployments ?? []) latest.set(g.envGeography.id, g.status);
  }
  return [...latest].filter(([, status]) => status === 'DEPLOYED').map(([id]) => id);
}

function covers(credential: AppCredential, geographyIds: readonly string[]): boolean {
  return credential.geographies.some((g) => geographyIds.includes(g.id));
}

export class LogTargetResolver {
  constructor(private readonly registry: ConnectionRegistry, private readonly prompter: Prompter) {}

  async resolve(arg: unknown, title: string): Promise<ResolvedTarget> {
    const connection = await resolveConnection(this.registry, this.prompter, arg, { title });
    const { client } = await this.registry.session(connection.id);
    const base = { connectionId: connection.id, connectionName: connection.name };
    const topic = topicOf(arg);
    if (topic !== undefined) {
      const name = obj(arg)?.applicationName;
      return { connection, client, target: { ...base, topic, applicationName: typeof name === 'string' ? name : undefined } };
    }
    const hint = nodeHint(arg) ?? await this.pickApplication(client, title);
    if ('topic' in hint) return { connection, client, target: { ...base, topic: hint.topic } };
    const app = hint.app ?? await this.applicationOf(client, hint.config);
    const credential = await this.pickCredential(client, app, hint, title);
    return { connection, client, target: { ...base, topic: credential.credential.appId, applicationName: app.applicationName } };
  }

  /** The palette's way in: an application of any organization, or a runtime app ID typed in. */
  private async pickApplication(client: PlatformClient, title: string): Promise<NodeHint | { topic: string }> {
    const orgs = (await client.organizations.listPage(1000, 0)).items;
    const items: Array<PickItem<NodeHint | 'typed'>> = [];
    for (const org of orgs) {
      for (const app of await client.apps.listByOrg(org.id, { view: 'full' })) {
        const deployed = app.configs.filter((c) => deployedGeographyIds(c).length > 0).map((c) => c.tag);
        items.push({
          label: app.applicationName, description: org.displayName,
          detail: `application ${app.id} · ${deployed.length > 0 ? `deployed: ${deployed.join(', ')}` : 'nothing deployed'}`, value: { app },
        });
      }
    }
    items.push({ label: '$(edit) Enter a runtime app ID…', detail: 'The event-log topic, e.g. COFFEE-DEV', value: 'typed' });
    const chosen = await answered(this.prompter.pick(items, { title, placeholder: 'Application' }), title);
    if (chosen !== 'typed') return chosen;
    const typed = await answered(this.prompter.input({
      title, prompt: 'Runtime app ID (the event-log topic)', placeholder: 'COFFEE-DEV',
      validate: (v) => (/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(v.trim()) ? undefined : 'A runtime app ID such as COFFEE-DEV (letters, digits, . _ -).'),
    }), title);
    return { topic: typed.trim() };
  }

  /** A configuration node without its application (should not happen with the explorer): search for it. */
  private async applicationOf(client: PlatformClient, config: AppConfig | undefined): Promise<Application> {
    if (config) {
      for (const org of (await client.organizations.listPage(1000, 0)).items) {
        const app = (await client.apps.listByOrg(org.id, { view: 'full' })).find((a) => a.configs.some((c) => c.id === config.id));
        if (app) return app;
      }
    }
    throw new Error(`The application of configuration ${config?.id ?? '?'} was not found; refresh the explorer and try again.`);
  }

  private async pickCredential(client: PlatformClient, app: Application, hint: NodeHint, title: string): Promise<AppCredential> {
    const all = await client.apps.credentials(app.id);
    if (all.length === 0) throw new Error(`Application ${app.id} "${app.applicationName}" has no credentials, so it has no runtime app ID (event-log topic).`);
    const deployedAt = hint.envGeographyId ? [hint.envGeographyId]
      : hint.config ? deployedGeographyIds(hint.config)
        : app.configs.flatMap(deployedGeographyIds);
    const preferred = all.filter((c) => covers(c, deployedAt));
    const candidates = preferred.length > 0 ? preferred : all;
    if (candidates.length === 1) return candidates[0] as AppCredential;
    return answered(this.prompter.pick(candidates.map((c) => ({
      label: c.credential.appId,
      description: c.geographies.map((g) => g.geography.displayName).join(', '),
      detail: covers(c, deployedAt) ? 'a configuration is deployed here' : 'nothing deployed here',
      value: c,
    })), { title, placeholder: `Runtime app ID of ${app.applicationName}` }), title);
  }
}
