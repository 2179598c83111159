// The `.download` archive of a deployed configuration: `app-config.json` (the configuration, its
// application, where it is deployed and under which runtime app IDs) and `builds/<label>.json` for each
// build, plus `dialog/interface.json` when it has a dialog build.
import { writeZip } from '../../core/package/zip';
import { findBuild } from '../builds/records';
import { buildView } from '../builds/views';
import type { SandboxState } from '../state';
import { findEnvGeography } from './lookup';
import type { AppConfigRecord, ApplicationRecord } from './model';
import { configView, envGeographyView } from './views';

export async function configArchive(
  state: SandboxState,
  app: ApplicationRecord,
  config: AppConfigRecord,
  geographies: string[],
): Promise<Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const put = (name: string, value: unknown): void => {
    files.set(name, Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8'));
  };
  put('app-config.json', {
    application: { id: app.id, applicationName: app.applicationName, organizationId: app.orgId },
    config: configView(state, config),
    deployedTo: geographies.flatMap((id) => {
      const g = findEnvGeography(state, id);
      if (!g) return [];
      const appIds = app.credentials.filter((c) => c.envGeographyIds.includes(id)).map((c) => c.appId);
      return [{ envGeography: envGeographyView(state, g), runtimeAppIds: appIds }];
    }),
  });
  const labels = new Set([...config.builds.asr, ...config.builds.nlu].map((r) => r.buildLabel));
  if (config.builds.dialog) labels.add(config.builds.dialog.buildLabel);
  for (const label of labels) {
    const build = findBuild(state, label);
    if (!build) continue;
    put(`builds/${label}.json`, buildView(build));
    if (build.dialogInterface) put('dialog/interface.json', build.dialogInterface);
  }
  return await writeZip(files, new Date(config.updateTime));
}
