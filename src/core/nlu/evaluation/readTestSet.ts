// Reads a test file by its extension: .trsx, .csv, .tsv (the Test Tool's truth file). One entry point for the CLI
// and the editor, so both accept the same files.
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { readCsvTestSet } from './csvTestSet';
import type { TestSet } from './testSet';
import { TestSetError } from './testSet';
import { readTrsxTestSet } from './trsxTestSet';
import { readTruthTsvTestSet } from './truthTsvTestSet';

/** A test set from the bytes of `file` (its name decides the format). */
export function parseTestSet(bytes: Uint8Array, file: string): TestSet {
  const name = basename(file);
  switch (extname(file).toLowerCase()) {
    case '.trsx':
    case '.xml':
      return readTrsxTestSet(bytes, file, name);
    case '.csv':
      return readCsvTestSet(new TextDecoder().decode(bytes), file, name);
    case '.tsv':
      return readTruthTsvTestSet(new TextDecoder().decode(bytes), file, name);
    default:
      throw new TestSetError(
        `${file}: unknown test set format; give a .trsx, .csv (intent,text) or .tsv (the Test Tool's truth file).`,
      );
  }
}

export async function readTestSet(file: string): Promise<TestSet> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (e) {
    throw new TestSetError(
      `Cannot read test set ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`,
    );
  }
  return parseTestSet(bytes, file);
}
