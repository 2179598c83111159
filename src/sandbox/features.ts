// Platform features the sandbox can switch off, to behave like a platform where they are not enabled
// (platform-api.md, Errors: 501 "feature not yet enabled"). `--feature-off NAME` on the command line.
import { ApiError } from './errors';

export const SANDBOX_FEATURES = ['env-configs', 'app-config-update', 'entity-types'] as const;
export type SandboxFeature = (typeof SANDBOX_FEATURES)[number];

const DESCRIPTION: Record<SandboxFeature, string> = {
  'env-configs': 'Environment configurations are not enabled on this platform',
  'app-config-update': 'Updating application configurations is not enabled on this platform',
  'entity-types': 'The entity-types list is not enabled on this platform',
};

export function isSandboxFeature(name: string): name is SandboxFeature {
  return (SANDBOX_FEATURES as readonly string[]).includes(name);
}

/** Throws 501 when the feature is switched off. */
export function requireFeature(featuresOff: ReadonlySet<SandboxFeature>, feature: SandboxFeature): void {
  if (featuresOff.has(feature)) {
    throw new ApiError(501, `${DESCRIPTION[feature]} (sandbox started with --feature-off ${feature}).`);
  }
}
