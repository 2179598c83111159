import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { readZip } from '../../../../core/package/zip';
import { CommandIds } from '../../../../host/commandIds';
import { answered } from '../../../../host/prompter';
import { runJob, type JobOutcome } from '../../jobRunner';
import { resolveProject } from '../../targets';
import { ExplorerCommand } from '../explorerCommand';

/**
 * Replace Project from Package…: a package zip replaces the project's content (destructive). The zip is read
 * and checked locally first (a corrupt or unsafe archive is refused before anything is sent), then the user
 * confirms, then the replace job runs to its end.
 */
export class ReplaceProjectCommand extends ExplorerCommand {
  readonly id = CommandIds.projectReplace;

  async execute(arg?: unknown): Promise<JobOutcome | undefined> {
    const title = 'Replace Project from Package';
    const target = await resolveProject(this.deps, arg, title);
    const file = await answered(
      this.deps.prompter.openFile({
        title: `${title}: "${target.projectName}"`,
        filters: { 'Project package': ['zip'] },
      }),
      title,
    );
    const zip = await readFile(file).catch((e: NodeJS.ErrnoException) => {
      throw new Error(`Cannot read ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}.`);
    });
    let entries: number;
    try {
      entries = (await readZip(zip)).size;
    } catch (err) {
      throw new Error(
        `${basename(file)} is not a usable package zip: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
    }
    const ok = await this.deps.prompter.confirm(
      `Replace ALL content of project "${target.projectName}" (${target.projectId}) with ${basename(file)}?`,
      {
        detail: `The package's ${entries} files replace the project's ontology, samples and dialog. This may permanently delete data.`,
        action: 'Replace',
      },
    );
    if (!ok) return undefined;
    return runJob(
      this.deps,
      target,
      `Replace "${target.projectName}" from ${basename(file)}`,
      (signal) => target.client.projects.replacePackage(target.projectId, zip, { fileName: basename(file), signal }),
      ['channels', 'entities', 'intents'],
    );
  }
}
