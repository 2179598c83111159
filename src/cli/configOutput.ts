// Human output of application configurations: one table row per configuration, and a details block with
// builds and where it is deployed.
import type { AppConfig } from '../core/platform/appTypes';
import type { CliIO } from './command';
import { formatDetails, printJson, printRows } from './output';

/** `301:DEPLOYED, 302:UNDEPLOYED` — the current status per environment geography. */
export function deploymentSummary(c: AppConfig): string {
  const latest = new Map<string, string>();
  for (const d of c.deployments) {
    for (const e of d.envGeographyDeployments)
      latest.set(`${e.envGeography.geography?.displayName ?? 'geography'} (${e.envGeography.id})`, e.status);
  }
  return [...latest].map(([g, s]) => `${g}: ${s}`).join(', ');
}

export function buildSummary(c: AppConfig): string {
  const parts = [
    ...(c.builds.asr?.builds ?? []).map((b) => `${b.buildLabel}@${b.locale ?? ''}`),
    ...(c.builds.nlu?.builds ?? []).map((b) => `${b.buildLabel}@${b.locale ?? ''}`),
    ...(c.builds.dialog ? [c.builds.dialog.buildLabel] : []),
  ];
  return parts.join(', ');
}

export function printConfigs(io: CliIO, configs: readonly AppConfig[], json: boolean, empty: string): void {
  printRows(
    io,
    configs,
    [
      { header: 'ID', value: (c) => c.id },
      { header: 'TAG', value: (c) => c.tag },
      { header: 'PARENT', value: (c) => c.parentId },
      { header: 'BUILDS', value: buildSummary },
      { header: 'DEPLOYED', value: deploymentSummary },
    ],
    json,
    empty,
  );
}

export function printConfig(io: CliIO, c: AppConfig, json: boolean): void {
  if (json) {
    printJson(io, c);
    return;
  }
  io.stdout(
    formatDetails([
      ['id', c.id],
      ['tag', c.tag],
      ['parent', c.parentId],
      ['deployment flow', c.deploymentFlowId],
      ['created', c.createTime],
      ['builds', buildSummary(c)],
      ['deployments', deploymentSummary(c)],
      ['data hosts', (c.dataHosts ?? []).map((h) => `${h.alias}@${h.environmentGeographyId}=${h.value}`).join(', ')],
    ]),
  );
}
