// What the sync commands share, built once by SyncFeature.
import type { ConnectionRegistry } from '../../core/connections/connectionRegistry';
import type { Logger } from '../../core/logger';
import type { Prompter } from '../../host/prompter';
import type { ComparisonView } from './comparisonView';
import type { ReadOnlyDocuments } from '../../host/readOnlyDocuments';
import type { BaseContentProvider } from './syncDocuments';
import type { SyncModel } from './syncModel';
import type { ZipFileSystem } from './zipFileSystem';

export interface SyncCommandDeps {
  readonly registry: ConnectionRegistry;
  readonly prompter: Prompter;
  readonly model: SyncModel;
  readonly comparison: ComparisonView;
  readonly zipFs: ZipFileSystem;
  readonly base: BaseContentProvider;
  readonly documents: ReadOnlyDocuments;
  readonly logger: Logger;
}
