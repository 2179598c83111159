// Cross-file checks within a pulled project: each locale's intents and concepts against the other locales
// (Mix projects share one ontology across locales), rule-based concepts against their grammar files (present,
// valid, with a root rule), grammar files nobody uses, and xml:lang against the locale folder. A grammar that is
// absent because the pull could not see restricted files is no error: it is said once per file, as information.

import { basename } from 'node:path';
import type { Diagnostic, TextRange } from '../../formats/diagnostic';
import type { GrxmlParseResult } from '../../formats/grxml/parse';
import { validateGrxml } from '../../formats/grxml/validate';
import type { TrsxParseResult } from '../../formats/trsx/parse';
import { getAttribute } from '../../formats/xml/tree';
import { localeOfLanguageTag } from '../../package/languageTag';
import { isLocaleName } from '../../package/locale';
import { projectDiagnostic } from '../codes';
import type { LanguageDocument } from '../documents';
import { projectGrammarResolver } from '../grxml/resolver';
import { ruleGrammarPath } from '../trsx/navigation';
import { localeOf, otherLocaleDeclarations } from '../trsx/projectFiles';
import { trsxSymbols } from '../trsx/symbols';
import type { LanguageContext } from '../types';
import { tagNameRange } from '../xml/treeQuery';

/** Grammar validations, kept per parse result (a grammar file is checked once per version, not per keystroke). */
export class GrammarChecks {
  private readonly cache = new WeakMap<GrxmlParseResult, Diagnostic[]>();

  constructor(
    private readonly ctx: LanguageContext,
    private readonly roots: () => readonly string[],
  ) {}

  errorsOf(parsed: GrxmlParseResult): Diagnostic[] {
    let errors = this.cache.get(parsed);
    if (!errors) {
      const all = validateGrxml(parsed, { resolveExternal: projectGrammarResolver(this.ctx.projects, this.roots()) });
      errors = all.filter((d) => d.severity === 'error').sort((a, b) => a.range.start - b.range.start);
      this.cache.set(parsed, errors);
    }
    return errors;
  }
}

const SHARED_ONTOLOGY = {
  intent: { code: 'PRJ001', what: 'Intent' },
  concept: { code: 'PRJ002', what: 'Concept' },
} as const;

export function trsxProjectDiagnostics(
  ctx: LanguageContext,
  doc: LanguageDocument,
  result: TrsxParseResult,
  grammars: GrammarChecks,
): Diagnostic[] {
  const path = doc.path;
  const project = path === undefined ? undefined : ctx.projects.projectOf(path);
  if (!project || path === undefined) return [];
  const out: Diagnostic[] = [];
  const withheld: Array<{ concept: string; file: string; range: TextRange }> = [];
  const locale = localeOf(project, path);
  const symbols = trsxSymbols(result);
  const others = otherLocaleDeclarations(ctx, path);

  // PRJ001, PRJ002: every locale of a project shares the ontology.
  const checkShared = (kind: keyof typeof SHARED_ONTOLOGY, declared: { name: string; nameRange: TextRange }): void => {
    const missing = others.filter((o) => !o.symbols[kind](declared.name)).map((o) => o.locale);
    if (missing.length === 0) return;
    const { code, what } = SHARED_ONTOLOGY[kind];
    const message = `${what} '${declared.name}' is not declared in ${missing.join(', ')}; every locale of a project shares the ontology.`;
    out.push(projectDiagnostic(code, message, declared.nameRange));
  };
  for (const intent of symbols.intents) if (intent.name !== '') checkShared('intent', intent);
  for (const concept of symbols.concepts) {
    if (concept.name === '') continue;
    checkShared('concept', concept);
    const type = concept.concept.dataType ?? 'not_set';
    for (const o of others) {
      const there = o.symbols.concept(concept.name);
      if (there && (there.concept.dataType ?? 'not_set') !== type) {
        const el = symbols.element(concept.concept);
        out.push(
          projectDiagnostic(
            'PRJ003',
            `Concept '${concept.name}' has dataType ${type} here but ${there.concept.dataType ?? 'not_set'} in ${o.locale}.`,
            (el && getAttribute(el, 'dataType')?.valueRange) ?? concept.nameRange,
          ),
        );
      }
    }
    const file = concept.concept.ruleGrammarFileName;
    const el = symbols.element(concept.concept);
    const range = el ? getAttribute(el, 'ruleGrammarFileName')?.valueRange : undefined;
    if (
      file === undefined ||
      file.trim() === '' ||
      !range ||
      /^(?:[\\/]|[A-Za-z]:|[A-Za-z][A-Za-z0-9+.-]*:)/.test(file) ||
      file.split(/[\\/]/).includes('..')
    )
      continue;
    const grammarPath = ruleGrammarPath(path, file);
    if (!ctx.projects.exists(grammarPath)) {
      if (project.restrictedWithheld && ctx.projects.isRestricted(project, grammarPath)) {
        withheld.push({ concept: concept.name, file, range });
        continue;
      }
      const near = project.grammars
        .filter((g) => g.locale === locale && basename(g.path) === basename(file))
        .map((g) => g.relative);
      out.push(
        projectDiagnostic(
          'PRJ004',
          `The grammar of rule-based concept '${concept.name}' is missing: ${file} (looked for ${grammarPath}).${near.length > 0 ? ` Did you mean '${near[0]}'?` : ' Add the file, or restore it if it was deleted.'}`,
          range,
        ),
      );
      continue;
    }
    const parsed = ctx.projects.grxml(grammarPath);
    if (!parsed) continue;
    const errors = grammars.errorsOf(parsed);
    if (errors.length > 0) {
      const first = errors[0] as Diagnostic;
      const line = ctx.projects.lines(grammarPath)?.position(first.range.start).line ?? 1;
      out.push(
        projectDiagnostic(
          'PRJ005',
          `The grammar of concept '${concept.name}' (${file}) has ${errors.length} error${errors.length === 1 ? '' : 's'}; the first, line ${line}: ${first.code} ${first.message}`,
          range,
        ),
      );
    } else if (parsed.grammar.root === undefined) {
      out.push(
        projectDiagnostic(
          'PRJ007',
          `The grammar of concept '${concept.name}' (${file}) has no root attribute; name the rule the entity matches with root="…".`,
          range,
        ),
      );
    }
  }

  const first = withheld[0];
  if (first) out.push(projectDiagnostic('PRJ009', withheldMessage(withheld), first.range));

  const root = result.tree.root;
  const lang = root ? getAttribute(root, 'xml:lang') : undefined;
  const named = lang ? localeOfLanguageTag(lang.value) : undefined;
  if (lang && named !== undefined && locale !== undefined && isLocaleName(locale) && named !== locale) {
    out.push(
      projectDiagnostic(
        'PRJ008',
        `xml:lang="${lang.value}" but the file is in the locale folder ${locale}; one of them is wrong.`,
        lang.valueRange,
      ),
    );
  }
  return out;
}

function withheldMessage(withheld: ReadonlyArray<{ concept: string; file: string }>): string {
  const list = withheld.map((w) => `'${w.concept}' (${w.file})`).join(', ');
  const one = withheld.length === 1;
  return `The grammar${one ? '' : 's'} of rule-based concept${one ? '' : 's'} ${list} ${one ? 'is' : 'are'} not in this folder: grammars are restricted files, which project exports include only for professional-services users. ${one ? 'It stays' : 'They stay'} on the platform and a push keeps ${one ? 'it' : 'them'}.`;
}

export function grxmlProjectDiagnostics(ctx: LanguageContext, doc: LanguageDocument): Diagnostic[] {
  const path = doc.path;
  const project = path === undefined ? undefined : ctx.projects.projectOf(path);
  const entry = project?.grammars.find((g) => g.path === path);
  if (!project || !entry || path === undefined) return [];
  const trsx = project.locales.find((l) => l.locale === entry.locale);
  if (!trsx) return [];
  const header = ctx.projects.trsxHeader(trsx.trsxPath);
  if (!header) return [];
  const used = trsxSymbols(header).concepts.some((c) => {
    const file = c.concept.ruleGrammarFileName;
    return file !== undefined && ruleGrammarPath(trsx.trsxPath, file) === path;
  });
  if (used) return [];
  const root = doc.grxml().tree.root;
  return [
    projectDiagnostic(
      'PRJ006',
      `No concept of ${entry.locale}/${entry.locale}.trsx uses this grammar (ruleGrammarFileName="${entry.relative}"); it is not part of any rule-based entity.`,
      root ? tagNameRange(root) : { start: 0, end: 0 },
    ),
  ];
}
