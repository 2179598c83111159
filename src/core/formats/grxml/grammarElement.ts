// Checks of the <grammar> element itself: the root, namespace, version, mode, xml:lang, root rule, tag-format,
// VoiceXML's src/srcexpr, and a grammar without rules. Run by the builder (builder.ts) once the document has
// been read, since the root rule must be defined somewhere in it.

import type { Diagnostic, TextRange } from '../diagnostic';
import { getAttribute, type XmlElement } from '../xml/tree';
import { isLegalRuleName } from './attributes';
import { srgsDiagnostic } from './codes';
import { SRGS_NAMESPACE, type Grammar } from './model';
import { tagFormatKind } from './tagFormats';
import { localName } from './xmlNames';

/** False when the document is not a grammar at all (SRGS001): nothing else is checked then. */
export function isGrammarRoot(grammar: Grammar): boolean {
  return grammar.elementName !== undefined && localName(grammar.elementName) === 'grammar';
}

/** `root` is the document's root element as scanned (its attributes and offsets; its children are not needed). */
export function checkGrammarElement(root: XmlElement | undefined, grammar: Grammar, out: Diagnostic[]): void {
  if (!root || !isGrammarRoot(grammar)) {
    const found = root ? `<${root.name}>` : 'no root element';
    out.push(
      srgsDiagnostic(
        'SRGS001',
        `A grammar document has <grammar> as its root element; found ${found}.`,
        root ? root.openTagRange : { start: 0, end: 0 },
      ),
    );
    return;
  }
  const open = root.openTagRange;
  const at = (name: string): TextRange => getAttribute(root, name)?.range ?? open;
  if (grammar.namespace !== SRGS_NAMESPACE) {
    out.push(
      srgsDiagnostic(
        'SRGS002',
        grammar.namespace === undefined
          ? `<grammar> has no namespace; add xmlns="${SRGS_NAMESPACE}".`
          : `<grammar> is in namespace ${grammar.namespace}; SRGS grammars use ${SRGS_NAMESPACE}.`,
        open,
      ),
    );
  }

  // VoiceXML's <grammar src|srcexpr> names a grammar to load instead of holding one (JVoiceXML's valid1/valid2).
  const src = getAttribute(root, 'src');
  const srcexpr = getAttribute(root, 'srcexpr');
  const reference = src !== undefined || srcexpr !== undefined;
  if (src && srcexpr)
    out.push(srgsDiagnostic('SRGS039', 'A grammar has either src or srcexpr, not both.', srcexpr.range));
  if (reference && grammar.rules.length > 0) {
    out.push(
      srgsDiagnostic(
        'SRGS039',
        `A grammar with ${src ? 'src' : 'srcexpr'} refers to another grammar and cannot also hold rules.`,
        (src ?? srcexpr)?.range ?? open,
      ),
    );
  } else if (reference && !(src && srcexpr)) {
    out.push(
      srgsDiagnostic(
        'SRGS040',
        `This <grammar> only refers to ${src ? src.value : `the grammar computed by ${srcexpr?.value}`} (VoiceXML); it defines no rules of its own.`,
        (src ?? srcexpr)?.range ?? open,
      ),
    );
  }

  if (grammar.version === undefined) out.push(srgsDiagnostic('SRGS003', 'Add version="1.0" to <grammar>.', open));
  else if (grammar.version.trim() !== '1.0')
    out.push(
      srgsDiagnostic(
        'SRGS004',
        `version="${grammar.version}" is not supported; SRGS grammars are version="1.0".`,
        at('version'),
      ),
    );
  const mode = grammar.modeAttribute?.trim();
  if (mode !== undefined && mode !== 'voice' && mode !== 'dtmf') {
    out.push(
      srgsDiagnostic('SRGS006', `mode="${grammar.modeAttribute}" is not valid; use "voice" or "dtmf".`, at('mode')),
    );
  }
  if (grammar.mode === 'voice' && grammar.lang === undefined && !reference) {
    out.push(
      srgsDiagnostic(
        'SRGS005',
        'A voice grammar must declare its language: add xml:lang (for example xml:lang="en-US") to <grammar>, or mode="dtmf" for a DTMF grammar.',
        open,
      ),
    );
  }
  if (grammar.root !== undefined) {
    if (!isLegalRuleName(grammar.root))
      out.push(srgsDiagnostic('SRGS008', `root="${grammar.root}" is not a legal rule name.`, at('root')));
    else if (!grammar.rulesById.has(grammar.root))
      out.push(
        srgsDiagnostic(
          'SRGS007',
          `The root rule "${grammar.root}" is not defined; add <rule id="${grammar.root}"> or fix the root attribute.`,
          at('root'),
        ),
      );
  }
  if (tagFormatKind(grammar.tagFormat) === 'unknown') {
    out.push(
      srgsDiagnostic(
        'SRGS023',
        `tag-format "${grammar.tagFormat}" is not one of semantics/1.0, semantics/1.0-literals, semantics/1.0.2006, swi-semantics/1.0; its tags are not evaluated.`,
        at('tag-format'),
      ),
    );
  }
  // SRGS 1.0 allows it (Appendix C's schema and Appendix B's DTD: zero or more <rule>s), but §4.7 makes every
  // use of it an error: it cannot declare a legal root rule, and has no rule to reference.
  if (grammar.rules.length === 0 && !reference) {
    out.push(
      srgsDiagnostic(
        'SRGS034',
        'The grammar defines no rules: the schema allows it (SRGS 1.0 Appendix C), but it can never match, and referencing or testing it is an error (§4.7); add a <rule>.',
        open,
      ),
    );
  }
}
