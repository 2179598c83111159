// Demo applications, environments and builds for a new data folder. Environment "Sandbox" (id 1) has one
// SANDBOX geography (301, "Sandbox US"); "Production" (id 2) has two PRODUCTION geographies (302
// "Production US", 303 "Production EU"). The demo organization gets the Coffee Shop bot (application 501,
// configuration 801 with ASR/NLU/DIALOG builds, deployed to 301) and an NLU-only application (502,
// configuration 802, not deployed); the partner organization gets an application with no configuration.
// The seeded builds come from a completed BUILD_MODELS job of Coffee Shop, as every build on the platform does
// (issue 26: Jobs said "No jobs" beside them), with the per-service report a build job ends with (buildTask.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { analyzeDialog } from '../builds/dialogInterface';
import type { BuildRecord } from '../builds/model';
import { addBuild } from '../builds/records';
import type { JobRecord, ProjectContent, ProjectRecord, SandboxState } from '../state';
import type {
  AppClientRecord,
  AppConfigRecord,
  AppCredentialRecord,
  ApplicationRecord,
  EnvironmentRecord,
} from './model';

export const ALL_SCOPES = 'asr dlg nlu tts log asr.wordset nlu.wordset';

function environments(): EnvironmentRecord[] {
  return [
    {
      id: '1',
      name: 'Sandbox',
      geographies: [
        {
          id: '301',
          environmentId: '1',
          name: 'Sandbox US',
          geography: { id: '10', displayName: 'Sandbox US' },
          envType: 'SANDBOX',
          envHost: 'sandbox-us.runtime.example',
        },
      ],
    },
    {
      id: '2',
      name: 'Production',
      geographies: [
        {
          id: '302',
          environmentId: '2',
          name: 'Production US',
          geography: { id: '11', displayName: 'Production US' },
          envType: 'PRODUCTION',
          envHost: 'us.runtime.example',
        },
        {
          id: '303',
          environmentId: '2',
          name: 'Production EU',
          geography: { id: '12', displayName: 'Production EU' },
          envType: 'PRODUCTION',
          envHost: 'eu.runtime.example',
        },
      ],
    },
  ];
}

/** A new runtime client: the default one is `appID:<appId>`, named ones add the geography and the name. */
export function newAppClient(
  state: SandboxState,
  appId: string,
  iso: string,
  name = 'default',
  geo?: string,
  scopes = ALL_SCOPES,
): AppClientRecord {
  state.counters.appRecord += 1;
  const clientId = geo ? `appID:${appId}:geo:${geo}:clientName:${name}` : `appID:${appId}`;
  return {
    id: String(state.counters.appRecord),
    clientId,
    clientName: name,
    clientSecret: randomBytes(24).toString('base64url'),
    oauthScopes: scopes,
    createTime: iso,
    updateTime: iso,
  };
}

function credential(
  state: SandboxState,
  appId: string,
  envGeographyIds: string[],
  clients: AppClientRecord[],
  iso: string,
): AppCredentialRecord {
  state.counters.appRecord += 1;
  const id = String(state.counters.appRecord);
  state.counters.appRecord += 1;
  return {
    id,
    credentialId: String(state.counters.appRecord),
    appId,
    envGeographyIds,
    clients,
    createTime: iso,
    updateTime: iso,
  };
}

function application(
  state: SandboxState,
  orgId: string,
  applicationName: string,
  credentials: AppCredentialRecord[],
  iso: string,
): ApplicationRecord {
  state.counters.application += 1;
  const app: ApplicationRecord = {
    id: String(state.counters.application),
    orgId,
    applicationName,
    credentials,
    createTime: iso,
    updateTime: iso,
  };
  state.applications.push(app);
  return app;
}

function config(
  state: SandboxState,
  app: ApplicationRecord,
  tag: string,
  projectId: string,
  iso: string,
): AppConfigRecord {
  state.counters.appConfig += 1;
  const c: AppConfigRecord = {
    id: String(state.counters.appConfig),
    applicationId: app.id,
    tag,
    parentId: '',
    deploymentFlowId: app.orgId,
    projectId,
    builds: { asr: [], nlu: [] },
    dataHosts: [],
    environmentConfigurations: [],
    deployments: [],
    createTime: iso,
    updateTime: iso,
  };
  state.appConfigs.push(c);
  return c;
}

/** Adds the demo environments, builds, applications and configurations; `contents` holds the projects' content. */
export function seedApplications(state: SandboxState, contents: Map<string, ProjectContent>, iso: string): void {
  state.counters.application = 500;
  state.counters.appConfig = 800;
  state.environments = environments();
  state.deploymentFlows = state.organizations.map((o) => ({
    id: o.id,
    orgId: o.id,
    displayName: 'Sandbox then production',
    environmentIds: ['1', '2'],
  }));

  const coffee = state.projects.find((p) => p.displayName === 'Coffee Shop');
  const coffeeContent = coffee && contents.get(coffee.id);
  if (!coffee || !coffeeContent) throw new Error('The seed has no Coffee Shop project to build.');
  const jobId = randomUUID();
  const base = { notes: 'Seeded build', dataSources: ['nuance_custom_data'], errors: [], createTime: iso, jobId };
  const asr = addBuild(state, coffeeContent, coffee, { ...base, service: 'ASR', locales: [...coffee.languages] });
  const nlu = addBuild(state, coffeeContent, coffee, {
    ...base,
    service: 'NLU',
    locales: [...coffee.languages],
    modelType: 'FAST',
  });
  const dialog = addBuild(state, coffeeContent, coffee, {
    ...base,
    service: 'DIALOG',
    locales: [...coffee.languages],
    dataSources: [],
    ...analyzeDialog(coffeeContent.dialog, coffee, [...coffee.languages]),
  });

  state.jobs.push(seededBuildJob(jobId, coffee, [asr, nlu, dialog], iso));

  const bot = application(
    state,
    '1',
    'Coffee Shop Assistant',
    [
      credential(
        state,
        'COFFEE-DEV',
        ['301'],
        [newAppClient(state, 'COFFEE-DEV', iso), newAppClient(state, 'COFFEE-DEV', iso, 'log-reader', 'us', 'log')],
        iso,
      ),
      credential(state, 'COFFEE-PROD', ['302', '303'], [newAppClient(state, 'COFFEE-PROD', iso)], iso),
    ],
    iso,
  );
  const main = config(state, bot, 'coffee-main', coffee.id, iso);
  main.builds = {
    asr: asr.locales.map((locale) => ({ buildLabel: asr.buildLabel, locale })),
    nlu: nlu.locales.map((locale) => ({ buildLabel: nlu.buildLabel, locale })),
    dialog: { buildLabel: dialog.buildLabel },
  };
  state.counters.appRecord += 1;
  main.dataHosts = (dialog.dataHostDefaults ?? []).map((h) => ({
    id: String(state.counters.appRecord),
    alias: h.alias,
    environmentId: '1',
    environmentGeographyId: '301',
    value: h.defaultValue,
  }));
  state.counters.appRecord += 1;
  const deploymentId = String(state.counters.appRecord);
  state.counters.appRecord += 1;
  main.deployments.push({
    id: deploymentId,
    createTime: iso,
    envGeographyDeployments: [
      {
        id: String(state.counters.appRecord),
        envGeographyId: '301',
        status: 'DEPLOYED',
        deploymentResult: 'Deployed to Sandbox US',
        isOverridden: false,
        updateTime: iso,
      },
    ],
  });

  const nluApp = application(
    state,
    '1',
    'Coffee Shop NLU Service',
    [
      credential(
        state,
        'COFFEE-NLU-DEV',
        ['301'],
        [newAppClient(state, 'COFFEE-NLU-DEV', iso, 'default', undefined, 'nlu asr')],
        iso,
      ),
    ],
    iso,
  );
  const nluOnly = config(state, nluApp, 'coffee-nlu', coffee.id, iso);
  nluOnly.builds = { asr: [], nlu: nlu.locales.map((locale) => ({ buildLabel: nlu.buildLabel, locale })) };

  application(
    state,
    '2',
    'Partner Prototype App',
    [credential(state, 'PARTNER-DEV', ['301'], [newAppClient(state, 'PARTNER-DEV', iso)], iso)],
    iso,
  );
}

/** The completed job the seeded builds came from, its report shaped as runBuildTask's. */
function seededBuildJob(id: string, project: ProjectRecord, builds: readonly BuildRecord[], iso: string): JobRecord {
  const key = { NLU: 'nluBuildReports', ASR: 'asrBuildReports', DIALOG: 'dialogBuildReports' } as const;
  const report: Record<string, { reports: Array<Record<string, string>> }> = {};
  for (const b of builds) {
    const one = { buildLabel: b.buildLabel, version: String(b.buildVersion), createTime: iso, status: 'COMPLETED' };
    report[key[b.buildType]] = {
      reports: b.buildType === 'DIALOG' ? [one] : b.locales.map((locale) => ({ locale, ...one })),
    };
  }
  return {
    id,
    projectId: project.id,
    type: 'BUILD_MODELS',
    status: 'COMPLETED',
    createTime: iso,
    updateTime: iso,
    dueTime: 0,
    report,
    createdBy: project.createdBy,
  };
}
