// Which topics exist and who may read them. A topic is a runtime app ID (a credential's `appId`, e.g.
// `COFFEE-DEV`); it exists as long as that credential does, with or without records. A caller may read it
// when it may see the application (a member of its organization, or provider staff). The consumer API
// names the topic through the consumer group `appID-<topic>-clientName-<name>-<nn>`. A runtime client of an
// application (runtimeClients.ts) reads its own topic only.
import type { Principal } from '../auth';
import { canSeeOrganization, findByRuntimeAppId } from '../apps/lookup';
import type { ApplicationRecord } from '../apps/model';
import type { SandboxState } from '../state';
import { consumerBadRequest } from './consumerErrors';
import { runtimeTopicOf } from './runtimeClients';

const GROUP_PATTERN = /^appID-(.+)-clientName-(.+)-(\d+)$/;

/** The topic a consumer group reads; 400 naming the pattern when the group does not follow it. */
export function topicOfGroup(group: string): string {
  const m = GROUP_PATTERN.exec(group);
  if (!m?.[1]) {
    throw consumerBadRequest(
      `The consumer-group "${group}" does not name a topic; use appID-<app id>-clientName-<client name>-<two-digit number>, e.g. appID-COFFEE-DEV-clientName-cstudio-01.`,
    );
  }
  return m[1];
}

/** Whether the caller may read a topic: a user who may see its application, or a runtime client of that topic. */
export function canReadTopic(state: SandboxState, principal: Principal, topic: string): boolean {
  const found = findByRuntimeAppId(state, topic);
  if (!found) return false;
  const own = runtimeTopicOf(state, principal.clientId);
  return own !== undefined ? own === topic : canSeeOrganization(state, principal, found.app.orgId);
}

/** The application behind a topic the caller may read; 400 "topic not found" otherwise (no existence leak). */
export function requireReadableTopic(state: SandboxState, principal: Principal, topic: string): ApplicationRecord {
  const found = findByRuntimeAppId(state, topic);
  if (!found || !canReadTopic(state, principal, topic)) {
    throw consumerBadRequest(
      `Topic "${topic}" not found: no application has the runtime app ID "${topic}", or you may not read its logs.`,
    );
  }
  return found.app;
}
