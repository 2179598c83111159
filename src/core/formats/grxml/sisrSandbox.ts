// The sandbox that runs SISR script tags: a `node:vm` context with a null-prototype global (so no host object,
// and through it no host `Function`, is reachable), no string or wasm code generation, microtasks drained
// inside each run, and every run that may loop (all but straight-line tags: straightLineTags.ts) under the
// remaining time budget. Nothing host-side is handed in but strings and functions compiled inside the
// context; results come back as one JSON string.
// It runs inside the tag process (sisrProcess.ts), whose heap cap and wall-clock kill bound what `vm` cannot:
// memory, and built-in calls the time limit cannot interrupt. Tags share one global scope per evaluation, even
// across grammars. One context serves evaluation after evaluation (`begin` … `reset`): `reset` brings it back
// to how it was set up (realmBaseline.ts) or says it cannot, and then the caller makes a new one. Which tag
// starts is reported to a host callback (held only by the bootstrap's closure, so no tag can reach it), so
// that a kill can name the tag.

import vm from 'node:vm';
import { types } from 'node:util';
import { RealmBaseline } from './realmBaseline';
import { isStraightLineTag } from './straightLineTags';
import { HEADER_TAGS, NO_TAG } from './tagJob';

/** One matched rule as the sandbox sees it: its compiled tag function's index (if any), events in order, its text. */
export interface SandboxInstance {
  r?: number;
  ev: SandboxEvent[];
  text: string;
}

/** [0, heard words] | [1, tag index in the rule's function] | [2, rule name, child] | [3, literal tag text]. */
export type SandboxEvent = [0, string] | [1, number] | [2, string, SandboxInstance] | [3, string];

export class SemanticError extends Error {
  override name = 'SemanticError';
}

/**
 * Syntax that would create promises (async functions, `await`, dynamic `import()`): refused before compiling,
 * because promise jobs escape the time limit. Keywords cannot be written with escapes and no code can be
 * generated from strings, so a plain text search cannot be evaded; it may refuse a tag whose string merely
 * contains the word "async".
 */
export function unsupportedScript(code: string): string | undefined {
  // Neither pattern can match without its keyword: the plain searches spare the regexes on nearly every tag.
  if (!code.includes('async') && !code.includes('await') && !code.includes('import')) return undefined;
  if (/\b(?:async|await)\b/.test(code)) return 'async functions and await are not available in semantic tags';
  if (/\bimport\b(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*[(.]/.test(code))
    return 'import() is not available in semantic tags';
  return undefined;
}

// Runs once per context, before any grammar code: captures the intrinsics it needs, removes the globals
// that could block past the time limit, and installs the evaluator (default assignment per SISR: a rule
// whose tags leave `out` untouched yields its latest rule reference's value, else the words it matched).
const BOOTSTRAP = `(function (G) {
  // The progress callback lives only in this closure: tag code never reaches it (it never calls tag code either).
  var progress = G.__cstudioProgress || null;
  delete G.__cstudioProgress;
  var parse = JSON.parse, stringify = JSON.stringify, keys = Object.keys, apply = Reflect.apply;
  var hasOwn = Object.prototype.hasOwnProperty, ProxyC = Proxy, StringC = String;
  // Anything that can run code later (promise jobs, finalizers, async waits) would run outside the time
  // limit, and a rejected promise nobody handles would take the host process down: none of it is needed.
  delete G.SharedArrayBuffer; delete G.Atomics; delete G.WebAssembly; delete G.Promise;
  delete G.FinalizationRegistry; delete G.WeakRef; delete Array.fromAsync;
  function evalRule(inst) {
    var init = {}, rules = {}, meta = {}, heard = [], ev = inst.ev, pos = 0;
    var latest, latestMeta, hasLatest = false, literal, hasLiteral = false;
    rules.latest = function () { return latest; };
    meta.current = function () { return { text: heard.join(' '), score: 1 }; };
    meta.latest = function () { return latestMeta; };
    function next() {
      while (pos < ev.length) {
        var e = ev[pos++];
        if (e[0] === 0) heard.push(e[1]);
        else if (e[0] === 1) { if (progress) progress(inst.r | 0, e[1] | 0); return e[1]; }
        else if (e[0] === 3) { literal = e[1]; hasLiteral = true; }
        else {
          var v = evalRule(e[2]);
          latest = v; hasLatest = true; rules[e[1]] = v;
          latestMeta = { text: e[2].text, score: 1 }; meta[e[1]] = latestMeta;
          if (e[2].text) heard.push(e[2].text);
        }
      }
      return -1;
    }
    var out = init, dollar = init;
    if (inst.r !== undefined) {
      var draft = new ProxyC({}, {
        has: function (t, k) { return typeof k === 'string' && k.length > 1 && k[0] === '$' && (k === '$$' || apply(hasOwn, rules, [k.slice(1)])); },
        get: function (t, k) { return k === '$$' ? latest : typeof k === 'string' ? rules[k.slice(1)] : undefined; }
      });
      var box = { done: false };
      var ret = G['__cstudioRule' + inst.r](init, rules, meta, init, next, draft, box);
      if (box.done) { out = box.out; dollar = box.dollar; } else out = ret;
    } else { next(); if (hasLiteral) out = literal; }
    if (out !== init) return out;
    if (dollar !== init) return dollar;
    if (keys(init).length > 0) return init;
    return hasLatest ? latest : inst.text;
  }
  G.__cstudioEvaluate = function (input) {
    try {
      var s = stringify({ v: evalRule(parse(input)) });
      if (progress) progress(${NO_TAG}, 0);
      return s === undefined ? '{}' : s;
    } catch (e) {
      var m;
      try { m = e !== null && typeof e === 'object' && 'message' in e ? StringC(e.message) : StringC(e); } catch (e2) { m = 'an exception that cannot be shown'; }
      return stringify({ e: m });
    }
  };
})(this);`;

const MAX_REMEMBERED_TAGS = 10_000;

const RULE_PARAMS = ['out', 'rules', 'meta', '$', '__next', '__draft', '__box'];

/** Intrinsics no property path from the global reaches, for the baseline. */
const HIDDEN_INTRINSICS = `(function () {
  var gen = function* () {}, proto = Object.getPrototypeOf;
  return [proto(gen), proto(gen()), proto([][Symbol.iterator]()), proto(new Map()[Symbol.iterator]()),
    proto(new Set()[Symbol.iterator]()), proto(''[Symbol.iterator]()), proto('a'.matchAll(/a/g))];
})()`;

/** One evaluation's time budget and observers. */
export interface Evaluation {
  timeoutMs: number;
  /** Told which tag starts (rule HEADER_TAGS for header tags, NO_TAG when done); must not call back into the sandbox. */
  progress?: (rule: number, tag: number) => void;
  /** Names the tag that runs, for messages. */
  describeRunning?: () => string | undefined;
}

export class SisrSandbox {
  private readonly global: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  private readonly context: vm.Context;
  private readonly baseline: RealmBaseline;
  private evaluation: Evaluation = { timeoutMs: 0 };
  /** Set when the first grammar code runs: creating the context and compiling are not the tags' time. */
  private deadline: number | undefined;
  private evaluations = 0;
  private readonly run: vm.Script;
  /**
   * Tags already known to compile on their own (checking costs a compile; a batch meets the same tags again),
   * and whether each is straight-line (straightLineTags.ts).
   */
  private readonly validTags = new Map<string, boolean>();
  /** Only straight-line tags ran in this evaluation so far: no watchdog, no built-ins to compare afterwards. */
  private straight = true;

  constructor() {
    this.context = vm.createContext(this.global, {
      name: 'grammar semantic tags',
      codeGeneration: { strings: false, wasm: false },
      microtaskMode: 'afterEvaluate',
    });
    this.define('__cstudioProgress', (rule: unknown, tag: unknown) => {
      this.evaluation.progress?.(Number(rule), Number(tag));
    });
    new vm.Script(BOOTSTRAP, { filename: 'cstudio-sisr-bootstrap.js' }).runInContext(this.context);
    const hidden = new vm.Script(HIDDEN_INTRINSICS).runInContext(this.context) as object[];
    this.run = new vm.Script('__cstudioEvaluate(__cstudioInput)', { filename: 'cstudio-sisr-run.js' });
    this.baseline = new RealmBaseline(new vm.Script('this').runInContext(this.context) as object, [...hidden]);
  }

  /** Starts an evaluation (header tags, rules, `evaluate`); its time budget starts with the first grammar code. */
  begin(evaluation: Evaluation): void {
    this.evaluation = evaluation;
    this.deadline = undefined;
    this.straight = true;
  }

  /**
   * Ends an evaluation: removes what its tags left in the global scope. False when the context is not as new
   * (a tag changed a built-in or the global object in a way that cannot be undone): do not use it again.
   */
  reset(): boolean {
    if (this.evaluations++ === 0) this.baseline.recordHeaderVars();
    this.evaluation = { timeoutMs: 0 };
    return this.baseline.resetGlobal() && (this.straight || this.baseline.intrinsicsIntact());
  }

  private get progress(): ((rule: number, tag: number) => void) | undefined {
    return this.evaluation.progress;
  }

  private get timeoutMs(): number {
    return this.evaluation.timeoutMs;
  }

  /** Runs a grammar header tag at global scope (its `var`s become visible to every rule's tags). */
  runGlobal(code: string, label: string, index = 0): void {
    const refused = unsupportedScript(code);
    if (refused !== undefined) throw new SemanticError(`${label}: ${refused}`);
    const script = this.compileScript(code, label);
    this.straight = false;
    this.progress?.(HEADER_TAGS, index);
    this.guard(label, () => script.runInContext(this.context, { timeout: this.remaining() }));
    this.progress?.(NO_TAG, 0);
  }

  /**
   * Compiles one rule's tags into the function instances with `r === index` call. Each tag must be valid on its
   * own; `labels` name them (same order).
   */
  compileRule(tags: readonly string[], labels: readonly string[], label: string, index: number): void {
    tags.forEach((tag, i) => {
      const known = this.validTags.get(tag);
      if (known !== undefined) {
        this.straight &&= known;
        return;
      }
      const refused = unsupportedScript(tag);
      if (refused !== undefined) throw new SemanticError(`${labels[i] ?? label}: ${refused}`);
      try {
        vm.compileFunction(tag, RULE_PARAMS.slice(0, 4), { parsingContext: this.context });
      } catch (e) {
        throw new SemanticError(`${labels[i] ?? label} is not valid ECMAScript: ${safeErrorText(e)}`);
      }
      if (this.validTags.size >= MAX_REMEMBERED_TAGS) this.validTags.clear();
      const straight = isStraightLineTag(tag);
      this.validTags.set(tag, straight);
      this.straight &&= straight;
    });
    const cases = tags.map((tag, i) => `case ${i}: {\n${tag}\n}\nbreak;`).join('\n');
    const loop = `while ((__i = __next()) >= 0) {\nswitch (__i) {\n${cases}\n}\n}`;
    // Draft SISR wrote `$` for out, `$name` for rules.name and `$$` for rules.latest(); only rules that use `$`
    // pay for the `with` that provides them.
    const usesDraft = tags.some((t) => t.includes('$'));
    const body = `var __i;\n${usesDraft ? `with (__draft) {\n${loop}\n}` : loop}\n__box.done = true; __box.out = out; __box.dollar = $;\nreturn out;`;
    let fn: unknown;
    try {
      fn = vm.compileFunction(body, RULE_PARAMS, { parsingContext: this.context });
    } catch (e) {
      throw new SemanticError(`the tags of ${label} do not form valid ECMAScript together: ${safeErrorText(e)}`);
    }
    this.define(`__cstudioRule${index}`, fn);
  }

  /** Evaluates the rule instance tree; returns the root's value as plain JSON (undefined when none). */
  evaluate(root: SandboxInstance): unknown {
    this.define('__cstudioInput', JSON.stringify(root));
    // Straight-line tags cannot loop: the VM's watchdog (a thread per run) is spared; the tag process's kill
    // deadline still bounds them, as it bounds built-in calls.
    const options = this.straight ? {} : { timeout: this.remaining() };
    const raw: unknown = this.guard('the semantic tags', () => this.run.runInContext(this.context, options));
    if (typeof raw !== 'string') throw new SemanticError('semantic evaluation returned no result');
    const parsed = JSON.parse(raw) as { v?: unknown; e?: string };
    if (parsed.e !== undefined)
      throw new SemanticError(`${this.evaluation.describeRunning?.() ?? 'a semantic tag'} failed: ${parsed.e}`);
    return parsed.v;
  }

  /** Defines (never assigns: an assignment could run a setter planted by a tag) a global of the context. */
  private define(name: string, value: unknown): void {
    try {
      Object.defineProperty(this.global, name, { value, writable: true, configurable: true, enumerable: false });
    } catch {
      throw new SemanticError(`a semantic tag made the global ${name} read-only; the tags cannot be evaluated`);
    }
  }

  private compileScript(code: string, label: string): vm.Script {
    try {
      return new vm.Script(code, { filename: label });
    } catch (e) {
      throw new SemanticError(`${label} is not valid ECMAScript: ${safeErrorText(e)}`);
    }
  }

  private timedOut(): SemanticError {
    const tag = this.evaluation.describeRunning?.();
    return new SemanticError(
      `${tag ? `${tag} was stopped` : 'semantic tags stopped'}: ran longer than the ${this.timeoutMs} ms time limit`,
    );
  }

  private remaining(): number {
    this.deadline ??= Date.now() + this.timeoutMs;
    const left = this.deadline - Date.now();
    if (left <= 0) throw this.timedOut();
    return Math.max(1, Math.floor(left));
  }

  private guard<T>(label: string, run: () => T): T {
    try {
      return run();
    } catch (e) {
      if (e instanceof SemanticError) throw e;
      if (isTimeout(e)) throw this.timedOut();
      throw new SemanticError(`${label} failed: ${safeErrorText(e)}`);
    }
  }
}

/** The error `vm` raises at the time limit (recognised by its code, without running any sandboxed code). */
function isTimeout(e: unknown): boolean {
  if (e === null || typeof e !== 'object' || types.isProxy(e)) return false;
  const code = Object.getOwnPropertyDescriptor(e, 'code');
  return code !== undefined && 'value' in code && code.value === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
}

/**
 * Text of a value thrown by sandboxed code, read without running any of it: a getter or a Proxy trap would run
 * outside the time limit, so only own data properties are read.
 */
export function safeErrorText(e: unknown): string {
  if (e === null || (typeof e !== 'object' && typeof e !== 'function'))
    return typeof e === 'symbol' ? e.toString() : String(e);
  if (types.isProxy(e)) return 'a Proxy object was thrown';
  const message = Object.getOwnPropertyDescriptor(e, 'message');
  const text =
    message && 'value' in message && typeof message.value === 'string' ? message.value : 'an object was thrown';
  let proto: unknown = Object.getPrototypeOf(e);
  for (let i = 0; i < 4 && proto !== null && typeof proto === 'object' && !types.isProxy(proto); i++) {
    const name = Object.getOwnPropertyDescriptor(proto, 'name');
    if (name && 'value' in name && typeof name.value === 'string') return `${name.value}: ${text}`;
    proto = Object.getPrototypeOf(proto);
  }
  return text;
}
