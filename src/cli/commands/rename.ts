// `cstudio rename DIR --intent OLD NEW | --entity OLD NEW | --value ENTITY OLD NEW`: renames an NLU name in a
// pulled project folder, in every locale's TRSX file and in dialog.json, with the language server's edits
// (core/language/trsx/rename.ts's renameNlu, the one owner): minimal text edits, the rest of each file
// byte-identical, each file written atomically.
import { stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { applyEdits, type NluTarget } from '../../core/dialog/dialogEdits';
import { utf8BodyStart } from '../../core/formats/xml/decode';
import { writeFileAtomic } from '../../core/fs/atomicFile';
import { projectTrsxDocument } from '../../core/language/dialog/projectDialog';
import { nodeFileSystem } from '../../core/language/fileSystem';
import { LanguageServices } from '../../core/language/languageServices';
import { METADATA_FILE } from '../../core/package/layout';
import { isProjectFolder } from '../../core/package/projectFolder';
import { renameNlu, RenameError } from '../../core/language/trsx/rename';
import { parseFlags, requirePositional } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import { resolveInput } from '../sourceFiles';

const USAGE = `Usage: cstudio rename <project folder> --intent <old> <new>
       cstudio rename <project folder> --entity <old> <new>
       cstudio rename <project folder> --value <entity> <old> <new> [--dry-run]

Renames an intent, an entity or an entity value in a pulled project folder: every locale's TRSX file and
dialog.json (ontology names, intent components, INTENT_VALUE conditions and assignments, [name|uuid] prompt
placeholders, clickables, branches, DTMF mappings and global commands). The same edits as rename (F2) in the
editor. Only the renamed text changes; every other byte of each file stays as it was.
  --dry-run   print what would change, write nothing
Exit codes: 0 renamed (or nothing to rename), 1 refused (name taken, not found, a platform name), 2 usage problem.`;

export const renameCommand: CliCommand = {
  path: ['rename'],
  summary: 'Rename an intent, entity or entity value in TRSX and dialog.json together',
  usage: USAGE,
  failureExitCode: 2,
  async run(args: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseFlags(args, {
      intent: { type: 'boolean' },
      entity: { type: 'boolean' },
      value: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
    });
    const kinds = (['intent', 'entity', 'value'] as const).filter((k) => values[k]);
    if (kinds.length !== 1) throw new UsageError('Give exactly one of --intent, --entity or --value.');
    const root = resolveInput(io, requirePositional(positionals, 0, 'project folder'));
    const names = positionals.slice(1);
    const need = kinds[0] === 'value' ? 3 : 2;
    if (names.length !== need)
      throw new UsageError(
        kinds[0] === 'value'
          ? 'Give the entity, the old value and the new value.'
          : 'Give the old name and the new name.',
      );
    const [a, b, c] = names as [string, string, string?];
    const target: NluTarget =
      kinds[0] === 'intent'
        ? { kind: 'intent', name: a }
        : kinds[0] === 'entity'
          ? { kind: 'entity', name: a }
          : { kind: 'value', entity: a, value: b };
    const newName = kinds[0] === 'value' ? (c as string) : b;

    const services = new LanguageServices(nodeFileSystem);
    const metadata = join(root, METADATA_FILE);
    if (!(await isProjectFolder(root)))
      throw new UsageError(`${root} is not a project folder (no metadata.json at its root).`);
    const trsx = projectTrsxDocument(services.context, metadata);
    if (!trsx) throw new UsageError(`${root} has no locale file (<locale>/<locale>.trsx).`);
    let files;
    try {
      files = renameNlu(services.context, trsx, target, newName);
    } catch (e) {
      if (e instanceof RenameError) {
        io.stderr(`${e.message}\n`);
        return 1;
      }
      throw e;
    }
    if (files.length === 0) {
      io.stdout('Nothing to rename.\n');
      return 0;
    }
    for (const f of files) {
      const bytes = nodeFileSystem.readFile(f.path);
      if (!bytes) throw new Error(`Cannot read ${f.path}.`);
      const start = utf8BodyStart(bytes.subarray(0, 1024));
      if (start === undefined)
        throw new UsageError(`${f.path} is not UTF-8; rename edits UTF-8 files only. Save it as UTF-8 first.`);
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start));
      const after = applyEdits(text, f.edits);
      io.stdout(`${relative(root, f.path)}: ${f.edits.length} edit${f.edits.length === 1 ? '' : 's'}\n`);
      if (values['dry-run']) continue;
      const head = Buffer.from(bytes.subarray(0, start));
      await writeFileAtomic(
        f.path,
        Buffer.concat([head, Buffer.from(after, 'utf8')]),
        (await stat(f.path)).mode & 0o7777,
      );
    }
    const what =
      target.kind === 'value' ? `value '${target.value}' of ${target.entity}` : `${target.kind} '${target.name}'`;
    io.stdout(`${values['dry-run'] ? 'Would rename' : 'Renamed'} ${what} to '${newName}'.\n`);
    return 0;
  },
};
