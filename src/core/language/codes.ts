// Diagnostic codes of the project-wide checks (files of one pulled project checked against each other), one
// line of meaning each. Single-file rules keep their formats' codes (XML…, TRSX…, SRGS…).
// Codes are stable: never renumber, never reuse a retired code for another meaning.

import { tableDiagnostic, type CodeTable } from '../formats/codeTable';
import type { Diagnostic, TextRange } from '../formats/diagnostic';

export const PROJECT_CODES = {
  PRJ001: {
    severity: 'warning',
    meaning: 'An intent of this locale is not declared in another locale of the project.',
  },
  PRJ002: {
    severity: 'warning',
    meaning: 'A concept of this locale is not declared in another locale of the project.',
  },
  PRJ003: { severity: 'warning', meaning: "A concept's dataType differs between locales of the project." },
  PRJ004: {
    severity: 'error',
    meaning: "A rule-based concept's grammar file (ruleGrammarFileName) does not exist in the project.",
  },
  PRJ005: { severity: 'warning', meaning: "A rule-based concept's grammar file has errors." },
  PRJ006: {
    severity: 'info',
    meaning: 'A grammar under <locale>/grammars/ is not used by any concept of that locale.',
  },
  PRJ007: {
    severity: 'warning',
    meaning: "A rule-based concept's grammar has no root rule (the entity matches through its root rule).",
  },
  PRJ008: { severity: 'warning', meaning: "The file's xml:lang does not match its locale folder." },
  PRJ009: {
    severity: 'info',
    meaning:
      "Rule-based concepts' grammar files are absent because the folder was pulled without restricted files (exports include them only for professional-services users).",
  },
} as const satisfies CodeTable;

export type ProjectCode = keyof typeof PROJECT_CODES;

export function projectDiagnostic(code: ProjectCode, message: string, range: TextRange): Diagnostic {
  return tableDiagnostic(PROJECT_CODES, code, message, range);
}
