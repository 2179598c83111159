import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LineIndex, type Diagnostic } from '../../../../src/core/formats/diagnostic';
import { TRSX_CODES } from '../../../../src/core/formats/trsx/codes';
import { parseTrsx } from '../../../../src/core/formats/trsx/parse';
import { isPredefinedConcept, PREDEFINED_ENTITIES } from '../../../../src/core/formats/trsx/predefined';
import { formatTrsx } from '../../../../src/core/formats/trsx/format';
import { checkMixRegex } from '../../../../src/core/formats/trsx/regex';
import { checkTrsx, validateTrsx } from '../../../../src/core/formats/trsx/validate';
import { XML_CODES } from '../../../../src/core/formats/xml/codes';
import { readFixture } from './fixtures';

/** `code@line:column=source text` for compact, exact assertions. */
function describeAll(text: string, diagnostics: Diagnostic[]): string[] {
  const lines = new LineIndex(text);
  return diagnostics.map((d) => {
    const p = lines.position(d.range.start);
    return `${d.code}@${p.line}:${p.column}=${text.slice(d.range.start, Math.min(d.range.end, d.range.start + 20))}`;
  });
}

function check(text: string): string[] {
  return describeAll(text, checkTrsx(text));
}

const project = (body: string, lang = 'eng-USA'): string =>
  `<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="${lang}" nuance:version="2.6">${body}</project>`;

describe('validateTrsx', () => {
  test('the valid fixture has no diagnostics at all', () => {
    assert.deepEqual(check(readFixture('valid.trsx')), []);
  });

  test('every diagnostic carries a known code, its severity, a message and a range', () => {
    const all = [
      'bad-structure.trsx',
      'bad-references.trsx',
      'duplicates.trsx',
      'bad-values.trsx',
      'malformed.trsx',
    ].flatMap((f) => {
      const text = readFixture(f);
      return checkTrsx(text).map((d) => ({ d, text }));
    });
    for (const { d, text } of all) {
      const info =
        (TRSX_CODES as Record<string, { severity: string }>)[d.code] ??
        (XML_CODES as Record<string, { severity: string }>)[d.code];
      assert.ok(info, d.code);
      assert.equal(d.severity, info.severity, d.code);
      assert.ok(d.message.length > 10);
      assert.ok(d.range.start <= d.range.end && d.range.end <= text.length);
    }
  });

  test('structure: root, order, children, attributes, booleans, enumerations, text', () => {
    assert.deepEqual(check(readFixture('bad-structure.trsx')), [
      'TRSX009@2:77=english',
      'TRSX010@2:102=two',
      'TRSX005@2:107=colour',
      'TRSX006@4:37=yes',
      'TRSX002@6:6=metadata',
      'TRSX012@7:15=\n        stray words',
      'TRSX004@10:14=intent',
      'TRSX003@14:14=widget',
      'TRSX014@17:41=colour',
      'TRSX006@17:59=maybe',
      'TRSX007@19:37=isKindOf',
      'TRSX008@25:38=0',
      'TRSX008@26:38=two',
      'TRSX004@27:28=',
      'TRSX003@27:36=b',
    ]);
    assert.deepEqual(check('<grammar/>'), ['TRSX001@1:2=grammar']);
    assert.deepEqual(check('<project nuance:version="2.6" xml:lang="eng-USA"/>'), ['TRSX011@1:10=nuance:version']);
    assert.deepEqual(check('<project xmlns:nuance="urn:other" xml:lang="eng-USA"/>'), ['TRSX011@1:24=urn:other']);
    assert.deepEqual(check('<project/>'), ['TRSX004@1:2=project']);
    const sections = project('<metadata/><metadata/><ontology><concepts/><intents/><intents/></ontology>');
    assert.deepEqual(
      checkTrsx(sections).map((d) => d.code),
      ['TRSX013', 'TRSX045', 'TRSX002', 'TRSX002', 'TRSX015'],
    );
  });

  test('xml:lang accepts Mix locales and BCP-47 tags with a region, flags others', () => {
    for (const lang of ['eng-USA', 'fra-CAN', 'en-US', 'zh-Hant-TW', 'es-419', 'en-us']) {
      assert.deepEqual(check(project('', lang)), [], lang);
    }
    for (const lang of ['english', 'en_US', 'e-USA', 'eng-US-x', 'en', '']) {
      const codes = check(project('', lang)).map((c) => c.slice(0, 7));
      assert.deepEqual(codes, [lang === '' ? 'TRSX004' : 'TRSX009'], lang);
    }
  });

  test('references: intents, concepts, dictionaries, links, relations, cycles, grammar paths', () => {
    assert.deepEqual(check(readFixture('bad-references.trsx')), [
      'TRSX023@8:39=FLAVOR',
      'TRSX024@15:54=MEASURE',
      'TRSX025@19:75=A',
      'TRSX027@20:52=../../etc/passwd',
      'TRSX022@24:33=size',
      'TRSX020@27:28=order',
      'TRSX021@28:60=COLOR',
    ]);
    const diagnostics = checkTrsx(readFixture('bad-references.trsx'));
    assert.match(diagnostics.find((d) => d.code === 'TRSX020')?.message ?? '', /Did you mean 'ORDER'\?/);
    assert.deepEqual(
      check(
        project(
          '<ontology><concepts><concept name="G" ruleGrammarFileName="/abs/g.grxml"/><concept name="H" ruleGrammarFileName="C:\\g.grxml"/><concept name="U" ruleGrammarFileName="file:///g.grxml"/></concepts></ontology>',
        ),
      ).map((c) => c.slice(0, 7)),
      ['TRSX045', 'TRSX027', 'TRSX027', 'TRSX027'],
    );
  });

  test('a samples-only file is checked against known project names, or says it cannot be', () => {
    const text = project(
      '<samples><sample intentref="ORDER">a <annotation conceptref="SIZE">b</annotation></sample></samples>',
    );
    assert.deepEqual(
      check(text).map((c) => c.slice(0, 7)),
      ['TRSX026'],
    );
    assert.equal(checkTrsx(text)[0]?.severity, 'info');
    const result = parseTrsx(text);
    assert.deepEqual(validateTrsx(result, { knownIntents: ['ORDER'], knownConcepts: ['SIZE'] }), []);
    assert.deepEqual(
      validateTrsx(result, { knownIntents: ['OTHER'], knownConcepts: [] }).map((d) => d.code),
      ['TRSX020', 'TRSX021'],
    );
  });

  test('duplicates', () => {
    assert.deepEqual(check(readFixture('duplicates.trsx')), [
      'TRSX036@5:23=s',
      'TRSX036@9:84=SIZE',
      'TRSX030@10:27=ORDER',
      'TRSX036@14:101=isSensitive',
      'TRSX031@15:28=SIZE',
      'TRSX035@21:29=large',
      'TRSX034@24:33=SIZE',
      'TRSX032@28:9=<sample intentref="O',
      'TRSX033@31:9=<sample intentref="C',
    ]);
  });

  test('values: regex, sample length, empty sample and annotation, names, settings', () => {
    const text = readFixture('bad-values.trsx').replace('LONG', 'x'.repeat(501));
    assert.deepEqual(check(text), [
      'TRSX044@5:27=ORDER COFFEE',
      'TRSX040@8:39=<regex>([0-9]+</rege',
      'TRSX046@10:81=yes',
      'TRSX042@14:9=<sample intentref="O',
      'TRSX043@15:43=<annotation conceptr',
      'TRSX041@16:9=<sample intentref="O',
    ]);
    const exact = project(
      `<ontology><intents><intent name="I"/></intents></ontology><samples><sample intentref="I">${'y'.repeat(500)}</sample></samples>`,
    );
    assert.deepEqual(check(exact), []);
    assert.deepEqual(
      checkTrsx(exact, { maxSampleLength: 100 }).map((d) => d.code),
      ['TRSX041'],
    );
  });

  test('escaped markup inside sample text (as third-party generators write it) is plain text, not an error', () => {
    const text = project(
      '<ontology><intents><intent name="I"/></intents><concepts><concept name="C"/></concepts></ontology><samples>' +
        '<sample intentref="I">book <annotation conceptref="C">&lt;annotation conceptref=&quot;C&quot;&gt;paris&lt;/annotation&gt;</annotation></sample></samples>',
    );
    assert.deepEqual(check(text), []);
    const annotation = parseTrsx(text).document.samples[0]?.content[1];
    assert.deepEqual(annotation, { conceptref: 'C', content: ['<annotation conceptref="C">paris</annotation>'] });
  });

  test('well-formedness problems come through checkTrsx with line:column positions', () => {
    assert.deepEqual(check(readFixture('malformed.trsx')), [
      'TRSX026@2:2=project',
      'XML006@4:31=intentref="B"',
      'XML008@4:50=&chips;',
      'XML009@4:58=&',
      'XML010@5:33=<',
      'XML003@6:39=<annotation conceptr',
      'XML002@6:70=</sample>',
      'TRSX004@7:10=sample',
      'XML005@7:17=intentref=A',
      'XML011@10:1=<project/>',
    ]);
  });
});

describe('predefined concepts and the regex dialect', () => {
  test('predefined names', () => {
    for (const name of [
      'DATE',
      'TIME',
      'YES_NO',
      'nuance_CALENDARX',
      'nuance_AMOUNT',
      'nuance_DAY_OF_WEEK',
      'REF_MOMENT',
      'REF_PERSON',
      'REF_PLACE',
      'REF_THING',
    ]) {
      assert.ok(isPredefinedConcept(name), name);
    }
    for (const name of ['date', 'NUANCE_AMOUNT', 'CITY', '', 'REF_ANIMAL', 'ref_thing'])
      assert.ok(!isPredefinedConcept(name), name);
    assert.equal(new Set(PREDEFINED_ENTITIES.map((e) => e.name)).size, PREDEFINED_ENTITIES.length, 'each listed once');
    assert.ok(PREDEFINED_ENTITIES.every((e) => isPredefinedConcept(e.name)));
  });

  test("referrer entities as the vendor's quick-start exports use them (hasReferrers targets, annotations): no error", () => {
    // Shaped like mix-quickstart-projects' omnichannel and banking exports (docs/platform-notes.md, "Predefined entities").
    const text = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="eng-USA" nuance:version="2.6" nuance:enginePackVersion="hosted">
    <ontology base="http://localhost:8080/resources/ontology-1.0.xml">
        <intents>
            <intent name="iBookFlight">
                <links>
                    <link conceptref="eCity"/>
                    <link conceptref="eFlightArrivalDate"/>
                </links>
            </intent>
        </intents>
        <concepts>
            <concept name="eCity">
                <relations>
                    <relation type="hasReferrers" conceptref="REF_PLACE"/>
                </relations>
            </concept>
            <concept name="eFlightArrivalDate" dataType="date">
                <relations>
                    <relation type="isA" conceptref="DATE"/>
                    <relation type="hasReferrers" conceptref="REF_MOMENT"/>
                </relations>
            </concept>
            <concept name="eAccount">
                <relations>
                    <relation type="hasReferrers" conceptref="REF_THING"/>
                </relations>
            </concept>
        </concepts>
    </ontology>
    <samples>
        <sample intentref="iBookFlight" count="1">fly me<annotation conceptref="REF_PLACE">there</annotation>on<annotation conceptref="eFlightArrivalDate">
                <annotation conceptref="DATE">
                    <annotation conceptref="nuance_CALENDARX">friday</annotation>
                </annotation>
            </annotation>
        </sample>
        <sample intentref="NO_INTENT" count="1">close<annotation conceptref="REF_THING">it</annotation></sample>
    </samples>
</project>
`;
    assert.deepEqual(
      checkTrsx(text).filter((d) => d.severity === 'error'),
      [],
    );
    assert.equal(formatTrsx(text), text, 'and it is formatted as it is');
  });

  test('Java/ICU constructs Mix accepts are not reported; real syntax errors are', () => {
    for (const ok of [
      '[0-9]{3}',
      '(?i)yes|no',
      '\\A\\d+\\z',
      'a*+b++',
      '(?>ab|a)c',
      '[[:digit:]]{2}',
      '\\Q1+1\\E',
      '\\p{Alpha}+',
    ]) {
      assert.equal(checkMixRegex(ok), undefined, ok);
    }
    for (const bad of ['(', '[a-', 'a{2,1}', '*a', '(?<n>a)(?<n>b)']) assert.ok(checkMixRegex(bad), bad);
  });
});
