// Persisted build records (platform-api.md, "Build"). A build is one version of one service's model for
// a project, labelled `<SERVICE>_<projectId>_<version>`; versions count up per project and service.
// The content a build was made from is kept in the project's content file (`buildSnapshots`), so the
// state file stays small.
import type { TrsxDocument } from '../../core/formats/trsx/model';

export type BuildService = 'ASR' | 'NLU' | 'DIALOG';
export const BUILD_SERVICES: readonly BuildService[] = ['ASR', 'NLU', 'DIALOG'];

export type BuildStatus = 'BST_COMPLETED' | 'BST_FAILED';

export interface BuildError {
  message: string;
  code: string;
}

/** A variable of the dialog (from dialog.json `data.variables`). */
export interface DialogVariable {
  id: string;
  displayName: string;
  description: string;
  isReserved: boolean;
  /** '' for a complex variable. */
  simpleVariableType: string;
  complexVariableTypeId?: string;
}

/** A complex variable type of the dialog (`data.complexVariableTypes`): its fields. */
export interface DialogComplexType {
  id: string;
  name: string;
  fields: DialogVariable[];
}

/** A node where the dialog hands control to its caller (transfer or end), with the variables it passes. */
export interface DialogTransferNode {
  id: string;
  nodeName: string;
  nodeType: 'TRANSFER' | 'END';
  description: string;
  requestVariables: DialogVariable[];
  responseVariables: DialogVariable[];
}

/** What a client of a dialog build must know (the bot configuration interface), fixed at build time. */
export interface DialogInterface {
  languageTopic: string;
  locales: string[];
  channels: Array<{ id: string; displayName: string; codeName: string; modes: string[]; color: string }>;
  variables: DialogVariable[];
  complexVariableTypes: DialogComplexType[];
  transferNodes: DialogTransferNode[];
}

export interface BuildRecord {
  buildId: string;
  buildLabel: string;
  projectId: string;
  buildType: BuildService;
  buildVersion: number;
  status: BuildStatus;
  /** Locales the build has a model for (empty for a failed build; the project's locales for dialog). */
  locales: string[];
  languageTopic: string;
  datapacks: Array<{ displayName: string; version: string }>;
  modelType?: string;
  dataSources: string[];
  notes: string;
  errors: BuildError[];
  createTime: string;
  /** The job that made it (absent for seeded builds). */
  jobId?: string;
  /** Dialog builds only. */
  dialogInterface?: DialogInterface;
  /** Dialog builds only: the data-access aliases the dialog declares, with their default values. */
  dataHostDefaults?: DataHostDefault[];
}

export interface DataHostDefault {
  alias: string;
  defaultValue: string;
}

/** The content a build was made from, for `.download`. */
export interface BuildSnapshot {
  /** NLU/ASR: the TRSX model of each built locale. */
  trsx?: Record<string, TrsxDocument>;
  /**
   * NLU/ASR: each built locale's grammar files (`grammars/X.grxml` → base64), what its rule-based entities
   * match with, so a model trained later from the snapshot is the one the build made (runtime/nluModels.ts).
   */
  grammars?: Record<string, Record<string, string>>;
  /** DIALOG: dialog.json text. */
  dialog?: string;
}

export function buildLabel(service: BuildService, projectId: string, version: number): string {
  return `${service}_${projectId}_${version}`;
}

/** The job task of `.build`: which services and locales to build, with the request's options. */
export interface BuildTask {
  kind: 'build';
  services: BuildService[];
  locales: string[];
  notes: Partial<Record<BuildService, string>>;
  modelType?: string;
  /** Data-source names per service and locale, as requested (default: the project's custom data). */
  dataSources: Partial<Record<BuildService, Record<string, string[]>>>;
}
