// Every SRGS 1.0 rule, checked over the parse result: the XML scanner's well-formedness errors, the document's
// structure as checked while it was read (the grammar element: grammarElement.ts; content models:
// contentModel.ts), rules and expansions (validateRules.ts) and the reference graph (references.ts). Codes are
// in codes.ts.
// Severity policy: what the W3C SRGS implementation-report tests require a processor to refuse is an error;
// what processors commonly tolerate (unknown attributes, vendor elements) is a warning.

import type { Diagnostic } from '../diagnostic';
import { srgsDiagnostic } from './codes';
import type { ExternalOptions } from './externalRefs';
import { isGrammarRoot } from './grammarElement';
import type { GrxmlParseResult } from './parse';
import { checkReferences } from './references';
import { RuleGraph } from './ruleGraph';
import { tagFormatKind } from './tagFormats';
import { checkRules } from './validateRules';

export interface ValidateOptions extends ExternalOptions {
  /** Compile script tags to report syntax errors (default true; compiling never runs them). */
  checkScripts?: boolean;
}

export function validateGrxml(parsed: GrxmlParseResult, options: ValidateOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [...parsed.diagnostics, ...parsed.structure.diagnostics];
  const { grammar } = parsed;
  if (!isGrammarRoot(grammar)) return out;
  const format = tagFormatKind(grammar.tagFormat);
  const graph = new RuleGraph(parsed.expansions);
  const hasTags = checkRules(
    grammar,
    parsed.expansions,
    { checkScripts: options.checkScripts !== false && format === 'script' },
    parsed.tree,
    graph,
    out,
  );
  if (hasTags && format === 'none') {
    out.push(
      srgsDiagnostic(
        'SRGS038',
        'The grammar has <tag>s but no tag-format; add tag-format="semantics/1.0" (script) or "semantics/1.0-literals".',
        parsed.structure.grammarTag,
      ),
    );
  }
  checkReferences(grammar, parsed.expansions, options, graph, out);
  return out;
}
