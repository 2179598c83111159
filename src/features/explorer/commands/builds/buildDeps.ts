// Build, configuration and bot commands also write read-only report documents.
import type { ExplorerCommandDeps } from '../../commandDeps';
import type { ReadOnlyDocuments } from '../../../../host/readOnlyDocuments';

export interface ReportingCommandDeps extends ExplorerCommandDeps {
  readonly reports: ReadOnlyDocuments;
}

export const SHOW_REPORT_ACTION = 'Show Report';
