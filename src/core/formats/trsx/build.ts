// Model → canonical TRSX text (the sandbox's exports, the sync engine's uploads). Canonical means: XML
// declaration, sections in the order Mix writes them, 2-space indentation, every value escaped, and
// sample content written inline exactly, so `parseTrsx(buildTrsx(d)).document` deep-equals `d`
// (for a model whose sample content has no empty or adjacent text runs, the form the parser produces).

import { escapeXmlAttribute as attr, escapeXmlText as text } from '../xml/entities';
import type { SampleNode, TrsxConcept, TrsxDocument, TrsxSample } from './model';
import { TRSX_NAMESPACE } from './read';

export const DEFAULT_TRSX_VERSION = '2.6';

type Attrs = ReadonlyArray<readonly [string, string | number | boolean | undefined]>;

function attrs(list: Attrs): string {
  let out = '';
  for (const [name, value] of list) if (value !== undefined) out += ` ${name}="${attr(String(value))}"`;
  return out;
}

export function buildTrsx(doc: TrsxDocument): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'];
  out.push(
    `<project${attrs([
      ['xmlns:nuance', TRSX_NAMESPACE],
      ['xml:lang', doc.lang],
      ['nuance:version', doc.version ?? DEFAULT_TRSX_VERSION],
      ['nuance:enginePackVersion', doc.enginePackVersion],
    ])}>`,
  );
  if (doc.metadata.length > 0) {
    out.push('  <metadata>');
    for (const e of doc.metadata) out.push(`    <entry${attrs([['key', e.key]])}>${text(e.value)}</entry>`);
    out.push('  </metadata>');
  }
  if (doc.sources.length > 0) {
    out.push('  <sources>');
    for (const s of doc.sources) {
      out.push(
        `    <source${attrs([
          ['name', s.name],
          ['displayName', s.displayName],
          ['version', s.version],
          ['type', s.type],
          ['useForOOV', s.useForOOV],
          ['uri', s.uri],
        ])}/>`,
      );
    }
    out.push('  </sources>');
  }
  buildOntology(doc, out);
  if (doc.dictionaries.length > 0) {
    out.push('  <dictionaries>');
    for (const d of doc.dictionaries) {
      if (d.entries.length === 0) {
        out.push(`    <dictionary${attrs([['conceptref', d.conceptref]])}/>`);
        continue;
      }
      out.push(`    <dictionary${attrs([['conceptref', d.conceptref]])}>`);
      for (const e of d.entries) {
        out.push(
          `      <entry${attrs([
            ['literal', e.literal],
            ['value', e.value],
            ['sourceref', e.sourceref],
            ['protected', e.protected],
          ])}/>`,
        );
      }
      out.push('    </dictionary>');
    }
    out.push('  </dictionaries>');
  }
  if (doc.samples.length > 0) {
    out.push('  <samples>');
    for (const s of doc.samples) out.push(`    ${buildSample(s)}`);
    out.push('  </samples>');
  }
  out.push('</project>', '');
  return out.join('\n');
}

function buildOntology(doc: TrsxDocument, out: string[]): void {
  const open = `  <ontology${attrs([['base', doc.ontologyBase]])}`;
  if (doc.intents.length === 0 && doc.concepts.length === 0) {
    if (doc.ontologyBase !== undefined) out.push(`${open}/>`);
    return;
  }
  out.push(`${open}>`);
  if (doc.intents.length > 0) {
    out.push('    <intents>');
    for (const i of doc.intents) {
      const tag = `      <intent${attrs([
        ['name', i.name],
        ['sourceref', i.sourceref],
      ])}`;
      if (i.links.length === 0) {
        out.push(`${tag}/>`);
        continue;
      }
      out.push(`${tag}>`, '        <links>');
      for (const l of i.links) out.push(`          <link${attrs([['conceptref', l.conceptref]])}/>`);
      out.push('        </links>', '      </intent>');
    }
    out.push('    </intents>');
  }
  if (doc.concepts.length > 0) {
    out.push('    <concepts>');
    for (const c of doc.concepts) buildConcept(c, out);
    out.push('    </concepts>');
  }
  out.push('  </ontology>');
}

function buildConcept(c: TrsxConcept, out: string[]): void {
  const tag = `      <concept${attrs([
    ['name', c.name],
    ['dataType', c.dataType],
    ['freetext', c.freetext],
    ['dynamic', c.dynamic],
    ['sourceref', c.sourceref],
    ['ruleGrammarFileName', c.ruleGrammarFileName],
  ])}`;
  if (c.settings.length === 0 && c.relations.length === 0 && c.regex === undefined) {
    out.push(`${tag}/>`);
    return;
  }
  out.push(`${tag}>`);
  if (c.settings.length > 0) {
    out.push('        <settings>');
    for (const s of c.settings)
      out.push(
        `          <setting${attrs([
          ['name', s.name],
          ['value', s.value],
        ])}/>`,
      );
    out.push('        </settings>');
  }
  if (c.relations.length > 0) {
    out.push('        <relations>');
    for (const r of c.relations)
      out.push(
        `          <relation${attrs([
          ['type', r.type],
          ['conceptref', r.conceptref],
        ])}/>`,
      );
    out.push('        </relations>');
  }
  if (c.regex !== undefined) out.push(`        <regex>${text(c.regex)}</regex>`);
  out.push('      </concept>');
}

/** One `<sample>` element on one line, as exports write it. */
export function buildSample(s: TrsxSample): string {
  const tag = `<sample${attrs([
    ['intentref', s.intentref],
    ['count', s.count],
    ['excluded', s.excluded],
    ['fullyVerified', s.fullyVerified],
    ['protected', s.protected],
    ['description', s.description],
    ['sourceref', s.sourceref],
  ])}`;
  return s.content.length === 0 ? `${tag}/>` : `${tag}>${buildContent(s.content)}</sample>`;
}

function buildContent(nodes: readonly SampleNode[]): string {
  let out = '';
  for (const n of nodes) {
    if (typeof n === 'string') out += text(n);
    else if (n.content.length === 0) out += `<annotation${attrs([['conceptref', n.conceptref]])}/>`;
    else out += `<annotation${attrs([['conceptref', n.conceptref]])}>${buildContent(n.content)}</annotation>`;
  }
  return out;
}
