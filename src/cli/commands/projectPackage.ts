// `cstudio projects export|replace`: the project package (and metadata) as files.
import { openAsBlob } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { path } from '../../core/platform/paths';
import { ZipSafetyError } from '../../core/package/zipSafety';
import { ZipArchive } from '../../core/package/zipArchive';
import { UsageError } from '../command';
import { confirm } from '../confirm';
import { printStarted, waitAndReport } from '../jobOutput';
import { printJson } from '../output';
import { platformCommand } from '../platformCommand';

/**
 * `-o` may name a file or a folder: an existing folder, or any path ending in a slash (created when missing).
 * With a folder (or nothing) the server's export name is used. A file's missing parent folders are created.
 */
async function targetPath(
  cwd: string,
  out: string | undefined,
  serverName: string | undefined,
  fallback: string,
): Promise<string> {
  const name = (serverName ?? fallback).replace(/[/\\:*?"<>|\0]/g, '_');
  if (!out) return join(cwd, name);
  const abs = resolve(cwd, out);
  const info = await stat(abs).catch(() => undefined);
  if (info?.isDirectory() || (!info && /[/\\]$/.test(out))) {
    await mkdir(abs, { recursive: true });
    return join(abs, name);
  }
  await mkdir(dirname(abs), { recursive: true });
  return abs;
}

export const projectsExport = platformCommand({
  path: ['projects', 'export'],
  summary: 'Download the project package zip (or, with --metadata, the metadata JSON).',
  synopsis:
    '<projectId> [-o FILE|DIR/] [--metadata]\n\n' +
    '  -o FILE|DIR/  where to save: a file, or a folder (an existing one, or any path ending in /, created if missing)',
  flags: { output: { type: 'string', short: 'o' }, metadata: { type: 'boolean' } },
  args: ['projectId'],
  async run({ session, io, args, flags, json }) {
    const id = args.projectId;
    const download =
      flags.metadata === true
        ? await session.client.download({
            method: 'GET',
            path: path`/v4/projects/${id}/metadata/.export`,
            resource: `project ${id}`,
            signal: io.signal,
          })
        : await session.client.projects.exportPackage(id, { signal: io.signal });
    const file = await targetPath(
      io.cwd,
      flags.output,
      download.fileName,
      `${id}${flags.metadata === true ? '-metadata.json' : '.zip'}`,
    );
    const bytes = await download.toFile(file);
    if (json) printJson(io, { projectId: id, file, bytes });
    else io.stdout(`Saved ${file} (${bytes} bytes).\n`);
    return 0;
  },
});

export const projectsReplace = platformCommand({
  path: ['projects', 'replace'],
  summary:
    'Replace the project content with a package zip (destructive; asks first unless --yes) and wait for the job.',
  synopsis: '<projectId> <package.zip> [--yes] [--no-wait]',
  flags: { yes: { type: 'boolean' }, 'no-wait': { type: 'boolean' } },
  args: ['projectId', 'package.zip'],
  async run({ session, io, args, flags, json }) {
    const id = args.projectId;
    const file = resolve(io.cwd, args['package.zip']);
    // Refuse unsafe or corrupt archives (zip slip, bombs, lying headers) before anything is sent: the same
    // capped reading as `compare`, a few MB at a time, never the whole package in memory.
    const archive = await ZipArchive.open(file).catch((e: NodeJS.ErrnoException) => {
      throw e instanceof ZipSafetyError
        ? e
        : new UsageError(`Cannot read ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}.`);
    });
    let files: number;
    try {
      await archive.verify(io.signal);
      files = archive.names.length;
    } finally {
      await archive.close();
    }
    if (flags.yes !== true) {
      await confirm(
        io,
        `Replace ALL content of project ${id} with ${file} (${files} files)? This may permanently delete data. [y/N] `,
      );
    }
    const zip = await openAsBlob(file, { type: 'application/zip' });
    const job = await session.client.projects.replacePackage(id, zip, {
      fileName: file.split(/[/\\]/).pop(),
      signal: io.signal,
    });
    if (flags['no-wait'] === true) return printStarted(io, id, job, 'replace', json);
    return waitAndReport(session.client, id, job, io, json);
  },
});
