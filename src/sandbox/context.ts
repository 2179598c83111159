// What every route module receives: the running sandbox's services. Built once by startSandbox and
// passed in; nothing here is global.
import type { Logger } from '../core/logger';
import type { TokenService } from './auth';
import type { SandboxFeature } from './features';
import type { Faults } from './faults';
import type { JobRunner } from './jobs';
import type { LogService } from './logs/logService';
import type { NluModels } from './runtime/nluModels';
import type { Store } from './store';
import type { SandboxState } from './state';

export interface SandboxContext {
  readonly store: Store;
  readonly state: SandboxState;
  readonly tokens: TokenService;
  readonly jobs: JobRunner;
  /** Event logs: records, consumers, offsets, rate limit, simulator. */
  readonly logs: LogService;
  /** The NLU builds' trained models (runtime/nluModels.ts). */
  readonly models: NluModels;
  readonly faults: Faults;
  readonly logger: Logger;
  /** Platform features switched off (they answer 501). */
  readonly featuresOff: ReadonlySet<SandboxFeature>;
  /** The clock (epoch ms); injectable for tests. */
  readonly now: () => number;
}

/** ISO 8601 time of the sandbox clock. */
export function isoNow(ctx: Pick<SandboxContext, 'now'>): string {
  return new Date(ctx.now()).toISOString();
}
