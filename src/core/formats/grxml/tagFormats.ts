// Which `tag-format` a grammar's tags are written in: ECMAScript run under SISR, literal results, none, or one we do
// not know. Its own module so the parser's checks (grammarElement.ts, validate.ts) need not import the semantics
// evaluator, which reads the parsed grammar's source back from parse.ts (that made a cycle).

export type TagFormatKind = 'script' | 'literal' | 'none' | 'unknown';

export const SCRIPT_TAG_FORMATS: readonly string[] = ['semantics/1.0', 'semantics/1.0.2006', 'swi-semantics/1.0'];
export const LITERAL_TAG_FORMATS: readonly string[] = ['semantics/1.0-literals'];

export function tagFormatKind(tagFormat: string | undefined): TagFormatKind {
  if (tagFormat === undefined || tagFormat === '') return 'none';
  if (SCRIPT_TAG_FORMATS.includes(tagFormat)) return 'script';
  if (LITERAL_TAG_FORMATS.includes(tagFormat)) return 'literal';
  return 'unknown';
}
