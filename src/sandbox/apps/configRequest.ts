// Parsing the bodies of configuration create (ApplicationConfigContent), update and override: builds
// (`requestBuilds` on create, `requestModels` on update and override; `builds`, which the public CLI
// sends, is accepted too), data hosts and environment configurations. Rule 3 (`useProjectDefault`) fills
// the default data hosts the dialog build declares.
import { findBuild } from '../builds/records';
import { badRequest } from '../errors';
import { nextId, type SandboxState } from '../state';
import { optionalString, requireObject, typeName, type JsonObject } from '../validate';
import { findEnvGeography } from './lookup';
import type { BuildRef, ConfigBuilds, ConfigEnvironmentValue, DataHostRecord, DeploymentFlowRecord } from './model';

export const ENV_CONFIG_LABELS = ['GRAMMAR_BASE_PATH'] as const;

/** What a body asks for; absent parts are left as they are (update) or empty (create). */
export interface ConfigContentInput {
  /** Per service, only the services the body names. */
  builds?: Partial<ConfigBuilds>;
  dataHosts?: DataHostRecord[];
  environmentConfigurations?: ConfigEnvironmentValue[];
}

function buildRefs(value: unknown, field: string): BuildRef[] {
  if (!Array.isArray(value))
    throw badRequest(`Field "${field}" must be an array of {buildLabel, locale} (got ${typeName(value)}).`);
  return value.map((item, i) => {
    const o = requireObject(item, `${field}[${i}]`);
    const buildLabel = optionalString(o, 'buildLabel') ?? '';
    const locale = optionalString(o, 'locale') ?? '';
    if (!buildLabel || !locale)
      throw badRequest(
        `Field "${field}[${i}]" needs a buildLabel and a locale, e.g. {"buildLabel": "NLU_1001_2", "locale": "en-US"}.`,
      );
    return { buildLabel, locale };
  });
}

function parseBuilds(body: JsonObject, key: 'requestBuilds' | 'requestModels'): Partial<ConfigBuilds> | undefined {
  const field = body[key] !== undefined ? key : 'builds';
  const raw = body[field];
  if (raw === undefined || raw === null) return undefined;
  const o = requireObject(raw, `"${field}" field`);
  const out: Partial<ConfigBuilds> = {};
  if (o.asr !== undefined && o.asr !== null) out.asr = buildRefs(o.asr, `${field}.asr`);
  if (o.nlu !== undefined && o.nlu !== null) out.nlu = buildRefs(o.nlu, `${field}.nlu`);
  if (o.dialog !== undefined && o.dialog !== null) {
    const buildLabel = optionalString(requireObject(o.dialog, `"${field}.dialog" field`), 'buildLabel') ?? '';
    if (!buildLabel) throw badRequest(`Field "${field}.dialog.buildLabel" is required, e.g. "DIALOG_1001_2".`);
    out.dialog = { buildLabel };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function geographyOf(
  state: SandboxState,
  o: JsonObject,
  field: string,
): { environmentId: string; environmentGeographyId: string } {
  const environmentGeographyId = optionalString(o, 'environmentGeographyId') ?? '';
  const geo = findEnvGeography(state, environmentGeographyId);
  if (!geo)
    throw badRequest(
      `Field "${field}.environmentGeographyId" names no environment geography ("${environmentGeographyId}"); see the credentials of the application for the known ones.`,
    );
  const environmentId = optionalString(o, 'environmentId') || geo.environmentId;
  if (environmentId !== geo.environmentId)
    throw badRequest(
      `Field "${field}": environment geography ${geo.id} belongs to environment ${geo.environmentId}, not ${environmentId}.`,
    );
  return { environmentId, environmentGeographyId: geo.id };
}

function parseDataHosts(state: SandboxState, raw: unknown): DataHostRecord[] {
  if (!Array.isArray(raw))
    throw badRequest(
      `Field "dataHosts" must be an array of {alias, environmentId, environmentGeographyId, value} (got ${typeName(raw)}).`,
    );
  return raw.map((item, i) => {
    const o = requireObject(item, `dataHosts[${i}]`);
    const alias = optionalString(o, 'alias') ?? '';
    if (alias.trim() === '')
      throw badRequest(`Field "dataHosts[${i}].alias" is required (the data-access alias of the dialog).`);
    const value = optionalString(o, 'value') ?? '';
    return {
      id: optionalString(o, 'id') || nextId(state, 'appRecord'),
      alias,
      ...geographyOf(state, o, `dataHosts[${i}]`),
      value,
    };
  });
}

function parseEnvironmentConfigurations(state: SandboxState, raw: unknown): ConfigEnvironmentValue[] {
  if (!Array.isArray(raw))
    throw badRequest(
      `Field "environmentConfigurations" must be an array of {label, value, environmentId, environmentGeographyId} (got ${typeName(raw)}).`,
    );
  return raw.map((item, i) => {
    const o = requireObject(item, `environmentConfigurations[${i}]`);
    const label = optionalString(o, 'label') ?? '';
    if (!(ENV_CONFIG_LABELS as readonly string[]).includes(label)) {
      throw badRequest(
        `Field "environmentConfigurations[${i}].label" is "${label}"; the only available label is ${ENV_CONFIG_LABELS.join(', ')}.`,
      );
    }
    return {
      label,
      value: optionalString(o, 'value') ?? '',
      ...geographyOf(state, o, `environmentConfigurations[${i}]`),
    };
  });
}

export function parseConfigContent(
  state: SandboxState,
  raw: unknown,
  key: 'requestBuilds' | 'requestModels',
): ConfigContentInput {
  const body = requireObject(raw ?? {}, 'configuration body');
  const out: ConfigContentInput = {};
  const builds = parseBuilds(body, key);
  if (builds) out.builds = builds;
  if (body.dataHosts !== undefined && body.dataHosts !== null) out.dataHosts = parseDataHosts(state, body.dataHosts);
  if (body.environmentConfigurations !== undefined && body.environmentConfigurations !== null) {
    out.environmentConfigurations = parseEnvironmentConfigurations(state, body.environmentConfigurations);
  }
  return out;
}

/** Adds, for every alias the dialog build declares and every geography of the flow, the default value where the body gave none. */
export function withDefaultDataHosts(
  state: SandboxState,
  builds: ConfigBuilds,
  flow: DeploymentFlowRecord,
  given: DataHostRecord[],
): DataHostRecord[] {
  const defaults = builds.dialog ? (findBuild(state, builds.dialog.buildLabel)?.dataHostDefaults ?? []) : [];
  const geographies = state.environments
    .filter((e) => flow.environmentIds.includes(e.id))
    .flatMap((e) => e.geographies);
  const out = [...given];
  for (const d of defaults) {
    for (const g of geographies) {
      if (out.some((h) => h.alias === d.alias && h.environmentGeographyId === g.id)) continue;
      out.push({
        id: nextId(state, 'appRecord'),
        alias: d.alias,
        environmentId: g.environmentId,
        environmentGeographyId: g.id,
        value: d.defaultValue,
      });
    }
  }
  return out;
}
