// The sandbox's persistent data model. `SandboxState` is the small core file (users, organizations,
// projects' settings, locks, jobs); each project's NLU content lives in its own file (`ProjectContent`),
// so a big ontology is rewritten only when it changes. Later route families add their sections here,
// each with a default in `normalizeState` so older data folders keep loading.
import type { TrsxDocument } from '../core/formats/trsx/model';
import type {
  AppConfigRecord,
  ApplicationRecord,
  DeploymentFlowRecord,
  EnvConfigValueRecord,
  EnvironmentRecord,
} from './apps/model';
import type { BuildRecord, BuildService, BuildSnapshot, BuildTask } from './builds/model';

export type OrgRole = 'Owner' | 'Admin' | 'Viewer';
/** Roles of a user across the whole platform (provider staff). */
export type GlobalRole = 'professional-services' | 'global-admin';

export interface UserRecord {
  id: string;
  name: string;
  email: string;
  globalRoles: GlobalRole[];
}

/** An OAuth service client (client-credentials grant); it acts as its user. */
export interface ClientRecord {
  clientId: string;
  /** Kept in clear so the sandbox can print its demo credentials; the data folder is private (0600 files). */
  clientSecret: string;
  userId: string;
  createTime: string;
}

export interface OrgMember {
  userId: string;
  role: OrgRole;
  /** The Expert organization role (rule-based grammar operations). */
  expert?: boolean;
}

export interface OrganizationRecord {
  id: string;
  displayName: string;
  type: 'STANDARD' | 'PERSONAL';
  members: OrgMember[];
  createTime: string;
}

export interface ChannelRecord {
  id: string;
  displayName: string;
  codeName: string;
  modes: string[];
  color: string;
  isActive: boolean;
}

export interface DatapackRecord {
  displayName: string;
  version: string;
  isActive: boolean;
}

/** A member of one project from outside its organization (rule 1 of the spec). */
export interface ProjectMember {
  userId: string;
  role: OrgRole;
}

export interface ProjectRecord {
  id: string;
  orgId: string;
  displayName: string;
  languageTopic: string;
  languages: string[];
  channels: ChannelRecord[];
  datapacks: DatapackRecord[];
  baseDatapack: string;
  enginePackId: string;
  isChildDataCompliant: 'YES' | 'NO';
  projectDescription: string;
  members: ProjectMember[];
  /** Identifier of the project's ontology (metadata.json `id.ontology`). */
  ontologyId: string;
  createdBy: string;
  createTime: string;
  updateTime: string;
}

export interface LockRecord {
  lockId: string;
  projectId: string;
  ownerId: string;
  notes: string;
  createTime: string;
}

export type JobStatus = 'RUNNING' | 'COMPLETED' | 'PARTIALLY_COMPLETED' | 'FAILED';

/** What a job does when its time is up; persisted so a restart resumes it. */
export type JobTask =
  | { kind: 'datapack'; locale: string; version: string }
  /** `stagedFile` is a file under `<data>/staged/` holding the validated package. */
  | { kind: 'replace'; stagedFile: string; professionalServices: boolean }
  /** An NLU import (literals, samples, ontology); `stagedFile` holds the upload, validated when accepted. */
  | { kind: 'nluImport'; stagedFile: string; spec: NluImportSpec }
  | BuildTask;

/** What an NLU import job applies (sandbox/nlu/imports.ts). */
export interface NluImportSpec {
  target: 'literals' | 'samples' | 'ontology';
  mode: 'append' | 'replace';
  /** The entity (literals) or intent (samples). */
  name?: string;
  /** The locale the file is for (literals, samples). */
  locale?: string;
  /** The upload's file name: its extension picks the format. */
  fileName: string;
  /** The uploader may import GrXML grammars (ontology append). */
  grammarsAllowed?: boolean;
}

export interface JobRecord {
  id: string;
  projectId: string;
  type: string;
  status: JobStatus;
  createTime: string;
  updateTime: string;
  /** Epoch ms when the task runs. */
  dueTime: number;
  report: Record<string, unknown>;
  task?: JobTask;
  createdBy: string;
  /** The record was deleted through the API; the task still runs, then the record goes away. */
  deleted?: boolean;
}

export interface Counters {
  organization: number;
  project: number;
  user: number;
  lock: number;
  application: number;
  appConfig: number;
  /** Credentials, clients, deployments, data hosts. */
  appRecord: number;
}

export interface SandboxState {
  formatVersion: 1;
  /** HMAC key (base64) that signs access tokens, so tokens stay valid across restarts. */
  tokenKey: string;
  counters: Counters;
  users: UserRecord[];
  clients: ClientRecord[];
  organizations: OrganizationRecord[];
  projects: ProjectRecord[];
  locks: LockRecord[];
  jobs: JobRecord[];
  /** Runtime environments and their geographies (apps/model.ts). */
  environments: EnvironmentRecord[];
  deploymentFlows: DeploymentFlowRecord[];
  applications: ApplicationRecord[];
  appConfigs: AppConfigRecord[];
  envConfigs: EnvConfigValueRecord[];
  builds: BuildRecord[];
  /** Last build version per project and service (versions never repeat, even after a delete). */
  buildVersions: Record<string, Partial<Record<BuildService, number>>>;
}

/** Per-locale content of a project. */
export interface LocaleContent {
  trsx: TrsxDocument;
  /**
   * Restricted package files of the locale, by path relative to the locale folder (`grammars/X.grxml`,
   * `_client_prons.txt`, `_tmfe.tsv`), base64-encoded so bytes survive exactly.
   */
  files: Record<string, string>;
}

export interface ProjectContent {
  formatVersion: 1;
  locales: Record<string, LocaleContent>;
  /** dialog.json, byte-exact text. */
  dialog: string;
  /** What each build of the project was made from, by build label (builds/model.ts). */
  buildSnapshots?: Record<string, BuildSnapshot>;
  /**
   * Ids of entities and intents that differ from the derived one (`entity:<name>`, `intent:<name>`), so a
   * rename keeps its id (sandbox/nlu/model.ts).
   */
  nluIds?: Record<string, string>;
}

export function emptyContent(): ProjectContent {
  return { formatVersion: 1, locales: {}, dialog: '{}\n' };
}

/** Fills sections missing from older files; throws (naming the field) when the file is not a state at all. */
export function normalizeState(raw: unknown, file: string): SandboxState {
  if (typeof raw !== 'object' || raw === null || (raw as { formatVersion?: unknown }).formatVersion !== 1) {
    throw new Error(
      `${file} is not a sandbox state file (formatVersion 1 expected); move it away or choose another --data folder.`,
    );
  }
  const s = raw as Partial<SandboxState>;
  if (typeof s.tokenKey !== 'string') throw new Error(`${file} has no tokenKey; the file is damaged.`);
  return {
    formatVersion: 1,
    tokenKey: s.tokenKey,
    counters: {
      organization: 0,
      project: 0,
      user: 0,
      lock: 0,
      application: 0,
      appConfig: 0,
      appRecord: 0,
      ...s.counters,
    },
    users: s.users ?? [],
    clients: s.clients ?? [],
    organizations: s.organizations ?? [],
    projects: s.projects ?? [],
    locks: s.locks ?? [],
    jobs: s.jobs ?? [],
    environments: s.environments ?? [],
    deploymentFlows: s.deploymentFlows ?? [],
    applications: s.applications ?? [],
    appConfigs: s.appConfigs ?? [],
    envConfigs: s.envConfigs ?? [],
    builds: s.builds ?? [],
    buildVersions: s.buildVersions ?? {},
  };
}

export function nextId(state: SandboxState, counter: keyof Counters): string {
  state.counters[counter] += 1;
  return String(state.counters[counter]);
}
