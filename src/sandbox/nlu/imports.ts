// NLU imports as jobs: literals, samples and ontology uploads are validated when they arrive (a bad file gets
// 400 with its diagnostics and no job), staged in the data folder, and applied when the job runs, after being
// validated again against the project as it is then (an entity or intent may have gone meanwhile).
import { caller } from '../auth';
import { isoNow, type SandboxContext } from '../context';
import { badRequest, notFound } from '../errors';
import type { TaskOutcome } from '../jobs';
import { uploadedFile } from '../multipart';
import { startJobReply } from '../jobStart';
import type { Reply, SandboxRequest } from '../router';
import type { NluImportSpec, ProjectContent, ProjectRecord } from '../state';
import { requireEntity } from './entityEdits';
import { kindOf, WRAPPER_KEY } from './entityKinds';
import { importLiterals, readLiteralsUpload } from './literals';
import { findIntent, importLocale } from './model';
import { applyOntology, readOntologyZip } from './ontology';
import { importSamples, readSamplesUpload } from './samples';

type Apply = () => Record<string, unknown>;

/** The upload routes of literals and samples: PUT appends to what a locale has, POST replaces it (platform-api.md). */
export const LOCALE_IMPORT_ROUTES = [
  ['PUT', 'append'],
  ['POST', 'replace'],
] as const;

const JOB_TYPES: Readonly<Record<string, string>> = {
  'literals:append': 'APPEND_LITERALS',
  'literals:replace': 'REPLACE_LITERALS',
  'samples:append': 'APPEND_SAMPLES',
  'samples:replace': 'REPLACE_SAMPLES',
  'ontology:append': 'APPEND_ONTOLOGY',
};

/** Validates an upload against the project and returns what applies it (throws 400/403/404 when invalid). */
export async function prepareImport(
  project: ProjectRecord,
  content: ProjectContent,
  spec: NluImportSpec,
  data: Uint8Array,
  at: () => string,
): Promise<Apply> {
  const locale = spec.locale ?? '';
  const name = spec.name ?? '';
  switch (spec.target) {
    case 'literals': {
      const concept = requireEntity(content, project, name);
      if (kindOf(concept) !== 'LIST') {
        throw badRequest(
          `Entity "${name}" is a ${WRAPPER_KEY[kindOf(concept)]}; only list entities have literals. Change its type to LIST first.`,
        );
      }
      const entries = readLiteralsUpload(data, spec.fileName, name, project, content);
      return () => {
        const outcome = importLiterals(content, locale, name, entries, spec.mode);
        return {
          literalsReports: { reports: [{ locale, entity: name, status: 'COMPLETED', createTime: at(), ...outcome }] },
        };
      };
    }
    case 'samples': {
      if (!findIntent(content, project, name)) throw notFound(`Intent "${name}" not found in project ${project.id}.`);
      const samples = readSamplesUpload(data, spec.fileName, name, project, content);
      return () => {
        const outcome = importSamples(content, locale, name, samples, spec.mode);
        return {
          samplesReports: { reports: [{ locale, intent: name, status: 'COMPLETED', createTime: at(), ...outcome }] },
        };
      };
    }
    case 'ontology': {
      const upload = await readOntologyZip(data, project, content, spec.grammarsAllowed === true);
      return () => ({
        ontologyReports: { reports: applyOntology(content, project, upload).map((r) => ({ ...r, createTime: at() })) },
      });
    }
  }
}

/** Accepts an upload: validates it, stages it and answers with the new RUNNING job. */
export async function startImport(
  ctx: SandboxContext,
  req: SandboxRequest,
  project: ProjectRecord,
  spec: NluImportSpec,
  data: Uint8Array,
): Promise<Reply> {
  await prepareImport(project, ctx.store.content(project.id), spec, data, () => isoNow(ctx));
  const extension = spec.target === 'ontology' ? '.zip' : (/\.[A-Za-z0-9]{1,8}$/.exec(spec.fileName)?.[0] ?? '.bin');
  const stagedFile = await ctx.store.stage(data, extension);
  const type = JOB_TYPES[`${spec.target}:${spec.mode}`] ?? 'IMPORT';
  return startJobReply(ctx, {
    projectId: project.id,
    type,
    task: { kind: 'nluImport', stagedFile, spec },
    createdBy: caller(req).user.id,
  });
}

/** The executor of every NLU import job. */
export function registerImportExecutor(ctx: SandboxContext): void {
  ctx.jobs.registerExecutor('nluImport', async (job, task): Promise<TaskOutcome> => {
    if (task.kind !== 'nluImport') throw new Error(`nluImport executor got a ${task.kind} task`);
    try {
      const project = ctx.state.projects.find((p) => p.id === job.projectId);
      if (!project) throw new Error(`Project ${job.projectId} no longer exists; nothing was imported.`);
      const data = await ctx.store.readStaged(task.stagedFile);
      const content = ctx.store.content(project.id);
      const report = (await prepareImport(project, content, task.spec, data, () => isoNow(ctx)))();
      ctx.store.touchContent(project.id);
      project.updateTime = isoNow(ctx);
      return { status: 'COMPLETED', report };
    } finally {
      await ctx.store.removeStaged(task.stagedFile);
    }
  });
}

/** The file part of an import request and its name (empty when the client sent none). */
export async function uploadOf(req: SandboxRequest): Promise<{ data: Buffer; fileName: string }> {
  const file = uploadedFile(await req.form());
  return { data: file.data, fileName: file.filename ?? '' };
}

/** A literals or samples upload for the request's `?locale=`, validated and started as an import job. */
export async function startLocaleImport(
  ctx: SandboxContext,
  req: SandboxRequest,
  project: ProjectRecord,
  target: 'literals' | 'samples',
  mode: NluImportSpec['mode'],
  name: string,
): Promise<Reply> {
  const locale = importLocale(req.query, project);
  const { data, fileName } = await uploadOf(req);
  return startImport(ctx, req, project, { target, mode, name, locale, fileName }, data);
}
