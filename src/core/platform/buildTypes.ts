// Wire types of builds (platform-api.md "Build"; real-client-shapes.md "Builds"). Optional fields are
// tolerated as missing: platforms differ in what they send.

export type BuildService = 'ASR' | 'NLU' | 'DIALOG';
export const BUILD_SERVICES: readonly BuildService[] = ['ASR', 'NLU', 'DIALOG'];

/** `FAST` and `ACCURATE` are what the public CLI sends; `LEGACY` is the spec's example. */
export type NluModelType = 'FAST' | 'ACCURATE' | 'LEGACY' | (string & {});

export interface BuildDataSource {
  readonly locale: string;
  readonly names: readonly string[];
}

/** Body of `POST /v4/projects/{id}/.build`; the services named are the ones built. */
export interface BuildProjectModelBody {
  readonly locales?: readonly string[];
  readonly asr?: { readonly notes?: string; readonly dataSources?: readonly BuildDataSource[] };
  readonly nlu?: {
    readonly notes?: string;
    readonly settings?: { readonly modelType?: NluModelType };
    readonly dataSources?: readonly BuildDataSource[];
  };
  readonly dialog?: { readonly notes?: string };
}

export type BuildStatus = 'BST_COMPLETED' | 'BST_FAILED' | (string & {});

export interface BuildError {
  readonly message: string;
  readonly code?: string | number;
}

export interface Build {
  readonly buildLabel: string;
  readonly projectId?: string;
  readonly buildId?: string;
  readonly buildType?: BuildService | (string & {});
  readonly buildVersion?: string;
  readonly status?: BuildStatus;
  readonly languageTopic?: string;
  readonly datapack?: { readonly displayName: string; readonly version: string };
  readonly locales?: readonly string[];
  readonly notes?: string;
  readonly createTime?: string;
  readonly modelType?: string;
  /** Always present on GET (an empty list at least). */
  readonly dataSources: readonly string[];
  readonly errors?: { readonly errors: readonly BuildError[] };
}

export interface LatestLocaleBuild {
  readonly locale: string;
  readonly buildLabel: string;
  readonly buildVersion: string;
  readonly createTime?: string;
}

/** `GET /v4/projects/{id}/builds/.latest`: services without a build are absent. */
export interface LatestBuilds {
  readonly asr?: { readonly builds: readonly LatestLocaleBuild[]; readonly projectId?: string };
  readonly nlu?: { readonly builds: readonly LatestLocaleBuild[]; readonly projectId?: string };
  readonly dialog?: {
    readonly buildLabel: string;
    readonly buildVersion: string;
    readonly projectId?: string;
    readonly createTime?: string;
  };
}

/** One line of a build job's report: a service and (for ASR and NLU) a locale. */
export interface BuildReportLine {
  readonly service: BuildService;
  readonly locale?: string;
  readonly status: string;
  readonly buildLabel?: string;
  readonly version?: string;
  readonly errors: readonly BuildError[];
}
