// Runtime clients of applications (`appID:<app>` and `appID:<app>:geo:<geo>:clientName:<name>`) may request
// tokens too — only with scope `log`, and only if their `oauthScopes` include it — so the public log
// collector, which signs in with such a client, runs against the sandbox unchanged. Such a token reads the
// event logs and audio of its own runtime app ID and nothing else: its caller is a user of no organization.
import { findAppClient } from '../apps/lookup';
import type { ClientRecord, SandboxState, UserRecord } from '../state';

const RUNTIME_PREFIX = 'appID:';
const RUNTIME_USER_PREFIX = 'runtime:';

export function isRuntimeClientId(clientId: string): boolean {
  return clientId.startsWith(RUNTIME_PREFIX);
}

/** The runtime client with this id and secret, shaped like a service client for token issuing. */
export function findRuntimeClient(state: SandboxState, clientId: string, secret: string, safeEqual: (a: string, b: string) => boolean): ClientRecord | undefined {
  if (!isRuntimeClientId(clientId)) return undefined;
  const found = findAppClient(state, clientId);
  if (!found || !safeEqual(found.client.clientSecret, secret)) return undefined;
  return { clientId, clientSecret: found.client.clientSecret, userId: `${RUNTIME_USER_PREFIX}${clientId}`, createTime: found.client.createTime };
}

/** The caller behind a runtime client's token (undefined when the client no longer exists). */
export function runtimeUser(state: SandboxState, clientId: string): UserRecord | undefined {
  if (!isRuntimeClientId(clientId) || !findAppClient(state, clientId)) return undefined;
  return { id: `${RUNTIME_USER_PREFIX}${clientId}`, name: `runtime client ${clientId}`, email: '', globalRoles: [] };
}

/** Why a runtime client may not have these scopes, or undefined when it may. */
export function runtimeScopeProblem(state: SandboxState, clientId: string, scopes: readonly string[]): string | undefined {
  const granted = (findAppClient(state, clientId)?.client.oauthScopes ?? '').split(/\s+/);
  const refused = scopes.filter((s) => s !== 'log' || !granted.includes(s));
  return refused.length === 0 ? undefined : `Runtime client ${clientId} may request scope "log" only (and only when its credentials grant it); refused: ${refused.join(', ')}.`;
}

/** The runtime app ID (event-log topic) a runtime client belongs to. */
export function runtimeTopicOf(state: SandboxState, clientId: string): string | undefined {
  return isRuntimeClientId(clientId) ? findAppClient(state, clientId)?.credential.appId : undefined;
}
