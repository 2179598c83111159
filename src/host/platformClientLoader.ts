// The platform client and undici (over half a megabyte minified) are bundled apart, as dist/platformClient.js,
// and loaded the first time a connection is used: activation stays small and fast, and a window that never
// talks to a platform never loads them. Only types cross this line at compile time.
import type { PlatformClientFactory } from '../core/connections/connectionPorts';
import type * as PlatformClientModule from '../core/platform/client';
import { separateBundle } from './separateBundle';

/** A client factory over the bundle at `bundlePath` (required on the first call, then reused). */
export function lazyPlatformClientFactory(bundlePath: string): PlatformClientFactory {
  const load = separateBundle<typeof PlatformClientModule>(bundlePath);
  return (options) => new (load().PlatformClient)(options);
}
