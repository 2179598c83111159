// The build job: when its time is up, builds each requested service from the project's content as it is
// then, records one build per service (next version), and reports per locale in the public client's
// shape (nluBuildReports / asrBuildReports, plus dialogBuildReports). An NLU locale without samples
// fails with an error in its report; the job is COMPLETED, PARTIALLY_COMPLETED or FAILED accordingly.
// An NLU build trains each locale's model with the engine and stores it (runtime/nluModels.ts); its report
// states the training time, the intents and the samples of each locale (sandbox fields beside the platform's).
import type { SandboxContext } from '../context';
import type { TaskOutcome } from '../jobs';
import type { JobRecord, ProjectContent, ProjectRecord } from '../state';
import { analyzeDialog } from './dialogInterface';
import type { BuildError, BuildService, BuildTask } from './model';
import { buildModelSource } from '../runtime/buildModels';
import { addBuild } from './records';

interface LocaleReport {
  locale?: string;
  status: 'COMPLETED' | 'FAILED';
  createTime: string;
  buildLabel?: string;
  version?: string;
  errors?: { errors: BuildError[] };
  /** NLU: what training the locale's model took and learnt. */
  trainingTimeMs?: number;
  intents?: number;
  samples?: number;
}

const REPORT_KEY: Record<BuildService, string> = {
  NLU: 'nluBuildReports',
  ASR: 'asrBuildReports',
  DIALOG: 'dialogBuildReports',
};

/** Why a locale cannot be built for a service, or undefined when it can. */
function localeProblem(service: BuildService, content: ProjectContent, locale: string): BuildError | undefined {
  const trsx = content.locales[locale]?.trsx;
  if (!trsx) return { code: '-1', message: `The project has no content for locale ${locale}.` };
  if (service === 'NLU' && trsx.samples.filter((s) => !s.excluded).length === 0) {
    return {
      code: '-1',
      message: `No samples for locale ${locale}: add samples to at least one intent in ${locale}, then build again.`,
    };
  }
  return undefined;
}

export async function runBuildTask(ctx: SandboxContext, job: JobRecord, task: BuildTask): Promise<TaskOutcome> {
  const project: ProjectRecord | undefined = ctx.state.projects.find((p) => p.id === job.projectId);
  if (!project) throw new Error(`Project ${job.projectId} was deleted before its build finished.`);
  const content = ctx.store.content(project.id);
  const iso = new Date(ctx.now()).toISOString();
  const report: Record<string, { reports: LocaleReport[] }> = {};
  let succeeded = 0;
  let failed = 0;

  for (const service of task.services) {
    const reports: LocaleReport[] = [];
    const notes = task.notes[service] ?? '';
    const sources = (locale: string): string[] => task.dataSources[service]?.[locale] ?? ['nuance_custom_data'];
    if (service === 'DIALOG') {
      let analysis: ReturnType<typeof analyzeDialog> | undefined;
      let error: BuildError | undefined;
      try {
        analysis = analyzeDialog(content.dialog, project, task.locales);
      } catch (err) {
        error = { code: '-1', message: (err as Error).message };
      }
      const build = addBuild(ctx.state, content, project, {
        service,
        locales: task.locales,
        notes,
        dataSources: [],
        errors: error ? [error] : [],
        createTime: iso,
        jobId: job.id,
        ...analysis,
      });
      reports.push({
        status: error ? 'FAILED' : 'COMPLETED',
        createTime: iso,
        buildLabel: build.buildLabel,
        version: String(build.buildVersion),
        ...(error ? { errors: { errors: [error] } } : {}),
      });
      if (error) failed += 1;
      else succeeded += 1;
    } else {
      const problems = new Map(task.locales.map((l) => [l, localeProblem(service, content, l)] as const));
      const good = task.locales.filter((l) => !problems.get(l));
      const errors = [...problems.values()].filter((p): p is BuildError => p !== undefined);
      const dataSources = [...new Set(good.flatMap(sources))];
      const build = addBuild(ctx.state, content, project, {
        service,
        locales: good,
        notes,
        dataSources,
        errors,
        createTime: iso,
        jobId: job.id,
        ...(service === 'NLU' ? { modelType: task.modelType ?? 'FAST' } : {}),
      });
      for (const locale of task.locales) {
        const problem = problems.get(locale);
        if (problem) {
          failed += 1;
          reports.push({ locale, createTime: iso, status: 'FAILED', errors: { errors: [problem] } });
        } else {
          let trained: Awaited<ReturnType<typeof trainLocale>> = {};
          try {
            if (service === 'NLU') trained = await trainLocale(ctx, build.buildLabel, locale);
          } catch (err) {
            // The locale's report says why; the runtime trains it again from the snapshot on first use.
            failed += 1;
            ctx.logger.warn(`training ${build.buildLabel} ${locale} failed: ${(err as Error).message}`);
            reports.push({
              locale,
              createTime: iso,
              status: 'FAILED',
              errors: {
                errors: [{ code: '-1', message: `Training the ${locale} model failed: ${(err as Error).message}` }],
              },
            });
            continue;
          }
          succeeded += 1;
          reports.push({
            locale,
            version: String(build.buildVersion),
            buildLabel: build.buildLabel,
            createTime: iso,
            status: 'COMPLETED',
            ...trained,
          });
        }
      }
    }
    report[REPORT_KEY[service]] = { reports };
  }
  ctx.store.touchContent(project.id);
  const status = failed === 0 ? 'COMPLETED' : succeeded === 0 ? 'FAILED' : 'PARTIALLY_COMPLETED';
  return { status, report };
}

/** Trains and stores one locale's model of a new NLU build; the report's figures. */
async function trainLocale(
  ctx: SandboxContext,
  buildLabel: string,
  locale: string,
): Promise<Pick<LocaleReport, 'trainingTimeMs' | 'intents' | 'samples'>> {
  const source = buildModelSource(ctx, buildLabel, locale);
  if (!source) throw new Error(`Build ${buildLabel} has no snapshot of ${locale} to train from.`);
  const { model, trainingMs } = await ctx.models.train(buildLabel, locale, source);
  return { trainingTimeMs: trainingMs, intents: model.info.intents.length, samples: model.info.samples };
}
