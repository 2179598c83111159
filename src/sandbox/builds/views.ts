// Wire shapes of builds (real-client-shapes.md, "Builds"): the build object (list entries and the bare
// GET reply), the latest-builds map, and the download archive that describes a build.
import { buildTrsx } from '../../core/formats/trsx/build';
import { writeZip } from '../../core/package/zip';
import type { ProjectContent, SandboxState } from '../state';
import type { BuildRecord } from './model';

export function buildView(b: BuildRecord): Record<string, unknown> {
  return {
    projectId: b.projectId,
    buildLabel: b.buildLabel,
    buildId: b.buildId,
    buildType: b.buildType,
    buildVersion: String(b.buildVersion),
    status: b.status,
    languageTopic: b.languageTopic,
    ...(b.datapacks[0] ? { datapack: { ...b.datapacks[0] } } : {}),
    datapacks: b.datapacks.map((d) => ({ ...d })),
    locales: [...b.locales],
    notes: b.notes,
    createTime: b.createTime,
    ...(b.modelType ? { modelType: b.modelType } : {}),
    dataSources: [...b.dataSources],
    // Always present, as in mix-cli's builds fixture. Dynamic list entities are not modelled in builds.
    dynamicEntities: [],
    errors: { errors: b.errors.map((e) => ({ ...e })) },
  };
}

/** `{models: {asr: {builds: [{locale, buildLabel, buildVersion}], projectId}, nlu: …, dialog: {…}}}` over completed builds. */
export function latestBuildsView(state: SandboxState, projectId: string): Record<string, unknown> {
  const completed = state.builds.filter((b) => b.projectId === projectId && b.status === 'BST_COMPLETED');
  const newest = (a: BuildRecord, b: BuildRecord): number => b.buildVersion - a.buildVersion;
  const models: Record<string, unknown> = {};
  for (const [key, service] of [
    ['asr', 'ASR'],
    ['nlu', 'NLU'],
  ] as const) {
    const builds = completed.filter((b) => b.buildType === service).sort(newest);
    const locales = [...new Set(builds.flatMap((b) => b.locales))].sort();
    const entries = locales.flatMap((locale) => {
      const b = builds.find((x) => x.locales.includes(locale));
      return b
        ? [{ locale, buildVersion: String(b.buildVersion), buildLabel: b.buildLabel, createTime: b.createTime }]
        : [];
    });
    if (entries.length > 0) models[key] = { builds: entries, projectId };
  }
  const dialog = completed.filter((b) => b.buildType === 'DIALOG').sort(newest)[0];
  if (dialog)
    models.dialog = {
      projectId,
      buildVersion: String(dialog.buildVersion),
      buildLabel: dialog.buildLabel,
      createTime: dialog.createTime,
    };
  return { models };
}

/**
 * The `.download` archive: `manifest.json` (the build object), and what the build was made from —
 * `nlu/<locale>.trsx` or `asr/<locale>.trsx`, or `dialog/dialog.json` and `dialog/interface.json`.
 */
export async function buildArchive(b: BuildRecord, content: ProjectContent | undefined): Promise<Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const text = (s: string): Uint8Array => Buffer.from(s, 'utf8');
  files.set('manifest.json', text(`${JSON.stringify(buildView(b), null, 2)}\n`));
  const snapshot = content?.buildSnapshots?.[b.buildLabel];
  const folder = b.buildType.toLowerCase();
  for (const [locale, trsx] of Object.entries(snapshot?.trsx ?? {}))
    files.set(`${folder}/${locale}.trsx`, text(buildTrsx(trsx)));
  if (snapshot?.dialog !== undefined) files.set('dialog/dialog.json', text(snapshot.dialog));
  if (b.dialogInterface) files.set('dialog/interface.json', text(`${JSON.stringify(b.dialogInterface, null, 2)}\n`));
  return await writeZip(files, new Date(b.createTime));
}
