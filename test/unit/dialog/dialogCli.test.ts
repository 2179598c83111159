// `cstudio validate DIR` and `cstudio rename DIR` on copies of the genuine exports (../shared/corpus/dialog) and
// our fixture: what validate reports, and that a rename edits TRSX and dialog.json together, nothing else.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli';
import { corpusFolder, fixturePath } from '../language/helpers';

function copy(dir: string): string {
  const to = mkdtempSync(join(tmpdir(), 'cstudio-dialog-'));
  cpSync(dir, to, { recursive: true });
  return to;
}

describe('cstudio validate DIR with a dialog.json', () => {
  for (const [name, expected] of [
    ['travel', ['error DLG004']],
    [
      'omnichannel',
      [
        'error DLG001',
        'warning DLG005',
        'warning DLG006',
        'warning DLG006',
        'info DLG007',
        'info DLG007',
        'info DLG007',
        'info DLG007',
      ],
    ],
  ] as const) {
    test(`${name}: exactly its broken mappings and cross-file findings`, async (t) => {
      const dir = corpusFolder(`dialog/${name}`);
      if (!dir) {
        t.skip(`corpus dialog/${name} not found at <repo>/../shared/corpus`);
        return;
      }
      const run = await cli(['validate', dir]);
      const found = run.stdout
        .split('\n')
        .filter((l) => l.includes('dialog.json:'))
        .map((l) => / (error|warning|info) (DLG\d+):/.exec(l)?.slice(1).join(' ') ?? l);
      assert.deepEqual(found.sort(), [...expected].sort(), run.stdout);
      assert.equal(run.code, 1);
    });
  }
});

describe('cstudio rename', () => {
  test('travel: --intent edits the TRSX and dialog.json; validate then reports no rename; the rest byte-identical', async (t) => {
    const src = corpusFolder('dialog/travel');
    if (!src) {
      t.skip('corpus dialog/travel not found at <repo>/../shared/corpus');
      return;
    }
    const dir = copy(src);
    try {
      const before = {
        dialog: readFileSync(join(dir, 'dialog.json')),
        trsx: readFileSync(join(dir, 'en-US', 'en-US.trsx')),
      };
      const run = await cli(['rename', dir, '--intent', 'iAllDone', 'iFinished']);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /dialog\.json: 2 edits/);
      const after = {
        dialog: readFileSync(join(dir, 'dialog.json')),
        trsx: readFileSync(join(dir, 'en-US', 'en-US.trsx')),
      };
      assert.ok(
        Buffer.from(after.dialog.toString('utf8').replaceAll('"iFinished"', '"iAllDone"')).equals(before.dialog),
      );
      assert.ok(Buffer.from(after.trsx.toString('utf8').replaceAll('"iFinished"', '"iAllDone"')).equals(before.trsx));
      const check = await cli(['validate', dir]);
      assert.doesNotMatch(check.stdout, /DLG010/);
      // Renaming it again to a name that exists is refused, and changes nothing.
      const refused = await cli(['rename', dir, '--intent', 'iFinished', 'iBookFlight']);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /already exists/);
      assert.ok(readFileSync(join(dir, 'dialog.json')).equals(after.dialog));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('fixture: --value and --entity, and usage problems', async () => {
    const dir = copy(fixturePath('dialog', 'coffee'));
    try {
      const value = await cli(['rename', dir, '--value', 'eSize', 'small', 'petite']);
      assert.equal(value.code, 0, value.stderr);
      const dialog = readFileSync(join(dir, 'dialog.json'), 'utf8');
      assert.match(dialog, /\{"entityValue": "petite", "label": "Small"/);
      assert.match(dialog, /"dtmfValue": "1", "entityValue": "petite"/);
      const entity = await cli(['rename', dir, '--entity', 'eSize', 'eCoffeeSize']);
      assert.equal(entity.code, 0, entity.stderr);
      assert.match(
        readFileSync(join(dir, 'dialog.json'), 'utf8'),
        /\[eCoffeeSize\|44444444-0000-4000-8000-000000000002\]/,
      );
      assert.match(
        readFileSync(join(dir, 'en-US', 'en-US.trsx'), 'utf8'),
        /<relation type="isA" conceptref="eCoffeeSize"\/>/,
      );
      assert.equal((await cli(['rename', dir, '--intent', 'onlyOne'])).code, 2);
      assert.equal((await cli(['rename', dir, '--intent', 'NO_INTENT', 'iNothing'])).code, 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cstudio compare with dialog.json', () => {
  test('travel: a rename made with cstudio rename is one line; a dialog change shows by UUID', async (t) => {
    const src = corpusFolder('dialog/travel');
    if (!src) {
      t.skip('corpus dialog/travel not found at <repo>/../shared/corpus');
      return;
    }
    const a = copy(src);
    const b = copy(src);
    try {
      assert.equal((await cli(['rename', b, '--intent', 'iAllDone', 'iFinished'])).code, 0);
      const renamed = await cli(['compare', a, b]);
      assert.equal(renamed.code, 0, renamed.stderr);
      const lines = renamed.stdout.trim().split('\n').slice(1);
      assert.deepEqual(lines, ['R intent iAllDone → iFinished   (dialog.json, en-US/en-US.trsx)'], renamed.stdout);
      // A component renamed and a mapping removed in dialog.json: shown by UUID, not as a line diff.
      const path = join(b, 'dialog.json');
      const text = readFileSync(path, 'utf8');
      const mapping = /\{\s*"id": "5e513ca6-1b7a-4903-8a72-78ca4a2ea391",[^{}]*\{[^{}]*\}\s*\},?\s*/.exec(text);
      assert.ok(mapping, 'the iFlightStatus mapping');
      writeFileSync(path, text.replace(mapping[0], '').replace('"name": "99b_Goodbye"', '"name": "99b_Farewell"'));
      const changed = await cli(['compare', a, b]);
      assert.match(changed.stdout, /R intent iAllDone → iFinished/);
      assert.match(changed.stdout, /M dialog\.json {3}.*1 mapping removed/);
      assert.match(changed.stdout, /- mapping iFlightStatus/);
      assert.match(changed.stdout, /~ component 99b_Farewell \(was component 99b_Goodbye\)/);
      const json = JSON.parse((await cli(['compare', a, b, '--json'])).stdout) as {
        renames: Array<{ from: string; to: string }>;
      };
      assert.deepEqual(
        json.renames.map((r) => `${r.from}>${r.to}`),
        ['iAllDone>iFinished'],
      );
    } finally {
      rmSync(a, { recursive: true, force: true });
      rmSync(b, { recursive: true, force: true });
    }
  });
});
