// The answers of a run through the runtime API, kept as they come (one JSON line each) so that a run stopped
// half-way (Ctrl-C, a lost connection, a CI timeout) resumes where it was instead of asking again. The first line
// names the model: answers of another model are never mixed in. A last line cut short by a kill is ignored.
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { utteranceKey, type Prediction } from './prediction';

export const JOURNAL_FILE = 'answers.jsonl';

export class AnswerJournal {
  private constructor(
    private readonly handle: FileHandle,
    /** Answers already in the file, by utterance key. */
    readonly done: ReadonlyMap<string, Prediction>,
  ) {}

  /** Opens (or starts) the journal at `file` for `model`; answers recorded for another model are dropped. */
  static async open(file: string, model: string): Promise<AnswerJournal> {
    const done = new Map<string, Prediction>();
    const text = await readFile(file, 'utf8').catch(() => '');
    const lines = text.split('\n');
    const header = parse(lines[0] ?? '') as { model?: unknown } | undefined;
    const same = header?.model === model;
    if (same) {
      for (const line of lines.slice(1)) {
        const p = parse(line) as Prediction | undefined;
        if (p && typeof p.text === 'string' && typeof p.predicted === 'string') done.set(utteranceKey(p), p);
      }
    }
    const handle = await open(file, same ? 'a' : 'w');
    if (!same) await handle.write(`${JSON.stringify({ model })}\n`);
    else if (text !== '' && !text.endsWith('\n')) await handle.write('\n'); // a cut line stays apart from the next
    return new AnswerJournal(handle, done);
  }

  async record(p: Prediction): Promise<void> {
    await this.handle.write(`${JSON.stringify(p)}\n`);
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

function parse(line: string): unknown {
  if (line.trim() === '') return undefined;
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
