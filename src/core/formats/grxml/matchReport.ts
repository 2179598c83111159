// Words people read about a match, shared by the CLI (`cstudio grammar test`) and the editor's tester reports:
// where a rejected input stopped, the semantic result (or why there is none, or the tag's error beside the
// parse), and the one-line verdict of batch runs.

import type { MatchResult, StopPoint } from './match';

const quote = (words: readonly string[]): string => JSON.stringify(words.join(' '));

/** "Matched "i want" (2 of 3 words); expected next: "coffee", "tea"." and the like. */
export function describeStop(stopped: StopPoint, total: number): string {
  const matched =
    stopped.matched.length === 0
      ? 'The grammar cannot start with the first word'
      : `The grammar follows ${quote(stopped.matched)} (${stopped.matched.length} of ${total} word${total === 1 ? '' : 's'})`;
  const expected =
    stopped.expected.map((t) => JSON.stringify(t)).join(', ') +
    (stopped.moreExpected > 0 ? ` and ${stopped.moreExpected} more` : '');
  if (stopped.matched.length === total)
    return `${matched}, then expects more: ${expected || 'a rule that matched no word'}.`;
  const next = stopped.couldEnd ? 'the end of the sentence' : '';
  const wanted = [expected, next].filter((s) => s !== '').join(', or ');
  return `${matched}; then it expected ${wanted || 'nothing it could match'}, not ${JSON.stringify(stopped.next ?? '')}.`;
}

/** The lines after "Semantic result:" (indented by the caller). */
export function semanticsText(result: MatchResult): string {
  if (result.semanticError !== undefined) return `error: ${result.semanticError}`;
  if (result.semantics === undefined) {
    const skipped = result.notes.find((n) => n.startsWith('tags were not evaluated'));
    return `none (${skipped ?? 'the grammar has no semantic result'})`;
  }
  return JSON.stringify(result.semantics, null, 2);
}

/** One line per sentence, for batch runs. */
export function verdictLine(sentence: string, result: MatchResult): string {
  if (result.error !== undefined) return `ERROR     ${JSON.stringify(sentence)}: ${result.error}`;
  if (!result.accepted) {
    return `REJECTED  ${JSON.stringify(sentence)}${result.stopped ? `  (${describeStop(result.stopped, result.words.length)})` : ''}`;
  }
  if (result.semanticError !== undefined)
    return `ACCEPTED  ${JSON.stringify(sentence)}  tag error: ${result.semanticError}`;
  return `ACCEPTED  ${JSON.stringify(sentence)}${result.semantics === undefined ? '' : `  => ${JSON.stringify(result.semantics)}`}`;
}
