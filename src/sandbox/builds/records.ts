// Creating build records: the next version per project and service, and the snapshot of the content the
// build was made from. Shared by the build job (buildTask.ts) and the seed.
import { randomUUID } from 'node:crypto';
import { GRAMMARS_FOLDER } from '../../core/package/layout';
import type { ProjectContent, ProjectRecord, SandboxState } from '../state';
import {
  buildLabel,
  type BuildError,
  type BuildRecord,
  type BuildService,
  type DataHostDefault,
  type DialogInterface,
} from './model';

export interface NewBuild {
  service: BuildService;
  locales: string[];
  notes: string;
  modelType?: string;
  dataSources: string[];
  errors: BuildError[];
  createTime: string;
  jobId?: string;
  dialogInterface?: DialogInterface;
  dataHostDefaults?: DataHostDefault[];
}

/** Adds a build with the next version of its service; a build with no locale left is a failed one. */
export function addBuild(
  state: SandboxState,
  content: ProjectContent,
  project: ProjectRecord,
  spec: NewBuild,
): BuildRecord {
  const versions = (state.buildVersions[project.id] ??= {});
  const version = (versions[spec.service] ?? 0) + 1;
  versions[spec.service] = version;
  const failed = spec.service !== 'DIALOG' && spec.locales.length === 0;
  const record: BuildRecord = {
    buildId: randomUUID(),
    buildLabel: buildLabel(spec.service, project.id, version),
    projectId: project.id,
    buildType: spec.service,
    buildVersion: version,
    status: failed || (spec.service === 'DIALOG' && spec.errors.length > 0) ? 'BST_FAILED' : 'BST_COMPLETED',
    locales: [...spec.locales],
    languageTopic: project.languageTopic,
    datapacks: spec.locales.map((l) => ({
      displayName: l,
      version: project.datapacks.find((d) => d.displayName === l)?.version ?? '',
    })),
    ...(spec.modelType ? { modelType: spec.modelType } : {}),
    dataSources: [...spec.dataSources],
    notes: spec.notes,
    errors: spec.errors,
    createTime: spec.createTime,
    ...(spec.jobId ? { jobId: spec.jobId } : {}),
    ...(spec.dialogInterface ? { dialogInterface: spec.dialogInterface } : {}),
    ...(spec.dataHostDefaults ? { dataHostDefaults: spec.dataHostDefaults } : {}),
  };
  state.builds.push(record);
  if (record.status === 'BST_COMPLETED') {
    const snapshots = (content.buildSnapshots ??= {});
    snapshots[record.buildLabel] =
      spec.service === 'DIALOG'
        ? { dialog: content.dialog }
        : {
            trsx: Object.fromEntries(
              spec.locales.flatMap((l) => {
                const c = content.locales[l];
                return c ? [[l, structuredClone(c.trsx)]] : [];
              }),
            ),
            grammars: Object.fromEntries(spec.locales.map((l) => [l, grammarFilesOf(content, l)])),
          };
  }
  return record;
}

export function findBuild(state: SandboxState, label: string): BuildRecord | undefined {
  return state.builds.find((b) => b.buildLabel === label);
}

/** A locale's grammar files (`grammars/…` → base64), as the package holds them. */
export function grammarFilesOf(content: ProjectContent, locale: string): Record<string, string> {
  const files = content.locales[locale]?.files ?? {};
  return Object.fromEntries(Object.entries(files).filter(([path]) => path.startsWith(`${GRAMMARS_FOLDER}/`)));
}
