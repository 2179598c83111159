// Flag values shared by the build, configuration and deployment commands: comma lists, services, build
// references (`--build NLU_1001_2@en-US`), data hosts (`--data-host ALIAS@GEO=VALUE`) and list views.
import type { ConfigsView, DataHost, RequestBuilds } from '../core/platform/appTypes';
import { BUILD_SERVICES, type BuildService } from '../core/platform/buildTypes';
import { UsageError } from './command';
import { stringFlag, type FlagValues } from './platformCommand';

/** `--x a,b` as a list; undefined when the flag is absent. */
export function listFlag(values: FlagValues, name: string): string[] | undefined {
  const raw = stringFlag(values, name);
  if (raw === undefined) return undefined;
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw new UsageError(`--${name} needs at least one value.`);
  return items;
}

export function servicesFlag(values: FlagValues, name = 'services'): BuildService[] | undefined {
  const items = listFlag(values, name)?.map((s) => s.toUpperCase());
  for (const s of items ?? []) {
    if (!(BUILD_SERVICES as readonly string[]).includes(s))
      throw new UsageError(`--${name}: unknown service "${s}"; use ${BUILD_SERVICES.join(', ')}.`);
  }
  return items as BuildService[] | undefined;
}

function repeated(values: FlagValues, name: string): string[] {
  const v = values[name];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
}

/** `--build ASR_1001_2@en-US --build DIALOG_1001_1`: the service comes from the label's prefix. */
export function buildRefsFlag(values: FlagValues): RequestBuilds | undefined {
  const refs = repeated(values, 'build');
  if (refs.length === 0) return undefined;
  const out: {
    asr?: Array<{ buildLabel: string; locale: string }>;
    nlu?: Array<{ buildLabel: string; locale: string }>;
    dialog?: { buildLabel: string };
  } = {};
  for (const ref of refs) {
    const [label = '', locale] = ref.split('@');
    const service = /^(ASR|NLU|DIALOG)_\d+_\d+$/.exec(label)?.[1];
    if (!service)
      throw new UsageError(`--build "${ref}": expected a build label like NLU_1001_2@en-US or DIALOG_1001_1.`);
    if (service === 'DIALOG') {
      out.dialog = { buildLabel: label };
      continue;
    }
    if (!locale) throw new UsageError(`--build "${ref}": ${service} builds need a locale, e.g. ${label}@en-US.`);
    const key = service === 'ASR' ? 'asr' : 'nlu';
    (out[key] ??= []).push({ buildLabel: label, locale });
  }
  return out;
}

/** `--data-host ORDER_API@301=https://…` (alias, environment geography, value). */
export function dataHostsFlag(values: FlagValues): DataHost[] | undefined {
  const items = repeated(values, 'data-host');
  if (items.length === 0) return undefined;
  return items.map((item) => {
    const m = /^([^@=]+)@([^=]+)=(.*)$/.exec(item);
    if (!m?.[1] || !m[2])
      throw new UsageError(
        `--data-host "${item}": expected ALIAS@ENV_GEOGRAPHY_ID=VALUE, e.g. ORDER_API@301=https://orders.example.com/api.`,
      );
    return { alias: m[1], environmentGeographyId: m[2], value: m[3] ?? '' };
  });
}

export function viewFlag(values: FlagValues): ConfigsView | undefined {
  const v = stringFlag(values, 'view');
  if (v === undefined) return undefined;
  if (v !== 'none' && v !== 'full' && v !== 'available' && v !== 'live')
    throw new UsageError(`--view must be none, full, available or live (got "${v}").`);
  return v;
}

/** Repeatable build and data-host flags for parseArgs. */
export const configContentFlags = {
  build: { type: 'string', multiple: true },
  'data-host': { type: 'string', multiple: true },
} as const;
