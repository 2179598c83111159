// The export, append and replace commands of one kind of NLU content: an intent's samples (`cstudio samples …`)
// and an entity's literals (`cstudio entities …-literals`) move the same way, one owner at a time, so one
// builder makes both families from what names them.
import type { PlatformClient } from '../core/platform/client';
import type { Download } from '../core/platform/download';
import type { ImportCall } from '../core/platform/contentFiles';
import type { ExportOptions } from '../core/platform/nluTypes';
import type { CliCommand } from './command';
import { confirm } from './confirm';
import {
  exportFlags,
  importFlags,
  localesFlag,
  readImportFile,
  reportJob,
  requireLocaleFlag,
  saveDownload,
} from './nluFiles';
import { platformCommand } from './platformCommand';

export interface ContentSpec<N extends string> {
  /** The command words of each verb, e.g. `['samples', 'append']`. */
  readonly path: (verb: 'export' | 'append' | 'replace') => string[];
  /** What is moved (`samples`), one item of it (`sample`), what owns it (`intent`) and its argument (`intentName`). */
  readonly content: string;
  readonly item: string;
  readonly owner: string;
  readonly ownerArg: N;
  /** The files an import reads, e.g. `a .trsx or .txt file`, and what an append does besides adding. */
  readonly importFiles: string;
  readonly appendNote: string;
  /** The export's file name when the server gives none. */
  readonly exportName: (projectId: string, name: string) => string;
  readonly client: (client: PlatformClient) => {
    export(projectId: string, name: string, options: ExportOptions): Promise<Download>;
    append: ImportCall;
    replace: ImportCall;
  };
}

export function contentCommands<N extends string>(
  spec: ContentSpec<N>,
): { export: CliCommand; append: CliCommand; replace: CliCommand } {
  const owner = `<projectId> <${spec.ownerArg}>`;
  return {
    export: platformCommand({
      path: spec.path('export'),
      summary: `Download the ${spec.content} of an ${spec.owner}: a zip with one <locale>.trsx per locale.`,
      synopsis: `${owner} [-o FILE|DIR] [--locales en-US,fr-CA]`,
      flags: exportFlags,
      args: ['projectId', spec.ownerArg],
      input: ({ flags }) => ({ locales: localesFlag(flags) }),
      async run({ session, io, args, flags, input: { locales }, json }) {
        const name = args[spec.ownerArg];
        const download = await spec.client(session.client).export(args.projectId, name, { locales, signal: io.signal });
        return saveDownload(io, download, flags, spec.exportName(args.projectId, name), json);
      },
    }),
    append: platformCommand({
      path: spec.path('append'),
      summary: `Add the ${spec.content} of ${spec.importFiles} to an ${spec.owner} (one locale${spec.appendNote}) and wait for the job.`,
      synopsis: `${owner} <file> --locale LOCALE [--no-wait]`,
      flags: importFlags,
      args: ['projectId', spec.ownerArg, 'file'],
      input: ({ flags }) => ({ locale: requireLocaleFlag(flags) }),
      async run({ session, io, args, flags, input: { locale }, json }) {
        const file = await readImportFile(io, args.file);
        const job = await spec
          .client(session.client)
          .append(args.projectId, args[spec.ownerArg], locale, file, { signal: io.signal });
        return reportJob(session, io, args.projectId, job, flags, json);
      },
    }),
    replace: platformCommand({
      path: spec.path('replace'),
      summary: `Replace the ${spec.content} of an ${spec.owner} in one locale with a file's (destructive; asks first unless --yes).`,
      synopsis: `${owner} <file> --locale LOCALE [--yes] [--no-wait]`,
      flags: { ...importFlags, yes: { type: 'boolean' } },
      args: ['projectId', spec.ownerArg, 'file'],
      input: ({ flags }) => ({ locale: requireLocaleFlag(flags) }),
      async run({ session, io, args, flags, input: { locale }, json }) {
        const { projectId } = args;
        const name = args[spec.ownerArg];
        const file = await readImportFile(io, args.file);
        if (flags.yes !== true)
          await confirm(
            io,
            `Replace every ${locale} ${spec.item} of ${spec.owner} "${name}" (project ${projectId}) with ${file.path}? [y/N] `,
          );
        const job = await spec.client(session.client).replace(projectId, name, locale, file, { signal: io.signal });
        return reportJob(session, io, projectId, job, flags, json);
      },
    }),
  };
}
