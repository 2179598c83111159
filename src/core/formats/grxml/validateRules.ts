// Rule-level SRGS checks over the model and its expansion store: rule ids (syntax, reserved names, duplicates), scopes, empty rules,
// and every expansion inside them (repeat, repeat-prob, weight, rule references, DTMF tokens, script tags).
// Diagnostics point at the offending attribute when the XML tree has it.

import vm from 'node:vm';
import type { Diagnostic, TextRange } from '../diagnostic';
import { getAttribute, type XmlDocument, type XmlNode } from '../xml/tree';
import { isLegalRuleName, isSpecialRuleName, repeatProblem } from './attributes';
import { srgsDiagnostic } from './codes';
import { type ExpansionStore, ITEM, ONE_OF, RULEREF, TAG } from './expansionStore';
import type { Grammar, ItemSpec, Rule, RuleRefTarget, TagExpansion } from './model';
import type { RuleGraph } from './ruleGraph';
import { unsupportedScript } from './sisrSandbox';
import { dtmfKeys, isDtmfKey } from './tokens';

export interface RuleCheckOptions {
  /** Compile script tags (never run them) to report syntax errors. */
  checkScripts: boolean;
}

/**
 * Checks rules and expansions; returns whether the grammar has any <tag> (header or rule). Records every rule
 * reference in `graph` on the way (the reference checks use it). Walks the expansion store, not the model's objects.
 */
export function checkRules(
  grammar: Grammar,
  store: ExpansionStore,
  options: RuleCheckOptions,
  tree: XmlDocument,
  graph: RuleGraph,
  out: Diagnostic[],
): boolean {
  const rules = grammar.rules;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i] as Rule;
    if (rule.id === '')
      out.push(srgsDiagnostic('SRGS009', '<rule> needs a non-empty id attribute naming it.', rule.idRange));
    else if (isSpecialRuleName(rule.id))
      out.push(
        srgsDiagnostic('SRGS011', `"${rule.id}" is a special rule name and cannot be used as a rule id.`, rule.idRange),
      );
    else if (!isLegalRuleName(rule.id))
      out.push(
        srgsDiagnostic(
          'SRGS010',
          `"${rule.id}" is not a legal rule id: use letters, digits and "_" (no ".", ":" or "-", not starting with a digit).`,
          rule.idRange,
        ),
      );
    if (rule.id !== '' && graph.first[i] === 0) {
      out.push(
        srgsDiagnostic(
          'SRGS012',
          `Rule "${rule.id}" is defined more than once; rename or remove one definition.`,
          rule.idRange,
        ),
      );
    }
    const scope = rule.scopeAttribute?.trim();
    if (scope !== undefined && scope !== 'public' && scope !== 'private') {
      out.push(
        srgsDiagnostic(
          'SRGS013',
          `scope="${rule.scopeAttribute}" is not valid; use "public" or "private".`,
          attributeRange(tree, rule.range, 'scope'),
        ),
      );
    }
    if (store.ruleCount[i] === 0)
      out.push(srgsDiagnostic('SRGS033', `Rule "${rule.id}" has no content; it matches only silence.`, rule.range));
  }
  const walker = new ExpansionChecker(grammar, store, tree, graph, out);
  for (let i = 0; i < rules.length; i++) {
    graph.startRule(i);
    if (walker.sequence(store.ruleFrom[i] as number, store.ruleCount[i] as number, true)) graph.ruleIsNullable();
  }
  graph.finish();
  if (options.checkScripts) checkScripts(grammar.tags, walker.scripts, store, out);
  return walker.tags;
}

/**
 * Every expansion of the rules, in document order (a class with methods: this visits every expansion). The walk
 * also tells the rule graph which references come first in their rule (`left`) and what can match nothing.
 */
class ExpansionChecker {
  tags: boolean;
  /** The rules' tags (node numbers), in document order. */
  readonly scripts: number[] = [];
  private readonly dtmf: boolean;
  /** repeatProblem by attribute text: a grammar repeats the same few values. */
  private readonly repeatProblems = new Map<string, 'syntax' | 'order' | undefined>();
  private readonly list: Int32Array;

  constructor(
    grammar: Grammar,
    private readonly store: ExpansionStore,
    private readonly tree: XmlDocument,
    private readonly graph: RuleGraph,
    private readonly out: Diagnostic[],
  ) {
    this.tags = grammar.tags.length > 0;
    this.dtmf = grammar.mode === 'dtmf';
    this.list = store.list;
  }

  /** The `count` expansions listed from `from` on, one after the other; returns whether they can all match nothing. */
  sequence(from: number, count: number, left: boolean): boolean {
    let nullable = true;
    for (let i = 0; i < count; i++)
      if (!this.visit(this.list[from + i] as number, false, left && nullable)) nullable = false;
    return nullable;
  }

  /**
   * Checks node `n` and everything in it; `left`: nothing before it in its rule needs to match input. Returns
   * whether it can match the empty input (with what the graph knows of the rules it refers to so far).
   */
  visit(n: number, inOneOf: boolean, left: boolean): boolean {
    const store = this.store;
    switch (store.kind[n]) {
      case ONE_OF: {
        let nullable = false;
        const from = store.from[n] as number;
        const count = store.count[n] as number;
        for (let i = 0; i < count; i++) if (this.visit(this.list[from + i] as number, true, left)) nullable = true;
        return nullable;
      }
      case ITEM: {
        const spec = store.spec(n);
        this.item(n, spec, inOneOf);
        const body = this.sequence(store.from[n] as number, store.count[n] as number, left && spec.repeat.max !== 0); // repeat="0": never entered
        return spec.repeat.min === 0 || body;
      }
      case RULEREF: {
        const ref = store.target(n);
        const target = this.graph.add(n, ref, left);
        checkRuleRef(store, n, ref, target, this.out);
        if (ref.kind === 'special') return ref.name === 'NULL';
        return target !== -1 && this.graph.nullable[target] === 1;
      }
      case TAG:
        this.tags = true;
        this.scripts.push(n);
        return true;
      default: {
        // TOKEN
        const text = store.text(n) as string;
        if (this.dtmf && !dtmfKeys(text).every(isDtmfKey)) {
          this.out.push(
            srgsDiagnostic(
              'SRGS043',
              `"${text}" is not a DTMF key sequence (0-9, *, #, A-D) in this dtmf grammar.`,
              store.range(n),
            ),
          );
        }
        return false;
      }
    }
  }

  private item(n: number, item: ItemSpec, inOneOf: boolean): void {
    const out = this.out;
    const problems =
      item.repeatAttribute !== undefined ||
      (item.repeatProbAttribute !== undefined && item.repeatProb === undefined) ||
      item.weightAttribute !== undefined;
    if (!problems) return;
    const range = this.store.range(n);
    if (item.repeatAttribute !== undefined) {
      let problem = this.repeatProblems.get(item.repeatAttribute);
      if (problem === undefined && !this.repeatProblems.has(item.repeatAttribute)) {
        problem = repeatProblem(item.repeatAttribute);
        this.repeatProblems.set(item.repeatAttribute, problem);
      }
      if (problem === 'syntax')
        out.push(
          srgsDiagnostic(
            'SRGS014',
            `repeat="${item.repeatAttribute}" is not valid; use n, m-n or m- (for example 0-1 or 1-).`,
            attributeRange(this.tree, range, 'repeat'),
          ),
        );
      if (problem === 'order')
        out.push(
          srgsDiagnostic(
            'SRGS015',
            `repeat="${item.repeatAttribute}": the minimum is greater than the maximum.`,
            attributeRange(this.tree, range, 'repeat'),
          ),
        );
    }
    if (item.repeatProbAttribute !== undefined && item.repeatProb === undefined) {
      out.push(
        srgsDiagnostic(
          'SRGS016',
          `repeat-prob="${item.repeatProbAttribute}" must be a decimal number from 0 to 1.`,
          attributeRange(this.tree, range, 'repeat-prob'),
        ),
      );
    }
    if (item.weightAttribute !== undefined) {
      if (!/^(?:[0-9]+\.?|[0-9]*\.[0-9]+)$/.test(item.weightAttribute.trim())) {
        out.push(
          srgsDiagnostic(
            'SRGS017',
            `weight="${item.weightAttribute}" must be a non-negative decimal number such as 2 or 0.5.`,
            attributeRange(this.tree, range, 'weight'),
          ),
        );
      } else if (!inOneOf) {
        out.push(
          srgsDiagnostic(
            'SRGS018',
            'weight only matters on an <item> directly inside <one-of>; here it has no effect.',
            attributeRange(this.tree, range, 'weight'),
          ),
        );
      }
    }
  }
}

/**
 * The range of attribute `name` of the element at `range`, else `range`. Only called to report a problem, so
 * the tree (built on first use) is only built for documents that have one; found by binary search at each level.
 */
function attributeRange(tree: XmlDocument, range: TextRange, name: string): TextRange {
  let nodes: readonly XmlNode[] = tree.children;
  for (;;) {
    let lo = 0;
    let hi = nodes.length;
    while (lo < hi) {
      // the first node that ends after range.start (siblings are in document order)
      const mid = (lo + hi) >> 1;
      if ((nodes[mid] as XmlNode).range.end <= range.start) lo = mid + 1;
      else hi = mid;
    }
    const node = nodes[lo];
    if (!node || node.range.start > range.start || node.kind !== 'element') return range;
    if (node.range.start === range.start) return getAttribute(node, name)?.range ?? range;
    nodes = node.children;
  }
}

const SCRIPT_BATCH = 500;

/** A property path: `.name` steps (any identifier name is allowed after a dot, keywords included). */
const PATH = String.raw`(?:\s*\.\s*[A-Za-z_$][\w$]*)`;
/** A value whose syntax is plain: a quoted string without escapes or line breaks, a number, a literal or a rule's value. */
const VALUE = String.raw`(?:"[^"\\\n\r\u2028\u2029]*"|'[^'\\\n\r\u2028\u2029]*'|-?[0-9]+(?:\.[0-9]+)?|true|false|null|(?:rules|meta)${PATH}+(?:\s*\(\s*\))?)`;
/**
 * `out = value;` and `out.a.b = value;`, the statements nearly every grammar's tags consist of, one or more. Such
 * a text is valid ECMAScript whatever the value, so it needs no compiler (which is most of validation's time on
 * large grammars); everything else is compiled. Only for short texts: the pattern is cheap there.
 */
const PLAIN_ASSIGNMENTS = new RegExp(
  String.raw`^(?:\s*out${PATH}*\s*=\s*${VALUE}\s*;)*(?:\s*out${PATH}*\s*=\s*${VALUE})?\s*;?\s*$`,
);
const PLAIN_MAX_LENGTH = 200;

/** Whether `text` is only plain assignments to `out` (see PLAIN_ASSIGNMENTS): valid without compiling it. */
export function isPlainAssignments(text: string): boolean {
  return text.length <= PLAIN_MAX_LENGTH && PLAIN_ASSIGNMENTS.test(text);
}

/**
 * Compiles (never runs) every script tag that is not plain assignments. Tags are compiled a batch at a time, each
 * wrapped in its own function; only a batch that fails is compiled tag by tag to find the culprits. (A
 * deliberately crafted pair of tags could hide an error from the batch; matching compiles every tag alone before
 * running anything.)
 */
function checkScripts(
  header: readonly TagExpansion[],
  ruleTags: readonly number[],
  store: ExpansionStore,
  out: Diagnostic[],
): void {
  // Each distinct text once (grammars repeat the same tags): where it is (header tags, then the rules' tags).
  const unique = new Map<string, TextRange[]>();
  const look = (text: string, at: () => TextRange): void => {
    const refused = unsupportedScript(text);
    if (refused !== undefined) out.push(srgsDiagnostic('SRGS046', `This tag cannot run: ${refused}.`, at()));
    else if (isPlainAssignments(text)) return;
    else {
      const same = unique.get(text);
      if (same) same.push(at());
      else unique.set(text, [at()]);
    }
  };
  for (const tag of header) look(tag.text, () => tag.range);
  for (const n of ruleTags) look(store.text(n) as string, () => store.range(n));
  const texts = [...unique.keys()];
  for (let i = 0; i < texts.length; i += SCRIPT_BATCH) {
    const batch = texts.slice(i, i + SCRIPT_BATCH);
    try {
      new vm.Script(batch.map((t) => `(function (out, rules, meta, $) {\n${t}\n});`).join('\n'));
      continue;
    } catch {
      // some tag of this batch is broken: find which
    }
    for (const text of batch) {
      try {
        vm.compileFunction(text, ['out', 'rules', 'meta', '$']);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        for (const range of unique.get(text) ?? [])
          out.push(srgsDiagnostic('SRGS046', `This tag is not valid ECMAScript: ${message}.`, range));
      }
    }
  }
}

/** Rule reference `n` to `ref`; `target`: the index of the rule a local reference points to, or -1. */
function checkRuleRef(store: ExpansionStore, n: number, ref: RuleRefTarget, target: number, out: Diagnostic[]): void {
  const uri = store.text(n);
  const special = store.specials.get(n);
  const kind = ref.kind;
  if (uri !== undefined && special !== undefined) {
    out.push(srgsDiagnostic('SRGS021', '<ruleref> has both uri and special; keep one.', store.range(n)));
  } else if (uri === undefined && special === undefined) {
    out.push(
      srgsDiagnostic(
        'SRGS022',
        '<ruleref> needs a uri (such as "#rule") or special="NULL|VOID|GARBAGE".',
        store.range(n),
      ),
    );
  } else if (special !== undefined && kind === 'invalid') {
    out.push(
      srgsDiagnostic('SRGS020', `special="${special}" is not valid; use NULL, VOID or GARBAGE.`, store.range(n)),
    );
  } else if (kind === 'invalid') {
    out.push(
      srgsDiagnostic(
        'SRGS022',
        `uri="${uri ?? ''}" is not a rule reference: write "#rule" for a local rule or "file.grxml#rule".`,
        store.range(n),
      ),
    );
  } else if (ref.kind === 'local' && target === -1) {
    out.push(
      srgsDiagnostic('SRGS019', `Rule "${ref.rule}" is referenced but not defined in this grammar.`, store.range(n)),
    );
  }
}
