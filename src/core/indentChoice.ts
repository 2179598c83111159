// The indent choice users give the TRSX formatter (`--indent`, `cstudio.format.indent`): a setting, not format code,
// so the settings reader (host/settings.ts), the CLI and the language server read it without loading a format
// (core/formats/trsx/layout.ts applies it to a file).

/** How deep each level is indented: the file's own unit, a number of spaces, or one tab. */
export type IndentChoice = 'auto' | 'tab' | number;
/** The editor setting adds `editor`: follow the editor's tab size / insert-spaces options. */
export type IndentSetting = IndentChoice | 'editor';

export const MAX_INDENT = 16;

/**
 * Reads an indent choice as users write it: `auto`, `tab`, or a number of spaces (1–16, as a number or digits).
 * `editor` only where the editor's options exist (`allowEditor`). Undefined for anything else.
 */
export function parseIndentSetting(value: unknown, allowEditor: boolean): IndentSetting | undefined {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 1 && value <= MAX_INDENT ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'auto' || v === 'tab') return v;
  if (v === 'editor') return allowEditor ? v : undefined;
  return /^\d{1,2}$/.test(v) ? parseIndentSetting(Number(v), allowEditor) : undefined;
}
