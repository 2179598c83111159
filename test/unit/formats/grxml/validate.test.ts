import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { SRGS_CODES, type SrgsCode } from '../../../../src/core/formats/grxml/codes';
import { parseGrxml } from '../../../../src/core/formats/grxml/parse';
import { validateGrxml } from '../../../../src/core/formats/grxml/validate';
import { isPlainAssignments } from '../../../../src/core/formats/grxml/validateRules';
import vm from 'node:vm';
import { diagnosticsOf, errorsOf, fixture, grammarText, loadFixture } from './helpers';

describe('validateGrxml: one fixture per rule (test/fixtures/grxml/rules/<CODE>-*.grxml)', () => {
  const files = readdirSync(fixture('rules')).filter((f) => f.endsWith('.grxml'));

  test('every SRGS code has a fixture', () => {
    const covered = new Set(files.map((f) => f.split('-')[0]));
    const missing = Object.keys(SRGS_CODES).filter((c) => !covered.has(c));
    assert.deepEqual(missing, []);
  });

  for (const file of files) {
    const code = file.split('-')[0] as string;
    test(`${file} reports ${code}`, () => {
      const diagnostics = diagnosticsOf(loadFixture('rules', file));
      const hit = diagnostics.find((d) => d.code === code);
      assert.ok(hit, `expected ${code}, got ${diagnostics.map((d) => `${d.code} ${d.message}`).join(' | ')}`);
      if (code in SRGS_CODES) assert.equal(hit.severity, SRGS_CODES[code as SrgsCode].severity);
      assert.ok(hit.range.start <= hit.range.end);
      assert.ok(hit.message.length > 10);
    });
  }
});

describe('validateGrxml: valid grammars', () => {
  for (const file of readdirSync(fixture('valid'))) {
    test(`${file} has no errors`, () => {
      assert.deepEqual(
        errorsOf(loadFixture('valid', file)).map((d) => `${d.code} ${d.message}`),
        [],
      );
    });
  }

  test('the http reference is not fetched: a warning says so', () => {
    const warning = diagnosticsOf(loadFixture('valid', 'http-ref.grxml')).find((d) => d.code === 'SRGS032');
    assert.match(
      warning?.message ?? '',
      /external http grammar not fetched: http:\/\/example\.com\/grammars\/cities\.grxml/,
    );
  });
});

describe('validateGrxml: specifics', () => {
  const codes = (text: string): string[] => validateGrxml(parseGrxml(text)).map((d) => d.code);

  test('well-formedness errors are included with the scanner codes', () => {
    assert.ok(
      diagnosticsOf(loadFixture('rules', 'XML002-not-well-formed.grxml')).some(
        (d) => d.code.startsWith('XML') && d.severity === 'error',
      ),
    );
  });

  test('a dtmf grammar needs no xml:lang; a voice grammar (mode absent) does', () => {
    assert.ok(
      !codes(
        '<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" mode="dtmf" root="m"><rule id="m">1</rule></grammar>',
      ).includes('SRGS005'),
    );
    assert.ok(
      codes(
        '<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" root="m"><rule id="m">hi</rule></grammar>',
      ).includes('SRGS005'),
    );
  });

  test('repeat forms: n, m-n and m- are fine; -n, a-b and 3-1 are not', () => {
    const of = (repeat: string): string[] =>
      codes(grammarText(`<rule id="main"><item repeat="${repeat}">a</item></rule>`));
    for (const ok of ['0', '3', '0-1', '2-5', '1-', '0-'])
      assert.deepEqual(
        of(ok).filter((c) => c === 'SRGS014' || c === 'SRGS015'),
        [],
        ok,
      );
    assert.ok(of('-3').includes('SRGS014'));
    assert.ok(of('a-b').includes('SRGS014'));
    assert.ok(of('3-1').includes('SRGS015'));
  });

  test('repeat-prob and weight forms', () => {
    const of = (attrs: string): string[] =>
      codes(grammarText(`<rule id="main"><one-of><item ${attrs}>a</item></one-of></rule>`));
    assert.deepEqual(
      of('repeat="0-1" repeat-prob="0.25"').filter((c) => c === 'SRGS016'),
      [],
    );
    assert.ok(of('repeat="0-1" repeat-prob="-0.1"').includes('SRGS016'));
    assert.ok(of('repeat="0-1" repeat-prob="abc"').includes('SRGS016'));
    for (const w of ['1', '2.', '.5', '0.75']) assert.ok(!of(`weight="${w}"`).includes('SRGS017'), w);
    for (const w of ['1e3', 'heavy', '1.2.3']) assert.ok(of(`weight="${w}"`).includes('SRGS017'), w);
  });

  test('rule ids: xsd:ID without . : -, not NULL/VOID/GARBAGE', () => {
    const of = (id: string): string[] => codes(grammarText(`<rule id="${id}">a</rule>`, `root="${id}"`));
    for (const ok of ['main', '_x1', 'Ünïcode', 'a_b'])
      assert.deepEqual(
        of(ok).filter((c) => /SRGS01[01]/.test(c)),
        [],
        ok,
      );
    for (const bad of ['a.b', 'a:b', 'a-b', '1abc']) assert.ok(of(bad).includes('SRGS010'), bad);
    for (const special of ['NULL', 'VOID', 'GARBAGE']) assert.ok(of(special).includes('SRGS011'), special);
  });

  test('left recursion is found through nullable prefixes; right recursion is fine', () => {
    const through = grammarText(
      '<rule id="main"><item repeat="0-1">um</item><ruleref uri="#b"/></rule><rule id="b"><ruleref special="NULL"/><ruleref uri="#main"/> x</rule>',
    );
    const hits = validateGrxml(parseGrxml(through)).filter((d) => d.code === 'SRGS041');
    assert.equal(hits.length, 1, 'one warning per cycle, on its first rule');
    assert.match(hits[0]?.message ?? '', /Rule "main" is left-recursive \(main → b → main\)/);
    assert.ok(
      !codes(grammarText('<rule id="main">a <item repeat="0-1"><ruleref uri="#main"/></item></rule>')).includes(
        'SRGS041',
      ),
    );
  });

  test('a 10,000-rule left-recursive cycle is one warning with its length and first rules, found in linear time (issue 27)', () => {
    const n = 10_000;
    const rules = Array.from(
      { length: n },
      (_, i) => `<rule id="r${i}"><ruleref uri="#r${(i + 1) % n}"/> w${i}</rule>`,
    ).join('\n');
    const t0 = Date.now();
    const hits = validateGrxml(parseGrxml(grammarText(rules, 'root="r0"'))).filter((d) => d.code === 'SRGS041');
    // Was one warning per rule, each naming the whole cycle: ~1 GB of text and 84-98 s.
    assert.equal(hits.length, 1);
    const message = hits[0]?.message ?? '';
    assert.match(
      message,
      /Rule "r0" is left-recursive \(r0 → r1 → r2 → r3 → r4 → r5 → … → r0, a cycle of 10000 rules\)/,
    );
    assert.ok(message.length < 400, `a short message (${message.length} characters)`);
    assert.ok(Date.now() - t0 < 20_000, `took ${Date.now() - t0} ms (under 1 s here)`);

    // Two cycles sharing rules are one component: one warning that counts all its rules.
    const shared = grammarText(
      '<rule id="a"><ruleref uri="#b"/> x</rule><rule id="b"><one-of><item><ruleref uri="#a"/></item><item><ruleref uri="#c"/></item></one-of></rule><rule id="c"><ruleref uri="#b"/> y</rule>',
      'root="a"',
    );
    const one = validateGrxml(parseGrxml(shared)).filter((d) => d.code === 'SRGS041');
    assert.equal(one.length, 1);
    assert.match(one[0]?.message ?? '', /\(a → b → a; 3 rules in all reach each other this way\)/);
  });

  test('the schema and the tag scripts are checked without running anything', () => {
    const text = grammarText(
      '<rule id="main">a<tag>while(true){}</tag></rule>',
      'root="main" tag-format="semantics/1.0"',
    );
    const t0 = Date.now();
    assert.deepEqual(
      validateGrxml(parseGrxml(text)).filter((d) => d.severity !== 'info'),
      [],
    );
    assert.ok(Date.now() - t0 < 10_000, 'the loop never ran (wide bound for a loaded machine)');
  });

  test('a 10,000-rule grammar validates quickly and without stack overflow', () => {
    const rules: string[] = [];
    for (let i = 0; i < 10_000; i++)
      rules.push(`<rule id="r${i}" scope="public"><ruleref uri="#r${i + 1}"/> w${i}</rule>`);
    rules.push('<rule id="r10000">end</rule>');
    const text = grammarText(rules.join(''), 'root="r0"');
    const t0 = performance.now();
    const grammar = parseGrxml(text);
    const parsed = performance.now() - t0;
    const diagnostics = validateGrxml(grammar);
    const validated = performance.now() - t0 - parsed;
    assert.deepEqual(diagnostics, []);
    // "Quickly": in proportion to reading the grammar, measured in the same run (a loaded machine slows both).
    assert.ok(
      validated < 20 * Math.max(parsed, 50),
      `validated in ${validated.toFixed(0)} ms, parsed in ${parsed.toFixed(0)} ms`,
    );
  });

  test('code table: every code has a severity and one line of meaning', () => {
    for (const [code, info] of Object.entries(SRGS_CODES)) {
      assert.match(code, /^SRGS\d{3}$/);
      assert.ok(['error', 'warning', 'info'].includes(info.severity));
      assert.ok(info.meaning.length > 10 && !info.meaning.includes('\n'));
    }
  });
});

describe('script tags: plain assignments need no compiler', () => {
  const compiles = (text: string): boolean => {
    try {
      vm.compileFunction(text, ['out', 'rules', 'meta', '$']);
      return true;
    } catch {
      return false;
    }
  };

  test('the usual SISR statements are recognized; anything else is left to the compiler', () => {
    for (const text of [
      'out = "w1";',
      "out='x'",
      'out = rules.latest();',
      'out.size = rules.size; out.n = -1.5;',
      'out . a . if = meta.x()',
      '',
      ' ;',
    ]) {
      assert.ok(isPlainAssignments(text), text);
    }
    for (const text of [
      'out = 1 out = 2',
      'out = "a\\"b";',
      'out = meta.current().text;',
      'out = "a" // c',
      'var x = 1;',
      'out = "a\nb";',
      `out = "${'x'.repeat(300)}";`,
    ]) {
      assert.equal(isPlainAssignments(text), false, text);
    }
  });

  test('every text recognized compiles (random statements from the same pieces)', () => {
    const pieces = [
      'out',
      '.',
      'a',
      'if',
      ' ',
      '=',
      '"s"',
      "'t'",
      '1',
      '-2.5',
      'rules',
      'meta',
      '()',
      ';',
      '"',
      '\\',
      '\n',
      '(',
      'x',
      'true',
      'null',
    ];
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    let recognized = 0;
    for (let i = 0; i < 20_000; i++) {
      let text = i % 2 === 0 ? 'out' : '';
      for (let k = next(12); k > 0; k--) text += pieces[next(pieces.length)];
      if (!isPlainAssignments(text)) continue;
      recognized++;
      assert.ok(compiles(text), `recognized but not valid: ${JSON.stringify(text)}`);
    }
    assert.ok(recognized > 50, `only ${recognized} texts were recognized: the test would prove little`);
  });

  test('a broken tag is still reported next to plain ones', () => {
    const text = grammarText(
      '<rule id="main">a<tag>out = "x";</tag><tag>out = ;</tag><tag>out.y = rules.latest();</tag></rule>',
      'root="main" tag-format="semantics/1.0"',
    );
    const codes = validateGrxml(parseGrxml(text)).filter((d) => d.code === 'SRGS046');
    assert.equal(codes.length, 1);
  });
});
