import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError, type CliCommand, type CliIO } from '../../../src/cli/command';
import { convertCommand } from '../../../src/cli/commands/convert';
import { formatCommand } from '../../../src/cli/commands/format';
import { grammarTestCommand } from '../../../src/cli/commands/grammar';
import { validateCommand } from '../../../src/cli/commands/validate';
import { corpusDir, corpusFile } from '../formats/lists/corpus';

interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  usage?: string;
}

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cstudio-cli-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs a command in-process with a capturing CliIO; a UsageError becomes exit 2, as main.ts does. */
async function run(command: CliCommand, args: string[]): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env: {},
    cwd: dir,
    signal: new AbortController().signal,
  };
  try {
    return { code: await command.run(args, io), stdout, stderr };
  } catch (e) {
    if (e instanceof UsageError) return { code: 2, stdout, stderr, usage: e.message };
    throw e;
  }
}

async function file(name: string, content: string | Uint8Array): Promise<string> {
  await writeFile(join(dir, name), content);
  return name;
}

describe('cstudio convert', () => {
  test('nmlist → trsx → nmlist round-trip', async () => {
    await file('colors.nmlist', 'red|#FF0000\ngreen|#00FF00\n');
    const toTrsx = await run(convertCommand, [
      'colors.nmlist',
      '--to',
      'trsx',
      '--entity',
      'COLOR',
      '--locale',
      'en-US',
      '-o',
      'colors.trsx',
    ]);
    assert.equal(toTrsx.code, 0, toTrsx.stderr);
    assert.equal(toTrsx.stdout, 'Wrote 2 literals to colors.trsx.\n');
    const trsx = await readFile(join(dir, 'colors.trsx'), 'utf8');
    assert.match(trsx, /xml:lang="en-US"/);
    assert.match(trsx, /<concept name="COLOR"/);
    assert.match(trsx, /<entry literal="red" value="#FF0000"\/>/);
    const back = await run(convertCommand, ['colors.trsx', '--to', 'nmlist']);
    assert.equal(back.code, 0, back.stderr);
    assert.equal(back.stdout, 'red|#FF0000\ngreen|#00FF00\n');
  });

  test('list → nmlist, and nmlist → list refuses values it cannot keep', async () => {
    await file('flavors.list', 'mint\r\nlemon');
    const r = await run(convertCommand, ['flavors.list', '--to', 'nmlist']);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, 'mint|mint\nlemon|lemon\n');
    assert.match(r.stderr, /flavors\.list:2:6: info LIST003/);
    await file('colors2.nmlist', 'red|#FF0000\nblue|blue\n');
    const lossy = await run(convertCommand, ['colors2.nmlist', '--to', 'list', '-o', 'out.list']);
    assert.equal(lossy.code, 1);
    assert.match(lossy.stderr, /cannot convert literal "red": its value "#FF0000" differs/);
    assert.deepEqual(
      (await readdir(dir)).filter((n) => n.startsWith('out')),
      [],
      'nothing written',
    );
  });

  test('txt ↔ trsx samples keep repeats as counts', async () => {
    await file('book.txt', 'book a flight\nfly to Paris\nbook a flight\n');
    const r = await run(convertCommand, ['book.txt', '--to', 'trsx', '--intent', 'BOOK']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /<sample intentref="BOOK" count="2">book a flight<\/sample>/);
    await file('book.trsx', r.stdout);
    const back = await run(convertCommand, ['book.trsx', '--to', 'txt']);
    assert.equal(back.stdout, 'book a flight\nbook a flight\nfly to Paris\n');
  });

  test('input with errors is refused with located diagnostics (exit 2)', async () => {
    await file('bad.nmlist', 'ok|OK\nno pipe here\n');
    const r = await run(convertCommand, ['bad.nmlist', '--to', 'list']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^bad\.nmlist:2:1: error LIST005: Line 2 has no "\|"/m);
    await file('latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    const enc = await run(convertCommand, ['latin1.txt', '--to', 'trsx', '--intent', 'X']);
    assert.equal(enc.code, 2);
    assert.match(enc.stderr, /latin1\.txt:1:4: error LIST001: Invalid UTF-8: 0xE9 at byte 3/);
  });

  test('usage problems exit 2 with a reason', async () => {
    await file('a.list', 'x\n');
    await file('s.txt', 'hello\n');
    const cases: Array<[string[], RegExp]> = [
      [[], /Missing <in>/],
      [['a.list'], /--to must be one of/],
      [['a.list', '--to', 'xml'], /got "xml"/],
      [['a.list', '--to', 'trsx'], /--entity NAME is required/],
      [['a.list', '--to', 'txt'], /cannot become samples/],
      [['s.txt', '--to', 'nmlist'], /cannot become entity literals/],
      [['s.txt', '--to', 'trsx', '--entity', 'E'], /use --intent/],
      [['a.list', '--to', 'list', '--locale', 'en-US'], /only with --to trsx/],
      [['a.list', '--to', 'list', '--bogus'], /Unknown option --bogus\./],
      [['a.grxml', '--to', 'list'], /give a \.list, \.nmlist, \.txt or \.trsx/],
      [['a.list', 'b.list', '--to', 'list'], /one input file/],
    ];
    for (const [args, message] of cases) {
      const r = await run(convertCommand, args);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.usage ?? '', message, args.join(' '));
    }
    const missing = await run(convertCommand, ['nope.list', '--to', 'nmlist']);
    assert.equal(missing.code, 2);
    assert.equal(missing.stderr, 'Cannot read nope.list: no such file.\n');
  });

  test('TRSX with several dictionaries needs --entity, and names the choices', async () => {
    await file('two.nmlist', 'a|A\n');
    await run(convertCommand, ['two.nmlist', '--to', 'trsx', '--entity', 'ONE', '-o', 'one.trsx']);
    const one = await readFile(join(dir, 'one.trsx'), 'utf8');
    await file(
      'two.trsx',
      one.replace(
        '</dictionaries>',
        '<dictionary conceptref="TWO"><entry literal="b" value="B"/></dictionary></dictionaries>',
      ),
    );
    const r = await run(convertCommand, ['two.trsx', '--to', 'nmlist']);
    assert.equal(r.code, 2);
    assert.match(r.usage ?? '', /give --entity with one of: ONE, TWO/);
    const two = await run(convertCommand, ['two.trsx', '--to', 'nmlist', '--entity', 'TWO']);
    assert.equal(two.stdout, 'b|B\n');
    const none = await run(convertCommand, ['two.trsx', '--to', 'nmlist', '--entity', 'THREE']);
    assert.match(none.usage ?? '', /no entity "THREE"/);
  });

  test('the real .nmlist converts to TRSX and back', async (t) => {
    const real = corpusFile('lists', 'danaemtz-ACCOUNT_TYPE_FR.nmlist');
    if (!real) {
      t.skip('corpus file lists/danaemtz-ACCOUNT_TYPE_FR.nmlist is absent');
      return;
    }
    const r = await run(convertCommand, [
      real,
      '--to',
      'trsx',
      '--entity',
      'ACCOUNT_TYPE',
      '--locale',
      'fr-CA',
      '-o',
      'account.trsx',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'Wrote 35 literals to account.trsx.\n');
    const back = await run(convertCommand, ['account.trsx', '--to', 'nmlist']);
    assert.equal(back.stdout, `${await readFile(real, 'utf8')}\n`);
  });
});

const DRINKS = `<?xml version="1.0" encoding="UTF-8"?>
<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="order" tag-format="semantics/1.0">
  <rule id="order" scope="public">
    <item repeat="0-1">I want</item>
    <ruleref uri="#drink"/>
    <tag>out.drink = rules.drink;</tag>
  </rule>
  <rule id="drink" scope="public">
    <one-of>
      <item>coffee<tag>out = "COFFEE";</tag></item>
      <item>tea<tag>out = "TEA";</tag></item>
    </one-of>
  </rule>
</grammar>
`;

const PIN = `<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" mode="dtmf" root="pin">
  <rule id="pin"><item repeat="4">
    <one-of><item>0</item><item>1</item><item>2</item><item>3</item><item>4</item><item>5</item><item>6</item><item>7</item><item>8</item><item>9</item></one-of>
  </item></rule>
</grammar>
`;

const TRSX_UGLY = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="en-US" nuance:version="2.6">
<ontology>
        <intents><intent name="ORDER"/></intents>
</ontology>
   <samples><sample intentref="ORDER" count="1">a  coffee   please</sample></samples>
</project>
`;

describe('cstudio validate', () => {
  test('prints file:line:col: severity code: message and exits 1 on errors', async () => {
    await file('v-ok.list', 'a\nb\n');
    await file('v-bad.nmlist', 'a|A\nno pipe\n');
    await file('v-warn.txt', 'hello\n\nworld');
    const r = await run(validateCommand, ['v-ok.list', 'v-bad.nmlist', 'v-warn.txt']);
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      [
        'v-bad.nmlist:2:1: error LIST005: Line 2 has no "|"; write "literal|value" (or use a .list file for literals that are their own value).',
        'v-warn.txt:2:1: warning LIST002: Line 2 is blank and is skipped; remove it.',
        "v-warn.txt:3:6: info LIST003: The samples file does not end with a newline; the platform's documentation requires one (it is added when the file is saved).",
        '3 files checked: 1 error, 1 warning, 1 info.',
        '',
      ].join('\n'),
    );
  });

  test('--json prints an array; warnings alone exit 0', async () => {
    await file('v-dup.list', 'a\na\n');
    const r = await run(validateCommand, ['v-dup.list', '--json']);
    assert.equal(r.code, 0);
    assert.deepEqual(JSON.parse(r.stdout), [
      {
        file: 'v-dup.list',
        line: 2,
        column: 1,
        endLine: 2,
        endColumn: 2,
        severity: 'warning',
        code: 'LIST004',
        message: 'Literal "a" repeats line 1; remove the duplicate.',
      },
    ]);
  });

  test('TRSX and GrXML go through their validators', async () => {
    await file('v.trsx', TRSX_UGLY.replace('intentref="ORDER"', 'intentref="MISSING"'));
    await file('v.grxml', DRINKS.replace('root="order"', 'root="nothing"'));
    await file('ok.grxml', DRINKS);
    const r = await run(validateCommand, ['v.trsx', 'v.grxml', 'ok.grxml', '--json']);
    assert.equal(r.code, 1);
    const found = JSON.parse(r.stdout) as Array<{ file: string; code: string; severity: string; line: number }>;
    assert.ok(
      found.some((d) => d.file === 'v.trsx' && d.severity === 'error' && d.line === 6),
      r.stdout,
    );
    assert.ok(
      found.some((d) => d.file === 'v.grxml' && d.code === 'SRGS007' && d.line === 2),
      r.stdout,
    );
    assert.ok(!found.some((d) => d.file === 'ok.grxml' && d.severity === 'error'), r.stdout);
  });

  test('usage problems and unreadable files exit 2', async () => {
    assert.match((await run(validateCommand, [])).usage ?? '', /at least one file/);
    assert.match((await run(validateCommand, ['x.doc'])).usage ?? '', /x\.doc: no such file or folder/);
    await file('x.doc', 'text\n');
    assert.match((await run(validateCommand, ['x.doc'])).usage ?? '', /Unknown file type: x\.doc; supported: \.trsx/);
    assert.match((await run(validateCommand, ['a.list', '--fix'])).usage ?? '', /Unknown option --fix\./);
    await file('fine.list', 'x\n');
    const r = await run(validateCommand, ['missing.trsx', 'fine.list']);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'Cannot read missing.trsx: no such file.\n');
    assert.match(r.stdout, /1 file checked; 1 file NOT checked \(could not be read\): missing\.trsx\./);
  });

  test('real corpus files validate without errors', async (t) => {
    const root = corpusDir();
    if (!root) {
      t.skip('the shared corpus is absent');
      return;
    }
    const files = [
      'lists/danaemtz-ACCOUNT_TYPE_FR.nmlist',
      'lists/danaemtz-make_investment.samples.txt',
      'trsx/nuancedev-Coffee_Maker_DRSS.trsx',
    ].map((f) => join(root, f));
    const r = await run(validateCommand, [...files, '--json']);
    assert.equal(r.code, 0, r.stdout);
  });
});

describe('cstudio format', () => {
  test('prints the formatted TRSX; --check and --write', async () => {
    await file('f.trsx', TRSX_UGLY);
    const printed = await run(formatCommand, ['f.trsx']);
    assert.equal(printed.code, 0);
    assert.match(
      printed.stdout,
      /\n {4}<ontology>\n {8}<intents>/,
      "a file that shows no indentation gets the exports' 4 spaces",
    );
    assert.match(printed.stdout, /a {2}coffee {3}please/, 'sample text untouched');
    assert.equal((await run(formatCommand, ['f.trsx', '--check'])).code, 1);
    await chmod(join(dir, 'f.trsx'), 0o600);
    const wrote = await run(formatCommand, ['f.trsx', '--write']);
    assert.equal(wrote.stdout, 'f.trsx: formatted.\n');
    assert.equal(await readFile(join(dir, 'f.trsx'), 'utf8'), printed.stdout);
    assert.equal((await stat(join(dir, 'f.trsx'))).mode & 0o777, 0o600, 'mode kept');
    const check = await run(formatCommand, ['f.trsx', '--check']);
    assert.deepEqual([check.code, check.stdout, check.stderr], [0, '', '']);
    assert.equal((await run(formatCommand, ['f.trsx', '--write'])).stdout, 'f.trsx: already formatted.\n');
    assert.deepEqual(
      (await readdir(dir)).filter((n) => n.endsWith('.tmp')),
      [],
    );
  });

  test('keeps a BOM, refuses malformed XML, GrXML and bad flags', async () => {
    await file('bom.trsx', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TRSX_UGLY)]));
    await run(formatCommand, ['bom.trsx', '--write']);
    assert.deepEqual([...(await readFile(join(dir, 'bom.trsx'))).subarray(0, 5)], [0xef, 0xbb, 0xbf, 0x3c, 0x3f]);
    await file('broken.trsx', '<project><ontology></project>');
    const broken = await run(formatCommand, ['broken.trsx', '--write']);
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /^broken\.trsx:1:\d+: error XML/m);
    assert.equal(await readFile(join(dir, 'broken.trsx'), 'utf8'), '<project><ontology></project>', 'left intact');
    assert.match((await run(formatCommand, ['g.grxml'])).usage ?? '', /formatting GrXML is not supported/);
    assert.match((await run(formatCommand, ['f.trsx', '--check', '--write'])).usage ?? '', /not both/);
    assert.match((await run(formatCommand, [])).usage ?? '', /Missing <file>/);
    assert.equal((await run(formatCommand, ['nope.trsx'])).code, 2);
    for (const bad of ['0', '17', 'editor', 'wide'])
      assert.match(
        (await run(formatCommand, ['f.trsx', '--indent', bad])).usage ?? '',
        /--indent must be auto, tab or a number of spaces/,
        bad,
      );
  });

  test('--indent N|tab re-indents; the result then passes --check as it is (auto keeps its style)', async () => {
    await file('i.trsx', TRSX_UGLY);
    const two = await run(formatCommand, ['i.trsx', '--indent', '2', '--write']);
    assert.equal(two.code, 0, two.stderr);
    assert.match(
      await readFile(join(dir, 'i.trsx'), 'utf8'),
      /\n {2}<ontology>\n {4}<intents>\n {6}<intent name="ORDER"\/>/,
    );
    assert.equal((await run(formatCommand, ['i.trsx', '--check'])).code, 0, '2 spaces are kept');
    assert.equal((await run(formatCommand, ['i.trsx', '--check', '--indent', '4'])).code, 1);
    const tabs = await run(formatCommand, ['i.trsx', '--indent', 'tab']);
    assert.match(tabs.stdout, /\n\t<ontology>\n\t\t<intents>\n\t\t\t<intent name="ORDER"\/>/);
  });

  test('every genuine export in the corpus passes --check untouched', async (t) => {
    const root = corpusDir();
    if (!root) {
      t.skip('corpus not found at <repo>/../shared/corpus');
      return;
    }
    const files = (await readdir(join(root, 'trsx'))).filter((f) => f.endsWith('.trsx'));
    assert.ok(files.length > 0);
    for (const f of files) {
      const r = await run(formatCommand, [join(root, 'trsx', f), '--check']);
      assert.deepEqual([r.code, r.stderr], [0, ''], f);
    }
  });
});

describe('cstudio grammar test', () => {
  test('accepted: verdict, parse tree and semantic result', async () => {
    await file('drinks.grxml', DRINKS);
    const r = await run(grammarTestCommand, ['drinks.grxml', 'I want coffee']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^ACCEPTED "I want coffee"\n/);
    assert.match(r.stdout, /Parse tree:\n {2}\$order "I want coffee"\n/);
    assert.match(r.stdout, /\$drink "coffee"/);
    assert.match(r.stdout, /Semantic result:\n {2}\{\n {4}"drink": "COFFEE"\n {2}\}/);
    const json = await run(grammarTestCommand, ['drinks.grxml', 'tea', '--rule', 'drink', '--json']);
    assert.equal(json.code, 0);
    const parsed = JSON.parse(json.stdout) as {
      accepted: boolean;
      semantics: unknown;
      words: string[];
      tree: { rule: string };
    };
    assert.deepEqual(
      [parsed.accepted, parsed.semantics, parsed.words, parsed.tree.rule],
      [true, 'TEA', ['tea'], 'drink'],
    );
  });

  test('rejected exits 1; words may come as several arguments', async () => {
    await file('drinks2.grxml', DRINKS);
    const r = await run(grammarTestCommand, ['drinks2.grxml', 'I', 'want', 'juice']);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^REJECTED "I want juice"/);
  });

  test('dtmf mode', async () => {
    await file('pin.grxml', PIN);
    assert.equal((await run(grammarTestCommand, ['pin.grxml', '1234'])).code, 0);
    assert.equal((await run(grammarTestCommand, ['pin.grxml', '123', '--mode', 'dtmf'])).code, 1);
    const wrongMode = await run(grammarTestCommand, ['pin.grxml', '1234', '--mode', 'voice']);
    assert.equal(wrongMode.code, 2);
    assert.match(wrongMode.stderr, /mode mismatch/);
  });

  test('an invalid grammar prints its diagnostics and exits 2', async () => {
    await file('bad.grxml', DRINKS.replace('root="order"', 'root="nothing"'));
    const r = await run(grammarTestCommand, ['bad.grxml', 'coffee']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^bad\.grxml:2:\d+: error SRGS007: The root rule "nothing" is not defined/m);
    assert.match(r.stderr, /is not a valid grammar \(1 error\)/);
    assert.equal(r.stdout, '');
  });

  test('usage problems exit 2', async () => {
    await file('d3.grxml', DRINKS);
    assert.match((await run(grammarTestCommand, [])).usage ?? '', /Missing <file\.grxml>/);
    assert.match((await run(grammarTestCommand, ['d3.grxml'])).usage ?? '', /Missing <sentence>/);
    assert.match((await run(grammarTestCommand, ['x.trsx', 'hi'])).usage ?? '', /not a grammar/);
    assert.match((await run(grammarTestCommand, ['d3.grxml', 'hi', '--mode', 'touch'])).usage ?? '', /voice or dtmf/);
    const unknownRule = await run(grammarTestCommand, ['d3.grxml', 'tea', '--rule', 'nope']);
    assert.equal(unknownRule.code, 2);
    assert.match(unknownRule.stderr, /rule "nope" is not defined/);
  });

  test('a real corpus grammar with script tags', async (t) => {
    const pizza = corpusFile(
      'grxml',
      'jvoicexml',
      'org.jvoicexml.demo.mixedinitiativedemo__src__main__resources__pizza.srgs',
    );
    if (!pizza) {
      t.skip('corpus grammar pizza.srgs is absent');
      return;
    }
    const r = await run(grammarTestCommand, [pizza, 'I want a large pizza with ham please', '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual((JSON.parse(r.stdout) as { semantics: unknown }).semantics, {
      order: { size: 'big', topping: 'ham' },
    });
  });
});
