// Tooltips are Markdown; names, notes and messages come from the platform (anyone's typing), so they are
// escaped to show as written instead of being read as Markdown. Tooltips are never trusted (no command links).
import * as vscode from 'vscode';

/**
 * `text` as literal Markdown: characters with an inline meaning are backslash-escaped, and so is a first
 * character that would open a block (heading, quote, list). Other punctuation stays readable in the source.
 */
export function esc(text: string): string {
  return text
    .replace(/[\\`*_[\]<>~&|]/g, '\\$&')
    .replace(/^([#>+=-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

/** `text` in a code span, fenced wider than any backtick run it holds (CommonMark drops the padding spaces). */
export function code(text: string): string {
  const fence = '`'.repeat((text.match(/`+/g) ?? []).reduce((n, run) => Math.max(n, run.length), 0) + 1);
  return `${fence} ${text} ${fence}`;
}

/** A tooltip from lines of Markdown (callers escape what came from the platform). */
export function tooltip(lines: ReadonlyArray<string | false | undefined>): vscode.MarkdownString {
  return new vscode.MarkdownString(lines.filter((l): l is string => typeof l === 'string').join('\n'));
}
