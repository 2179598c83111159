// Confirmation for destructive CLI operations: interactive when stdin is a terminal, otherwise the user
// must pass --yes (a CI pipeline never hangs waiting for an answer nobody can give).
import { UsageError, type CliIO } from './command';
import { CancelledError } from '../core/platform/errors';

/** Resolves when the user typed `expected` (or `y`/`yes` when expected is omitted); throws otherwise. */
export async function confirm(io: CliIO, question: string, expected?: string): Promise<void> {
  if (!io.prompt)
    throw new UsageError('This would change or delete data and stdin is not interactive; pass --yes to confirm.');
  const answer = (await io.prompt(question))?.trim();
  const ok = expected === undefined ? /^(y|yes)$/i.test(answer ?? '') : answer === expected;
  if (!ok) throw new CancelledError('Not confirmed; nothing was changed.');
}
