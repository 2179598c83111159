// What every explorer command gets from the feature: the connections, the explorer model (to refresh what
// the command changed), the prompter and the log.
import type { ConnectionRegistry } from '../../core/connections/connectionRegistry';
import type { Logger } from '../../core/logger';
import type { Prompter } from '../../host/prompter';
import type { ExplorerModel } from './explorerModel';

export interface ExplorerCommandDeps {
  readonly registry: ConnectionRegistry;
  readonly model: ExplorerModel;
  readonly prompter: Prompter;
  readonly logger: Logger;
}
