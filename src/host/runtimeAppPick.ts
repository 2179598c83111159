// The one pick of an application's runtime app ID (its event-log topic): an application of any organization of the
// connection, then its credential (preferring those where a configuration is deployed), or an app ID typed in.
// Stream Event Logs and Review Utterances both ask through it, so they offer the same choice (issue 26: the review
// wanted a typed ID). A remembered ID (the folder's last review) is offered first.
import type { AppConfig, AppCredential, Application } from '../core/platform/appTypes';
import type { PlatformClient } from '../core/platform/client';
import { answered, type PickItem, type Prompter } from './prompter';

/** What an explorer node tells about the application it stands for. */
export interface AppHint {
  readonly app?: Application;
  readonly config?: AppConfig;
  readonly envGeographyId?: string;
}

export interface RuntimeApp {
  /** The runtime app ID: the event-log topic. */
  readonly topic: string;
  readonly applicationName?: string;
}

export interface RuntimeAppPickOptions {
  /** From a tree node: no application pick, only the credential's when there are several. */
  readonly hint?: AppHint;
  /** An app ID used before, offered first. */
  readonly remembered?: string;
}

const APP_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

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

type Choice = { readonly app: Application } | { readonly topic: string } | 'typed';

export async function pickRuntimeApp(
  client: PlatformClient,
  prompter: Prompter,
  title: string,
  options: RuntimeAppPickOptions = {},
): Promise<RuntimeApp> {
  const hint = options.hint ?? (await pickApplication(client, prompter, title, options.remembered));
  if ('topic' in hint) return { topic: hint.topic };
  const app = hint.app ?? (await applicationOf(client, hint.config));
  const credential = await pickCredential(client, prompter, app, hint, title);
  return { topic: credential.credential.appId, applicationName: app.applicationName };
}

async function pickApplication(
  client: PlatformClient,
  prompter: Prompter,
  title: string,
  remembered: string | undefined,
): Promise<AppHint | { topic: string }> {
  const orgs = (await client.organizations.listPage(1000, 0)).items;
  const items: Array<PickItem<Choice>> = [];
  if (remembered)
    items.push({ label: `$(history) ${remembered}`, description: 'used last time', value: { topic: remembered } });
  for (const org of orgs) {
    for (const app of await client.apps.listByOrg(org.id, { view: 'full' })) {
      const deployed = app.configs.filter((c) => deployedGeographyIds(c).length > 0).map((c) => c.tag);
      items.push({
        label: app.applicationName,
        description: org.displayName,
        detail: `application ${app.id} · ${deployed.length > 0 ? `deployed: ${deployed.join(', ')}` : 'nothing deployed'}`,
        value: { app },
      });
    }
  }
  items.push({
    label: '$(edit) Enter a runtime app ID…',
    detail: 'The event-log topic, e.g. COFFEE-DEV',
    value: 'typed',
  });
  const chosen = await answered(prompter.pick(items, { title, placeholder: 'Application' }), title);
  if (chosen !== 'typed') return chosen;
  const typed = await answered(
    prompter.input({
      title,
      prompt: 'Runtime app ID (the event-log topic)',
      placeholder: 'COFFEE-DEV',
      value: remembered ?? '',
      validate: (v) =>
        APP_ID.test(v.trim()) ? undefined : 'A runtime app ID such as COFFEE-DEV (letters, digits, . _ -).',
    }),
    title,
  );
  return { topic: typed.trim() };
}

/** A configuration node without its application (should not happen with the explorer): search for it. */
async function applicationOf(client: PlatformClient, config: AppConfig | undefined): Promise<Application> {
  if (config) {
    for (const org of (await client.organizations.listPage(1000, 0)).items) {
      const app = (await client.apps.listByOrg(org.id, { view: 'full' })).find((a) =>
        a.configs.some((c) => c.id === config.id),
      );
      if (app) return app;
    }
  }
  throw new Error(
    `The application of configuration ${config?.id ?? '?'} was not found; refresh the explorer and try again.`,
  );
}

async function pickCredential(
  client: PlatformClient,
  prompter: Prompter,
  app: Application,
  hint: AppHint,
  title: string,
): Promise<AppCredential> {
  const all = await client.apps.credentials(app.id);
  if (all.length === 0)
    throw new Error(
      `Application ${app.id} "${app.applicationName}" has no credentials, so it has no runtime app ID (event-log topic).`,
    );
  const deployedAt = hint.envGeographyId
    ? [hint.envGeographyId]
    : hint.config
      ? deployedGeographyIds(hint.config)
      : app.configs.flatMap(deployedGeographyIds);
  const preferred = all.filter((c) => covers(c, deployedAt));
  const candidates = preferred.length > 0 ? preferred : all;
  if (candidates.length === 1) return candidates[0] as AppCredential;
  return answered(
    prompter.pick(
      candidates.map((c) => ({
        label: c.credential.appId,
        description: c.geographies.map((g) => g.geography.displayName).join(', '),
        detail: covers(c, deployedAt) ? 'a configuration is deployed here' : 'nothing deployed here',
        value: c,
      })),
      { title, placeholder: `Runtime app ID of ${app.applicationName}` },
    ),
    title,
  );
}
