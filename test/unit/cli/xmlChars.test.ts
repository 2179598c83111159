// Issue 27, finding 9: a U+0000 in a sample passed `validate` and was pushed. XML 1.0 (§2.2, the Char production:
// "#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]") forbids it and the other C0 controls
// in a document, not only as character references: the scanner now reports them (XML024), so validate fails
// and push refuses the file.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { scanXml, scanXmlWindows } from '../../../src/core/formats/xml/scanner';
import type { XmlSink } from '../../../src/core/formats/xml/treeBuilder';
import type { PlatformClient } from '../../../src/core/platform/client';
import { cli, sandboxEnv } from '../helpers/cli';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor } from '../platform/support';
import { insertBefore, remoteTrsx, sampleTexts, tempDir } from '../sync/support';

const TRSX = (samples: string): string => `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="en-US" nuance:version="2.6">
<ontology base="http://localhost:8080/resources/ontology-1.0.xml"><intents><intent name="A"/></intents><concepts/></ontology>
<samples>${samples}</samples>
</project>
`;

const nothing: XmlSink = { transient: true, add: () => undefined, close: () => undefined };

describe('characters XML 1.0 forbids (issue 27)', () => {
  let ws: { dir: string; cleanup: () => Promise<void> };
  before(async () => {
    ws = await tempDir('cstudio-chars-');
  });
  after(async () => {
    await ws.cleanup();
  });

  test('validate fails on U+0000 and other controls in text, attributes and comments; tab, LF and CR are fine', async () => {
    await writeFile(
      join(ws.dir, 'nul.trsx'),
      TRSX(
        '<sample intentref="A">hello\u0000 there</sample><!-- a\u0001 --><sample intentref="A" x="\u001f">b</sample><sample intentref="A">tab\there</sample>',
      ),
    );
    const r = await cli(['validate', 'nul.trsx'], { cwd: ws.dir });
    assert.equal(r.code, 1, r.stdout);
    const found = r.stdout.split('\n').filter((l) => l.includes('XML024'));
    assert.deepEqual(
      found.map((l) => /U\+[0-9A-F]{4}/.exec(l)?.[0]),
      ['U+0000', 'U+0001', 'U+001F'],
    );
    assert.match(found[0] ?? '', /^nul\.trsx:4:37: error XML024: Character U\+0000 is not allowed in XML 1\.0/);

    await writeFile(
      join(ws.dir, 'g.grxml'),
      '<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="m"><rule id="m">a\uFFFF</rule></grammar>',
    );
    const g = await cli(['validate', 'g.grxml'], { cwd: ws.dir });
    assert.equal(g.code, 1);
    assert.match(g.stdout, /error XML024: Character U\+FFFF/);
  });

  test('read a window at a time, each character is reported once, as in one scan', () => {
    const text = TRSX(
      Array.from({ length: 400 }, (_, i) => `<sample intentref="A">s${i}${i % 50 === 0 ? '\u0000' : ''}</sample>`).join(
        '\n',
      ),
    );
    const whole = scanXml(text, nothing).errors.filter((e) => e.code === 'XML024');
    assert.equal(whole.length, 8);
    const pieces: string[] = [];
    for (let i = 0; i < text.length; i += 97) pieces.push(text.slice(i, i + 97));
    const windowed = scanXmlWindows(pieces, nothing, { margin: 64, windowSize: 256 });
    assert.deepEqual(
      windowed?.errors.filter((e) => e.code === 'XML024').map((e) => e.range),
      whole.map((e) => e.range),
    );
  });
});

describe('a sample with U+0000 is never pushed (issue 27)', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  before(async () => {
    sbx = await startTestSandbox();
    owner = clientFor(sbx, 'owner');
  });
  after(async () => {
    await owner.close();
    await sbx.close();
  });

  test('push refuses the file and names the character', async () => {
    const env = sandboxEnv(sbx, sbx.client('owner'));
    const ws = await tempDir();
    try {
      assert.equal((await cli(['pull', '1001'], { env, cwd: ws.dir })).code, 0);
      const dir = join(ws.dir, '1001');
      const file = join(dir, 'en-US', 'en-US.trsx');
      await insertBefore(file, '</samples>', '  <sample intentref="ASK_HOURS">open\u0000late</sample>');
      assert.ok((await readFile(file, 'utf8')).includes('\u0000'));
      const pushed = await cli(['push', dir, '--append', '--yes'], { env, cwd: ws.dir });
      assert.equal(pushed.code, 1, pushed.stdout + pushed.stderr);
      assert.match(pushed.stderr, /en-US\/en-US\.trsx:\d+:\d+ error XML024 Character U\+0000/);
      assert.ok(
        !sampleTexts(await remoteTrsx(owner, '1001', 'en-US')).some((t) => t.startsWith('open')),
        'nothing was sent',
      );
    } finally {
      await ws.cleanup();
    }
  });
});
