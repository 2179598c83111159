// Wire types of the management API, as platform-api.md and the public clients show them
// (see docs/platform-notes.md). Fields beyond the identifiers are optional: the client tolerates
// platforms that send fewer or more.

export interface Organization {
  readonly id: string;
  readonly displayName: string;
  /** e.g. `PERSONAL`, `STANDARD`. */
  readonly type?: string;
}

export type ChannelMode =
  | 'AUDIO_SCRIPT'
  | 'DTMF'
  | 'INTERACTIVITY'
  | 'RICH_TEXT'
  | 'TTS'
  | 'MODE_UNSPECIFIED'
  | (string & {});
export type ChannelColor = 'COLOR_UNSPECIFIED' | (string & {});

export interface Channel {
  readonly id: string;
  readonly displayName: string;
  readonly codeName?: string;
  readonly modes?: readonly ChannelMode[];
  readonly color?: ChannelColor;
}

/** A channel as listed in a project: the channel and whether it is active. */
export interface ProjectChannel {
  readonly channel: Channel;
  readonly isActive?: boolean;
}

export interface Datapack {
  readonly displayName: string;
  readonly version: string;
  readonly isActive?: boolean;
}

export interface Project {
  readonly id: string;
  readonly orgId?: string;
  readonly displayName: string;
  readonly languageTopic?: string;
  readonly languages?: readonly string[];
  readonly channels?: readonly ProjectChannel[];
  readonly datapacks?: readonly Datapack[];
  readonly baseDatapack?: string;
  readonly createTime?: string;
  readonly updateTime?: string;
}

export type ChildDataCompliance = 'YES' | 'NO';

export interface ChannelRequest {
  readonly displayName: string;
  readonly modes?: readonly ChannelMode[];
  readonly color?: ChannelColor;
}

/** Body of project creation (ProjectRequest). */
export interface ProjectRequest {
  readonly displayName: string;
  readonly languages?: readonly string[];
  readonly languageTopic?: string;
  readonly channels?: readonly ChannelRequest[];
  /** Required when `isChildDataCompliant` is `YES`. */
  readonly projectDescription?: string;
  readonly isChildDataCompliant?: ChildDataCompliance;
  readonly enginePackId?: string;
}

export interface ChannelUpdate {
  readonly channelId: string;
  readonly modes?: readonly ChannelMode[];
  readonly color?: ChannelColor;
}

export interface LockOwner {
  readonly id?: string;
  readonly name?: string;
  readonly email?: string;
}

export interface Lock {
  readonly lockId: string;
  readonly projectId: string;
  readonly lockOwner?: LockOwner;
  readonly createTime?: string;
  readonly notes?: string;
}

export type JobStatus = 'RUNNING' | 'COMPLETED' | 'PARTIALLY_COMPLETED' | 'FAILED' | (string & {});

export interface JobReport {
  readonly [key: string]: unknown;
}

export interface Job {
  readonly id: string;
  readonly projectId?: string;
  /** e.g. `BUILD_MODELS`, `REPLACE_PROJECT`, `UPDATE_DATAPACK`. */
  readonly type?: string;
  readonly status: JobStatus;
  readonly createTime?: string;
  readonly updateTime?: string;
  /** e.g. `52s`. */
  readonly duration?: string;
  readonly report: JobReport;
}

/** The status object of deletes, unlocks and activations: `{code: 0, message, details: []}`. */
export interface StatusObject {
  readonly code?: number;
  readonly message?: string;
  readonly details?: readonly unknown[];
}

/** One page of a list endpoint. */
export interface Page<T> {
  readonly items: readonly T[];
  /** Total items on the server, when it says. */
  readonly totalSize?: number;
  readonly limit: number;
  readonly offset: number;
  /** True when another page may follow. */
  readonly hasMore: boolean;
}

export type LockSortField = 'lockId' | 'projectId' | 'createTime' | 'lockOwner';
/** `+field` ascending, `-field` descending. */
export type LockSort = `${'+' | '-'}${LockSortField}`;
