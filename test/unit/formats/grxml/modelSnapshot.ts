// What the diagnostics snapshot (snapshot.test.ts) records of a grammar: its diagnostics as validation reports
// them, and a canonical dump of its model read through the public interfaces (model.ts), so a change to how the
// model is stored or built shows up as a difference here, not as a silent change of behaviour.
import { createHash } from 'node:crypto';
import type { Expansion, Grammar, Rule } from '../../../../src/core/formats/grxml/model';
import type { Diagnostic } from '../../../../src/core/formats/diagnostic';

function expansion(e: Expansion): unknown {
  const range = [e.range.start, e.range.end];
  switch (e.kind) {
    case 'sequence':
      return ['seq', range, e.children.map(expansion)];
    case 'token':
      return ['token', range, e.text, e.quoted, e.lang];
    case 'tag':
      return ['tag', range, e.text];
    case 'ruleref':
      return ['ruleref', range, e.uri, e.special, e.type, e.target];
    case 'one-of':
      return ['one-of', range, e.lang, e.items.map(expansion)];
    case 'item':
      return [
        'item',
        range,
        e.lang,
        e.repeat,
        e.repeatAttribute,
        e.repeatProb,
        e.repeatProbAttribute,
        e.weight,
        e.weightAttribute,
        expansion(e.body),
      ];
  }
}

function rule(r: Rule): unknown {
  return [
    r.id,
    r.scope,
    r.scopeAttribute,
    r.lang,
    [r.range.start, r.range.end],
    [r.idRange.start, r.idRange.end],
    r.examples.map((x) => [x.text, x.range.start, x.range.end]),
    expansion(r.body),
  ];
}

/** The model as plain data: every field of every node, in document order. */
export function modelDump(g: Grammar): unknown {
  return {
    namespace: g.namespace,
    elementName: g.elementName,
    version: g.version,
    lang: g.lang,
    mode: g.mode,
    modeAttribute: g.modeAttribute,
    root: g.root,
    tagFormat: g.tagFormat,
    base: g.base,
    range: [g.range.start, g.range.end],
    lexicons: g.lexicons.map((l) => [l.uri, l.type, l.range.start, l.range.end]),
    metas: g.metas.map((m) => [m.name, m.httpEquiv, m.content, m.range.start, m.range.end]),
    metadata: g.metadata.map((m) => [m.text, m.range.start, m.range.end]),
    tags: g.tags.map(expansion),
    rules: g.rules.map(rule),
    rulesById: [...g.rulesById].map(([id, r]) => [id, g.rules.indexOf(r)]),
  };
}

export function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** `places`: folders named in messages, each replaced by its name (the snapshot must not depend on where it runs). */
export function diagnosticDump(
  diagnostics: readonly Diagnostic[],
  places: Readonly<Record<string, string>> = {},
): unknown[] {
  const anonymous = (message: string): string =>
    Object.entries(places).reduce((m, [path, name]) => m.split(path).join(name), message);
  return diagnostics.map((d) => [d.code, d.severity, anonymous(d.message), d.range.start, d.range.end]);
}
