// Tooltips are Markdown; names, notes and messages come from the platform (anyone's typing), so callers escape them
// (core/markdown.ts) to show as written. Tooltips are never trusted (no command links).
import * as vscode from 'vscode';

/** A tooltip from lines of Markdown (callers escape what came from the platform). */
export function tooltip(lines: ReadonlyArray<string | false | undefined>): vscode.MarkdownString {
  return new vscode.MarkdownString(lines.filter((l): l is string => typeof l === 'string').join('\n'));
}
