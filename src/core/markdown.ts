// The one escaping of text into Markdown. Names, notes, messages and grammar text come from the platform or a user's
// file (anyone's typing), and must show as written instead of being read as Markdown: the explorer's tooltips, the
// build report, a configuration's integration details and the GrXML hover all escape here.

/**
 * `text` as literal Markdown: characters with an inline meaning are backslash-escaped, and so is a first
 * character that would open a block (heading, quote, list). Other punctuation stays readable in the source.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>~&|]/g, '\\$&')
    .replace(/^([#>+=-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

/** escapeMarkdown for one line (a table cell, a list item): line breaks become spaces. */
export function escapeMarkdownLine(text: string): string {
  return escapeMarkdown(text.replace(/\r?\n/g, ' '));
}

/** `text` in a code span, fenced wider than any backtick run it holds (CommonMark drops the padding spaces). */
export function markdownCode(text: string): string {
  const fence = '`'.repeat((text.match(/`+/g) ?? []).reduce((n, run) => Math.max(n, run.length), 0) + 1);
  return `${fence} ${text} ${fence}`;
}
