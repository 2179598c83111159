// Which configurations a list shows: the query filters of the configuration lists (`appId`, `tag`,
// `excludeOverrides`, `liveOnly`) and the views of the application and bot lists (none, full,
// available = not overridden, live = deployed).
import { badRequest } from '../errors';
import type { SandboxState } from '../state';
import { deployedGeographies, findByRuntimeAppId, isDeployed, isOverridden } from './lookup';
import type { AppConfigRecord } from './model';

export function booleanQuery(query: URLSearchParams, name: string): boolean | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw badRequest(`Query parameter "${name}" must be true or false (got "${raw}").`);
}

/** Applies `appId` (runtime app ID: deployed where its credentials apply), `tag`, `excludeOverrides` and `liveOnly`. */
export function filterConfigs(
  state: SandboxState,
  configs: readonly AppConfigRecord[],
  query: URLSearchParams,
): AppConfigRecord[] {
  const tag = query.get('tag');
  const runtimeAppId = query.get('appId');
  const excludeOverrides = booleanQuery(query, 'excludeOverrides') === true;
  const liveOnly = booleanQuery(query, 'liveOnly') === true;
  const credential = runtimeAppId ? findByRuntimeAppId(state, runtimeAppId)?.credential : undefined;
  return configs.filter(
    (c) =>
      (!tag || c.tag === tag) &&
      (!excludeOverrides || !isOverridden(state, c)) &&
      (!liveOnly || isDeployed(c)) &&
      (!runtimeAppId ||
        (credential !== undefined && deployedGeographies(c).some((g) => credential.envGeographyIds.includes(g)))),
  );
}

export type ConfigView = 'none' | 'full' | 'available' | 'live';

/** `AV_FULL` / `BV_FULL` etc. → which configurations an application or bot shows. */
export function parseView(raw: string | null, prefix: 'AV' | 'BV'): ConfigView {
  if (raw === null || raw === '' || raw === `${prefix}_VIEW_UNSPECIFIED`) return 'none';
  const views: Record<string, ConfigView> = {
    [`${prefix}_FULL`]: 'full',
    [`${prefix}_FULL_AVAILABLE_CONFIGS`]: 'available',
    [`${prefix}_FULL_LIVE_CONFIGS`]: 'live',
  };
  const view = views[raw];
  if (!view)
    throw badRequest(
      `Query parameter "view" has the unknown value "${raw}"; allowed: ${prefix}_VIEW_UNSPECIFIED, ${Object.keys(views).join(', ')}.`,
    );
  return view;
}

export function configsForView(
  state: SandboxState,
  configs: readonly AppConfigRecord[],
  view: ConfigView,
): AppConfigRecord[] {
  switch (view) {
    case 'none':
      return [];
    case 'full':
      return [...configs];
    case 'available':
      return configs.filter((c) => !isOverridden(state, c));
    case 'live':
      return configs.filter(isDeployed);
  }
}
