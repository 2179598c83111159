// GrXML validation vs libxml2's schema validation (`xmllint --noout --schema grammar.xsd`) of the same files,
// in the same run. Ours = read the bytes, decode, one scanning pass that builds the grammar model and checks the
// structure (parseGrxml; the positioned tree is built only when something asks for it), then every SRGS rule
// (validateGrxml, which checks far more than the schema: references, left recursion, tag scripts…), in
// process. xmllint = wall time of one process over the whole input set (process spawn and schema compilation
// included), with `xmllint --noout` (well-formedness only, no schema) as a reference for the spawn cost.
// Inputs: the real grammars of ../shared/corpus/grxml (skipped when absent) and a generated 10,000-rule grammar.
// Rounds alternate after a warm-up; medians are compared. Goal: ours ≤ 1.5× xmllint with the schema.
// The schema imports http://www.w3.org/2001/xml.xsd: a local stand-in is mapped through an XML catalog and
// xmllint runs with --nonet, so nothing is fetched.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseGrxml, parseGrxmlBytes } from '../src/core/formats/grxml/parse';
import { validateGrxml } from '../src/core/formats/grxml/validate';
import { decodeXmlBytes } from '../src/core/formats/xml/decode';
import { parseXml } from '../src/core/formats/xml/scanner';

/** Warm-up rounds (at least this many, and at least WARMUP_MS of our own work, so the JIT has settled). */
const WARMUP = 3;
const WARMUP_MS = 1500;
const ROUNDS = 15;
const GOAL = 1.5;
const RULES = 10_000;

interface InputSet {
  name: string;
  files: string[];
}

function repoRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the repository root');
    dir = up;
  }
  return dir;
}

function generatedGrammar(): string {
  const rules: string[] = [];
  for (let i = 0; i < RULES; i++) {
    const next = i + 1 < RULES ? `<item><ruleref uri="#r${i + 1}"/><tag>out = rules.latest();</tag></item>` : '<item>last</item>';
    rules.push(`  <rule id="r${i}" scope="${i % 2 === 0 ? 'public' : 'private'}">
    <one-of>
      <item weight="2">word${i} alpha<tag>out = "w${i}";</tag></item>
      <item repeat="0-1">beta${i}</item>
      ${next}
    </one-of>
    <item repeat="1-3"><token>gamma ${i}</token></item>
  </rule>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="r0" tag-format="semantics/1.0">
${rules.join('\n')}
</grammar>
`;
}

/** A minimal stand-in for http://www.w3.org/2001/xml.xsd (the xml: attributes the SRGS schema refers to). */
const XML_XSD = `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.w3.org/XML/1998/namespace">
  <xs:attribute name="lang" type="xs:language"/>
  <xs:attribute name="base" type="xs:anyURI"/>
  <xs:attribute name="space"><xs:simpleType><xs:restriction base="xs:NCName"><xs:enumeration value="default"/><xs:enumeration value="preserve"/></xs:restriction></xs:simpleType></xs:attribute>
  <xs:attribute name="id" type="xs:ID"/>
</xs:schema>
`;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function ours(files: readonly string[]): number {
  const t0 = performance.now();
  let diagnostics = 0;
  for (const file of files) diagnostics += validateGrxml(parseGrxmlBytes(readFileSync(file), { uri: file })).length;
  const ms = performance.now() - t0;
  if (diagnostics < 0) throw new Error('unreachable');
  return ms;
}

/**
 * Where our time goes (best of 5 each, less noisy): reading and decoding, the single pass (scan, model, structure
 * checks), validation; and, for reference, what building the positioned tree would add (only editors ask for it).
 */
function phases(files: readonly string[]): string {
  const decode: number[] = [];
  const pass: number[] = [];
  const validate: number[] = [];
  const tree: number[] = [];
  for (let i = 0; i < 5; i++) {
    let d = 0;
    let p = 0;
    let v = 0;
    let x = 0;
    for (const file of files) {
      let t = performance.now();
      const text = decodeXmlBytes(readFileSync(file)).text;
      d += performance.now() - t;
      t = performance.now();
      const parsed = parseGrxml(text);
      p += performance.now() - t;
      t = performance.now();
      validateGrxml(parsed);
      v += performance.now() - t;
      t = performance.now();
      parseXml(text);
      x += performance.now() - t;
    }
    decode.push(d);
    pass.push(p);
    validate.push(v);
    tree.push(x);
  }
  const best = (xs: number[]): string => Math.min(...xs).toFixed(1);
  return `read + decode ${best(decode)} ms, scan + model + structure ${best(pass)} ms, validation ${best(validate)} ms; ` +
    `(not part of ours: the positioned tree, parseXml, ${best(tree)} ms) — best of 5 each`;
}

function xmllint(args: readonly string[], env: NodeJS.ProcessEnv): number {
  const t0 = performance.now();
  const r = spawnSync('xmllint', args, { env, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - t0;
  if (r.error) throw r.error;
  if (r.status !== 0 && r.status !== 3 && r.status !== 1) throw new Error(`xmllint exited ${r.status}: ${r.stderr.toString().slice(0, 500)}`);
  return ms;
}

function hasXmllint(): boolean {
  const r = spawnSync('xmllint', ['--version'], { stdio: 'ignore' });
  return !r.error && r.status === 0;
}

function main(): void {
  const root = repoRoot();
  const work = mkdtempSync(join(tmpdir(), 'cstudio-bench-grxml-'));
  try {
    const sets: InputSet[] = [];
    const corpus = join(root, '..', 'shared', 'corpus', 'grxml');
    if (existsSync(corpus)) {
      const files = readdirSync(corpus).filter((d) => d !== 'spec').flatMap((d) => {
        const dir = join(corpus, d);
        return readdirSync(dir).filter((f) => f !== 'SOURCE.txt' && /\.(grxml|srgs|xml)$/.test(f)).map((f) => join(dir, f));
      });
      sets.push({ name: `corpus (${files.length} real grammars)`, files });
    } else console.log(`corpus: skipped (${corpus} is absent)`);
    const generated = join(work, 'generated-10k.grxml');
    writeFileSync(generated, generatedGrammar());
    sets.push({ name: `generated (${RULES} rules, ${(readFileSync(generated).length / 1024).toFixed(0)} KB)`, files: [generated] });

    const schema = join(corpus, 'spec', 'grammar.xsd');
    const lint = hasXmllint();
    if (!lint) console.log('xmllint: not installed (Debian: apt-get install -y libxml2-utils); only our own times are shown');
    else if (!existsSync(schema)) console.log(`xmllint: skipped (the SRGS schema ${schema} is absent)`);
    const compare = lint && existsSync(schema);
    const xmlXsd = join(work, 'xml.xsd');
    writeFileSync(xmlXsd, XML_XSD);
    const catalog = join(work, 'catalog.xml');
    writeFileSync(catalog, `<?xml version="1.0"?>
<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">
  <system systemId="http://www.w3.org/2001/xml.xsd" uri="${pathToFileURL(xmlXsd).href}"/>
  <uri name="http://www.w3.org/2001/xml.xsd" uri="${pathToFileURL(xmlXsd).href}"/>
</catalog>
`);
    const env = { ...process.env, XML_CATALOG_FILES: catalog };

    for (const set of sets) {
      const withSchema = ['--nonet', '--noout', '--schema', schema, ...set.files];
      const wellFormed = ['--nonet', '--noout', ...set.files];
      let warm = 0;
      for (let i = 0; i < WARMUP || warm < WARMUP_MS; i++) {
        warm += ours(set.files);
        if (compare && i < WARMUP) { xmllint(withSchema, env); xmllint(wellFormed, env); }
      }
      const o: number[] = [];
      const s: number[] = [];
      const w: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        if (compare && i % 2 === 1) { s.push(xmllint(withSchema, env)); w.push(xmllint(wellFormed, env)); }
        o.push(ours(set.files));
        if (compare && i % 2 === 0) { s.push(xmllint(withSchema, env)); w.push(xmllint(wellFormed, env)); }
      }
      console.log(`\n${set.name} (load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
      console.log(`  ours (read + decode + parse + validate, in process): median ${median(o).toFixed(1)} ms, best ${Math.min(...o).toFixed(1)} ms  rounds: ${o.map((x) => x.toFixed(1)).join(' ')}`);
      console.log(`    of which: ${phases(set.files)}`);
      if (!compare) continue;
      const sm = median(s);
      const wm = median(w);
      const ratio = median(o) / sm;
      console.log(`  xmllint --schema grammar.xsd (spawn included):     median ${sm.toFixed(1)} ms, best ${Math.min(...s).toFixed(1)} ms  rounds: ${s.map((x) => x.toFixed(1)).join(' ')}`);
      console.log(`  xmllint --noout, no schema (spawn reference):       median ${wm.toFixed(1)} ms`);
      console.log(`  ratio ours / xmllint-schema: ${ratio.toFixed(2)}× (goal ≤ ${GOAL}×) ${ratio <= GOAL ? 'OK' : 'ABOVE GOAL'}; best runs ${(Math.min(...o) / Math.min(...s)).toFixed(2)}×`);
      console.log(`  ratio ours / xmllint without schema: ${(median(o) / wm).toFixed(2)}×`);
      const spawnFree = sm - wm;
      if (spawnFree > 0) console.log(`  xmllint schema work alone (schema run minus plain run): ${spawnFree.toFixed(1)} ms → ours is ${(median(o) / spawnFree).toFixed(2)}× that`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
