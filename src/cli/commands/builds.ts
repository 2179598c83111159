// `cstudio builds list|latest|get|delete|download` (`builds start` is in buildsStart.ts).
import type { Build, BuildService } from '../../core/platform/buildTypes';
import { servicesFlag } from '../appFlags';
import { parseIntFlag } from '../args';
import { UsageError } from '../command';
import { confirm } from '../confirm';
import { saveDownload } from '../nluFiles';
import { formatDetails, formatTable, printJson, printRows } from '../output';
import { platformCommand } from '../platformCommand';

export const buildsList = platformCommand({
  path: ['builds', 'list'],
  summary: 'List the builds of a project, newest first.',
  synopsis: '<projectId> [--type NLU|ASR|DIALOG] [--limit N]',
  flags: { type: { type: 'string' }, limit: { type: 'string' } },
  args: ['projectId'],
  input: ({ flags }) => {
    const limit = parseIntFlag(flags.limit, 'limit', 1);
    const types = servicesFlag(flags, 'type') ?? [];
    if (types.length > 1) throw new UsageError('--type takes one service: NLU, ASR or DIALOG.');
    const type: BuildService | undefined = types[0];
    return { limit, type };
  },
  async run({ session, io, args, input: { limit, type }, json }) {
    const projectId = args.projectId;
    const builds: Build[] = [];
    for await (const b of session.client.builds.list(projectId, { type, signal: io.signal })) {
      builds.push(b);
      if (limit !== undefined && builds.length >= limit) break;
    }
    printRows(
      io,
      builds,
      [
        { header: 'LABEL', value: (b) => b.buildLabel },
        { header: 'TYPE', value: (b) => b.buildType },
        { header: 'STATUS', value: (b) => b.status },
        { header: 'LOCALES', value: (b) => (b.locales ?? []).join(',') },
        { header: 'CREATED', value: (b) => b.createTime },
        { header: 'NOTES', value: (b) => b.notes },
      ],
      json,
      `No builds in project ${projectId}.`,
    );
    return 0;
  },
});

export const buildsLatest = platformCommand({
  path: ['builds', 'latest'],
  summary: 'Show the newest completed build per service and locale.',
  synopsis: '<projectId>',
  args: ['projectId'],
  async run({ session, io, args, json }) {
    const projectId = args.projectId;
    const latest = await session.client.builds.latest(projectId, { signal: io.signal });
    if (json) {
      printJson(io, latest);
      return 0;
    }
    const rows = [
      ...(latest.asr?.builds ?? []).map((b) => ({ service: 'ASR', locale: b.locale, label: b.buildLabel })),
      ...(latest.nlu?.builds ?? []).map((b) => ({ service: 'NLU', locale: b.locale, label: b.buildLabel })),
      ...(latest.dialog ? [{ service: 'DIALOG', locale: '-', label: latest.dialog.buildLabel }] : []),
    ];
    io.stdout(
      rows.length === 0
        ? `Project ${projectId} has no completed builds.\n`
        : formatTable(rows, [
            { header: 'SERVICE', value: (r) => r.service },
            { header: 'LOCALE', value: (r) => r.locale },
            { header: 'LABEL', value: (r) => r.label },
          ]),
    );
    return 0;
  },
});

export const buildsGet = platformCommand({
  path: ['builds', 'get'],
  summary: 'Show a build.',
  synopsis: '<buildLabel>',
  args: ['buildLabel'],
  async run({ session, io, args, json }) {
    const b = await session.client.builds.get(args.buildLabel, { signal: io.signal });
    if (json) printJson(io, b);
    else
      io.stdout(
        formatDetails([
          ['label', b.buildLabel],
          ['type', b.buildType],
          ['version', b.buildVersion],
          ['status', b.status],
          ['project', b.projectId],
          ['locales', (b.locales ?? []).join(', ')],
          ['model type', b.modelType],
          ['data sources', b.dataSources.join(', ')],
          ['notes', b.notes],
          ['created', b.createTime],
          ['errors', b.errors?.errors.map((e) => e.message).join('; ')],
        ]),
      );
    return 0;
  },
});

export const buildsDelete = platformCommand({
  path: ['builds', 'delete'],
  summary: 'Delete a build (asks first unless --yes).',
  synopsis: '<buildLabel> [--yes]',
  flags: { yes: { type: 'boolean' } },
  args: ['buildLabel'],
  async run({ session, io, args, flags, json }) {
    const label = args.buildLabel;
    if (flags.yes !== true)
      await confirm(io, `Delete build ${label}? Configurations that use it can no longer deploy. [y/N] `);
    const status = await session.client.builds.delete(label, { signal: io.signal });
    if (json) printJson(io, status);
    else io.stdout(`Deleted build ${label}.\n`);
    return 0;
  },
});

export const buildsDownload = platformCommand({
  path: ['builds', 'download'],
  summary: 'Download the zip that describes a build.',
  synopsis: '<buildLabel> [-o FILE|DIR]',
  flags: { output: { type: 'string', short: 'o' } },
  args: ['buildLabel'],
  async run({ session, io, args, flags, json }) {
    const label = args.buildLabel;
    const download = await session.client.builds.download(label, { signal: io.signal });
    return saveDownload(io, download, flags, `${label}.zip`, json);
  },
});
