import {
  buildHasFailures,
  buildReportHeadline,
  buildReportMarkdown,
  buildReportSummary,
} from '../../../../core/builds/buildReportText';
import { buildReport } from '../../../../core/platform/builds';
import { isCancellation } from '../../../../core/platform/errors';
import type { Job } from '../../../../core/platform/types';
import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import { refreshProject } from '../../refreshAfter';
import { resolveProject, type ProjectTarget } from '../../targets';
import { askBuild } from './buildQuestions';
import { reportPath } from '../../reportDocuments';
import { SHOW_REPORT_ACTION, type ReportingCommandDeps } from './buildDeps';

export interface BuildOutcome {
  readonly job: Job;
  /** False when the user stopped waiting (the build goes on). */
  readonly finished: boolean;
  /** The report document (`cstudio-report:`): each service and locale, with the errors of those that failed. */
  readonly report?: string;
}

/**
 * Build Project…: asks what to build, starts the build and follows its job under a progress notification
 * that ends with the per-locale report; the new builds then show under the project's Builds. The outcome's
 * notification is one short line; the report (with each failed locale's errors) is a document behind "Show Report".
 */
export class BuildProjectCommand implements Command {
  readonly id = CommandIds.projectBuild;
  constructor(private readonly deps: ReportingCommandDeps) {}

  async execute(arg?: unknown): Promise<BuildOutcome> {
    const target = await resolveProject(this.deps, arg, 'Build Project');
    const { body, services, locales } = await askBuild(this.deps, target);
    const label = `Build of "${target.projectName}" (${services.join(', ')}; ${locales.join(', ')})`;
    let started: Job | undefined;
    try {
      const job = await this.deps.prompter.withProgress({ title: label }, async (progress, signal) => {
        progress.report({ message: 'starting…' });
        started = await target.client.builds.start(target.projectId, body, { signal });
        refreshProject(this.deps.model, target.connectionId, target.projectId, 'jobs');
        // The notification's title names the build; the message only needs the job and its state.
        const final = await target.client.jobPoller.waitFor(target.projectId, started, {
          signal,
          progress,
          label: `job ${started.id.slice(0, 8)}`,
        });
        progress.report({ message: buildReportSummary(buildReport(final)) || final.status });
        return final;
      });
      return this.finish(target, label, job);
    } catch (err) {
      if (started && isCancellation(err)) {
        void this.deps.prompter.info(
          `Stopped waiting for the ${label.charAt(0).toLowerCase()}${label.slice(1)} (job ${started.id}); it keeps running on the platform. Its state shows under Jobs.`,
        );
        return { job: started, finished: false };
      }
      throw err;
    } finally {
      refreshProject(this.deps.model, target.connectionId, target.projectId, 'jobs', 'builds');
    }
  }

  /**
   * The outcome in a notification short enough to read on one line (a long one shows collapsed and cut off),
   * with the per-service, per-locale report one click away in a document.
   */
  private finish(target: ProjectTarget, label: string, job: Job): BuildOutcome {
    const lines = buildReport(job);
    const summary = buildReportSummary(lines);
    this.deps.logger.info(`${label}: job ${job.id} ${job.status}${summary ? ` — ${summary}` : ''}`);
    const uri = this.deps.reports.put(
      reportPath(`Build report ${target.projectId} ${job.id}`),
      buildReportMarkdown(job, target.projectName, target.projectId),
    );
    const offerReport = (shown: Promise<string | undefined>): void => {
      void shown
        .then((choice) => (choice === SHOW_REPORT_ACTION ? this.deps.reports.open(uri) : undefined))
        .catch((e: unknown) => this.deps.logger.warn('could not open the build report', e));
    };
    const headline = buildReportHeadline(lines);
    if (!buildHasFailures(job)) {
      offerReport(
        this.deps.prompter.info(
          `"${target.projectName}" built${job.duration ? ` in ${job.duration}` : ''}: ${headline}.`,
          SHOW_REPORT_ACTION,
        ),
      );
      return { job, finished: true, report: uri.toString() };
    }
    const outcome =
      job.status === 'FAILED'
        ? 'failed'
        : job.status === 'PARTIALLY_COMPLETED'
          ? 'partially completed'
          : job.status.toLowerCase();
    offerReport(
      this.deps.prompter.warn(`Build of "${target.projectName}" ${outcome}: ${headline}.`, SHOW_REPORT_ACTION),
    );
    return { job, finished: true, report: uri.toString() };
  }
}
