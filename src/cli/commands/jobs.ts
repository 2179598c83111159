// `cstudio jobs list|get|watch|delete`
import type { Job } from '../../core/platform/types';
import { describeJob, waitAndReport } from '../jobOutput';
import { printJson, printRows } from '../output';
import { platformCommand } from '../platformCommand';

export const jobsList = platformCommand({
  path: ['jobs', 'list'],
  summary: 'List the jobs of a project.',
  synopsis: '<projectId>',
  args: ['projectId'],
  async run({ session, io, args, json }) {
    const projectId = args.projectId;
    const jobs: Job[] = [];
    for await (const j of session.client.jobs.list(projectId, { signal: io.signal })) jobs.push(j);
    printRows(
      io,
      jobs,
      [
        { header: 'ID', value: (j) => j.id },
        { header: 'TYPE', value: (j) => j.type },
        { header: 'STATUS', value: (j) => j.status },
        { header: 'CREATED', value: (j) => j.createTime },
        { header: 'DURATION', value: (j) => j.duration },
      ],
      json,
      `No jobs in project ${projectId}.`,
    );
    return 0;
  },
});

export const jobsGet = platformCommand({
  path: ['jobs', 'get'],
  summary: 'Show a job with its report.',
  synopsis: '<projectId> <jobId>',
  args: ['projectId', 'jobId'],
  async run({ session, io, args, json }) {
    const job = await session.client.jobs.get(args.projectId, args.jobId, { signal: io.signal });
    if (json) printJson(io, job);
    else io.stdout(describeJob(job));
    return 0;
  },
});

export const jobsWatch = platformCommand({
  path: ['jobs', 'watch'],
  summary:
    'Wait for a job to finish, printing its progress; exits 1 unless it COMPLETED. Ctrl-C stops watching (the job keeps running).',
  synopsis: '<projectId> <jobId>',
  args: ['projectId', 'jobId'],
  async run({ session, io, args, json }) {
    const projectId = args.projectId;
    const job = await session.client.jobs.get(projectId, args.jobId, { signal: io.signal });
    return waitAndReport(session.client, projectId, job, io, json);
  },
});

export const jobsDelete = platformCommand({
  path: ['jobs', 'delete'],
  summary: 'Delete a job record. The task behind it keeps running until it completes or fails.',
  synopsis: '<projectId> <jobId>',
  args: ['projectId', 'jobId'],
  async run({ session, io, args, json }) {
    const projectId = args.projectId;
    const jobId = args.jobId;
    const status = await session.client.jobs.delete(projectId, jobId, { signal: io.signal });
    if (json) printJson(io, status);
    else io.stdout(`Deleted the record of job ${jobId}; its task keeps running until it finishes.\n`);
    return 0;
  },
});
