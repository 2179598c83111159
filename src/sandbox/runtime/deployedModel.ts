// Which model an Interpret call reaches: the caller is a runtime client (`appID:…`) of an application; its
// credential runs in some environment geographies; the model URN's context tag names a configuration of that
// application deployed there (the platform's rule: a context tag resolves within the client's application and
// environment), and the URN's language one locale of that configuration's NLU build. Anything else is a 404
// that says which link is missing, as the platform answers an unknown model.
import { findBuild } from '../builds/records';
import { configsOf, deployedGeographies, findAppClient } from '../apps/lookup';
import type { AppConfigRecord, AppCredentialRecord, ApplicationRecord } from '../apps/model';
import type { SandboxState } from '../state';
import type { ModelRef } from './modelUrn';
import { RuntimeError } from './runtimeErrors';

export interface DeployedModel {
  app: ApplicationRecord;
  credential: AppCredentialRecord;
  config: AppConfigRecord;
  buildLabel: string;
  locale: string;
}

/** Configurations of the credential's application deployed where the credential runs. */
export function deployedForCredential(
  state: SandboxState,
  app: ApplicationRecord,
  credential: AppCredentialRecord,
): AppConfigRecord[] {
  return configsOf(state, app.id).filter((c) =>
    deployedGeographies(c).some((g) => credential.envGeographyIds.includes(g)),
  );
}

/** The NLU build label of a configuration for one locale, if it has one. */
export function nluBuildOf(config: AppConfigRecord, locale: string): string | undefined {
  return config.builds.nlu.find((b) => b.locale === locale)?.buildLabel;
}

export function resolveDeployedModel(state: SandboxState, clientId: string, ref: ModelRef, uri: string): DeployedModel {
  const owner = findAppClient(state, clientId);
  if (!owner)
    throw RuntimeError.forbidden(
      `Client ${clientId} is not a runtime client of an application; interpret with an application's client (appID:…) and scope nlu.`,
    );
  const { app, credential } = owner;
  const config = deployedForCredential(state, app, credential).find((c) => c.tag === ref.contextTag);
  if (!config) {
    throw RuntimeError.notFound(
      `Model ${uri} not found: application ${app.id} "${app.applicationName}" has no configuration with context tag "${ref.contextTag}" deployed where ${credential.appId} runs; deploy one (PUT /v4/app-configs/{configId}/.deploy) or check the tag.`,
    );
  }
  const buildLabel = nluBuildOf(config, ref.locale);
  if (!buildLabel || !findBuild(state, buildLabel)) {
    const has = config.builds.nlu.map((b) => b.locale).join(', ') || 'none';
    throw RuntimeError.notFound(
      `Model ${uri} not found: configuration ${config.id} ("${ref.contextTag}") has no NLU build for ${ref.locale} (language=${ref.language}); its NLU locales: ${has}.`,
    );
  }
  return { app, credential, config, buildLabel, locale: ref.locale };
}
