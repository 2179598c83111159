// Runtime clients of applications (`appID:<app>` and `appID:<app>:geo:<geo>:clientName:<name>`) may request
// tokens too — with the runtime scopes their `oauthScopes` grant (`log`, `nlu`, …) — so the public log
// collector and the public demo client, which sign in with such a client, run against the sandbox unchanged.
// Such a token reads the event logs and audio of its own runtime app ID and interprets with its own
// application's deployed models (runtime/), nothing else: its caller is a user of no organization.
import { findAppClient } from '../apps/lookup';
import type { ClientRecord, SandboxState, UserRecord } from '../state';

const RUNTIME_PREFIX = 'appID:';
const RUNTIME_USER_PREFIX = 'runtime:';

export function isRuntimeClientId(clientId: string): boolean {
  return clientId.startsWith(RUNTIME_PREFIX);
}

/** The runtime client with this id and secret, shaped like a service client for token issuing. */
export function findRuntimeClient(
  state: SandboxState,
  clientId: string,
  secret: string,
  safeEqual: (a: string, b: string) => boolean,
): ClientRecord | undefined {
  if (!isRuntimeClientId(clientId)) return undefined;
  const found = findAppClient(state, clientId);
  if (!found || !safeEqual(found.client.clientSecret, secret)) return undefined;
  return {
    clientId,
    clientSecret: found.client.clientSecret,
    userId: `${RUNTIME_USER_PREFIX}${clientId}`,
    createTime: found.client.createTime,
  };
}

/** The caller behind a runtime client's token (undefined when the client no longer exists). */
export function runtimeUser(state: SandboxState, clientId: string): UserRecord | undefined {
  if (!isRuntimeClientId(clientId) || !findAppClient(state, clientId)) return undefined;
  return { id: `${RUNTIME_USER_PREFIX}${clientId}`, name: `runtime client ${clientId}`, email: '', globalRoles: [] };
}

/** Why a runtime client may not have these scopes, or undefined when it may. */
export function runtimeScopeProblem(
  state: SandboxState,
  clientId: string,
  scopes: readonly string[],
): string | undefined {
  const granted = (findAppClient(state, clientId)?.client.oauthScopes ?? '').split(/\s+/).filter(Boolean);
  const refused = scopes.filter((s) => !granted.includes(s));
  return refused.length === 0
    ? undefined
    : `Runtime client ${clientId} may request only the scopes its credentials grant (${granted.join(' ') || 'none'}); refused: ${refused.join(', ')}.`;
}

/** A runtime client as the ready file lists it: what `cstudio try` and the demo client sign in with. */
export interface RuntimeClientInfo {
  clientId: string;
  clientSecret: string;
  /** The runtime app ID (the event-log topic). */
  appId: string;
  /** Space-separated scopes the client may request. */
  scopes: string;
  /** Context tags deployed where the client's credential runs, when the sandbox started. */
  contextTags: string[];
}

/** Every runtime client with its secret, in state order; `deployedTags` names a credential's reachable tags. */
export function describeRuntimeClients(
  state: SandboxState,
  deployedTags: (appId: string) => string[],
): RuntimeClientInfo[] {
  return state.applications.flatMap((app) =>
    app.credentials.flatMap((credential) =>
      credential.clients.map((c) => ({
        clientId: c.clientId,
        clientSecret: c.clientSecret,
        appId: credential.appId,
        scopes: c.oauthScopes,
        contextTags: deployedTags(credential.appId),
      })),
    ),
  );
}

/** The runtime app ID (event-log topic) a runtime client belongs to. */
export function runtimeTopicOf(state: SandboxState, clientId: string): string | undefined {
  return isRuntimeClientId(clientId) ? findAppClient(state, clientId)?.credential.appId : undefined;
}
