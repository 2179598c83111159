// Build, configuration and bot commands also write read-only report documents.
import type { ExplorerCommandDeps } from '../../commandDeps';
import type { ReportDocuments } from '../../reportDocuments';

export interface ReportingCommandDeps extends ExplorerCommandDeps {
  readonly reports: ReportDocuments;
}

export const SHOW_REPORT_ACTION = 'Show Report';
