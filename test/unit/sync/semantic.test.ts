import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseTrsx, parseTrsxBytes } from '../../../src/core/formats/trsx/parse';
import { buildTrsx } from '../../../src/core/formats/trsx/build';
import { readTrsxDigest, readTrsxDocument, walkTrsxBytes } from '../../../src/core/sync/trsxFile';
import type { TrsxDocument } from '../../../src/core/formats/trsx/model';
import {
  diffWalks,
  summarizeCounts,
  type SemanticChange,
  type TrsxDiff,
} from '../../../src/core/sync/semantic/trsxDiff';
import { itemLabel, trsxItems, walkDocument } from '../../../src/core/sync/semantic/trsxItems';
import { mergeTrsx, sameTrsx } from '../../../src/core/sync/semantic/trsxMerge';

function doc(body: string): TrsxDocument {
  const r = parseTrsx(
    `<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="en-US" nuance:version="2.6">${body}</project>`,
  );
  assert.deepEqual(r.diagnostics, []);
  return r.document;
}

/** The diff of two models in memory (they always walk), through the same walk-diff the product streams. */
function diffTrsx(before: TrsxDocument, after: TrsxDocument): TrsxDiff {
  const read = diffWalks(walkDocument(before), walkDocument(after));
  if (!read.ok) throw new Error(read.problem);
  return read.diff;
}

const ontology =
  '<ontology><intents><intent name="ORDER"><links><link conceptref="SIZE"/></links></intent><intent name="HOURS"/></intents><concepts><concept name="SIZE"/></concepts></ontology>';
const dictionary =
  '<dictionaries><dictionary conceptref="SIZE"><entry literal="small" value="S"/><entry literal="large" value="L"/></dictionary></dictionaries>';
const base = doc(
  `${ontology}${dictionary}<samples><sample intentref="ORDER">a <annotation conceptref="SIZE">small</annotation> one</sample><sample intentref="HOURS" count="2">when do you open</sample></samples>`,
);

describe('semantic TRSX diff', () => {
  test('order, layout and defaults carry no meaning', () => {
    const same =
      doc(`\n  ${ontology.replace('<intent name="HOURS"/>', '').replace('<intents>', '<intents><intent name="HOURS"/>')}\n  <dictionaries><dictionary conceptref="SIZE"><entry literal="large" value="L"/><entry literal="small" value="S"/></dictionary></dictionaries>
      <samples><sample intentref="HOURS" count="2">when   do you
        open</sample><sample intentref="ORDER" count="1">a <annotation conceptref="SIZE">small</annotation> one</sample></samples>`);
    assert.deepEqual(diffTrsx(base, same).changes, []);
    assert.ok(sameTrsx(base, same));
  });

  test('reports what was added, removed and changed, per kind', () => {
    const after = doc(
      `${ontology.replace('<intent name="HOURS"/>', '<intent name="HOURS"/><intent name="CANCEL"/>')}${dictionary.replace('<entry literal="large" value="L"/>', '<entry literal="medium" value="M"/>')}<samples><sample intentref="ORDER">a <annotation conceptref="SIZE">small</annotation> one</sample><sample intentref="HOURS" count="5">when do you open</sample><sample intentref="CANCEL">stop it</sample></samples>`,
    );
    const diff = diffTrsx(base, after);
    assert.deepEqual(
      diff.changes.map((c) => `${c.change} ${c.label}${c.detail ? ` [${c.detail}]` : ''}`),
      [
        'added intent CANCEL',
        'removed literal "large" → L of SIZE',
        'added literal "medium" → M of SIZE',
        'changed sample "when do you open" of HOURS [count: 2 → 5]',
        'added sample "stop it" of CANCEL',
      ],
    );
    assert.deepEqual(summarizeCounts(diff.counts), ['intents +1', 'literals +1 −1', 'samples +1 ~1']);
  });
  test('files streamed against each other diff as their item lists do: duplicates, removals and bad files too', () => {
    const bytesOf = (d: TrsxDocument): Uint8Array => new TextEncoder().encode(buildTrsx(d));
    // The oracle: both documents as full item lists, compared id by id.
    const expected = (a: TrsxDocument, b: TrsxDocument): string[] => {
      const x = trsxItems(a);
      const y = trsxItems(b);
      const out: string[] = [];
      for (const [id, i] of x) if (!y.has(id)) out.push(`removed ${itemLabel(i)}`);
      for (const [id, i] of x) if (y.has(id) && y.get(id)?.value !== i.value) out.push(`changed ${itemLabel(i)}`);
      for (const [id, i] of y) if (!x.has(id)) out.push(`added ${itemLabel(i)}`);
      return out.sort();
    };
    const sample = base.samples[0] as TrsxDocument['samples'][number];
    const variants: TrsxDocument[] = [
      base,
      { ...base, samples: [...base.samples, sample, { ...sample, count: 4 }] },
      { ...base, samples: [{ ...sample, count: 4 }, sample] },
      { ...base, samples: [] },
      { ...base, intents: base.intents.slice(1), dictionaries: [] },
      { ...base, lang: 'fr-CA', samples: [...base.samples].reverse() },
    ];
    for (const [i, a] of variants.entries()) {
      for (const [j, b] of variants.entries()) {
        const read = diffWalks(walkTrsxBytes(bytesOf(a), 'a'), walkTrsxBytes(bytesOf(b), 'b'));
        assert.ok(read.ok);
        assert.deepEqual(
          read.diff.changes.map((c) => `${c.change} ${c.label}`).sort(),
          expected(a, b),
          `variants ${i} → ${j}`,
        );
        // Streamed files and models in memory give the same changes, in the same order, with details.
        const line = (c: SemanticChange): string => `${c.change} ${c.label} ${c.detail ?? ''}`;
        assert.deepEqual(
          read.diff.changes.map(line),
          diffTrsx(a, b).changes.map(line),
          `variants ${i} → ${j} (models)`,
        );
        // What a push sends comes from the after side's sources.
        assert.ok(read.diff.changes.every((c) => c.after === undefined || c.after.source !== undefined));
      }
    }
    const bad = diffWalks(
      walkTrsxBytes(bytesOf(base), 'the base'),
      walkTrsxBytes(new TextEncoder().encode('<project><samples>'), 'the workspace copy'),
    );
    assert.ok(!bad.ok && /the workspace copy is not well-formed XML/.test(bad.problem));
  });
});

describe('three-way TRSX merge', () => {
  test('changes on different items merge; the local order is kept and remote additions follow', () => {
    const local = doc(
      `${ontology}${dictionary}<samples><sample intentref="ORDER">a <annotation conceptref="SIZE">small</annotation> one</sample><sample intentref="HOURS" count="2">when do you open</sample><sample intentref="HOURS">mine</sample></samples>`,
    );
    const remote = doc(
      `${ontology}${dictionary.replace('<entry literal="small" value="S"/>', '')}<samples><sample intentref="ORDER">a <annotation conceptref="SIZE">small</annotation> one</sample><sample intentref="HOURS" count="3">when do you open</sample><sample intentref="ORDER">theirs</sample></samples>`,
    );
    const merged = mergeTrsx(base, local, remote);
    assert.deepEqual(merged.conflicts, []);
    assert.equal(merged.changesLocal, true);
    assert.deepEqual(
      merged.document.samples.map((s) => [s.content.map((n) => (typeof n === 'string' ? n : '#')).join(''), s.count]),
      [
        ['a # one', undefined],
        ['when do you open', 3],
        ['mine', undefined],
        ['theirs', undefined],
      ],
    );
    assert.deepEqual(
      merged.document.dictionaries[0]?.entries.map((e) => e.literal),
      ['large'],
    );
  });

  test('the same item changed differently on both sides is a conflict; the preferred side wins when asked', () => {
    const local = doc(
      `${ontology}${dictionary}<samples><sample intentref="ORDER">a <annotation conceptref="SIZE">small</annotation> one</sample><sample intentref="HOURS" count="4">when do you open</sample></samples>`,
    );
    const remote = doc(
      `${ontology}${dictionary}<samples><sample intentref="ORDER">a <annotation conceptref="SIZE">small</annotation> one</sample><sample intentref="HOURS" count="7">when do you open</sample></samples>`,
    );
    const merged = mergeTrsx(base, local, remote);
    assert.deepEqual(
      merged.conflicts.map((c) => [c.label, c.local, c.remote]),
      [['sample "when do you open" of HOURS', 'changed', 'changed']],
    );
    assert.equal(mergeTrsx(base, local, remote, 'remote').document.samples[1]?.count, 7);
    assert.equal(mergeTrsx(base, local, remote, 'local').document.samples[1]?.count, 4);
  });

  test('a removal on one side and an edit on the other conflict; the same removal on both agrees', () => {
    const removed = doc(
      `${ontology}${dictionary}<samples><sample intentref="ORDER">a <annotation conceptref="SIZE">small</annotation> one</sample></samples>`,
    );
    const edited = doc(
      `${ontology}${dictionary}<samples><sample intentref="ORDER">a <annotation conceptref="SIZE">small</annotation> one</sample><sample intentref="HOURS" count="9" excluded="true">when do you open</sample></samples>`,
    );
    assert.deepEqual(
      mergeTrsx(base, removed, edited).conflicts.map((c) => [c.local, c.remote]),
      [['removed', 'changed']],
    );
    const both = mergeTrsx(base, removed, removed);
    assert.deepEqual(both.conflicts, []);
    assert.equal(both.changesLocal, false);
  });
});

describe('reading TRSX without a tree', () => {
  test("the streamed model equals the parser's, for every real-world TRSX file", (t) => {
    let root = __dirname;
    while (!existsSync(join(root, 'package.json')) && dirname(root) !== root) root = dirname(root);
    const corpus = join(root, '..', 'shared', 'corpus', 'trsx');
    if (!existsSync(corpus)) {
      t.skip(`no corpus at ${corpus}`);
      return;
    }
    const files = readdirSync(corpus).filter((f) => f.endsWith('.trsx'));
    assert.ok(files.length > 0);
    for (const f of files) {
      const bytes = readFileSync(join(corpus, f));
      const streamed = readTrsxDocument(bytes, f);
      assert.ok(streamed.ok, f);
      assert.deepEqual(streamed.document, parseTrsxBytes(bytes).document, f);
    }
  });
});

describe('TRSX digests (one file read at a time)', () => {
  const bytesOf = (d: TrsxDocument): Uint8Array => new TextEncoder().encode(buildTrsx(d));
  const digestOf = (d: TrsxDocument): string => {
    const r = readTrsxDigest(bytesOf(d), 'the file');
    assert.ok(r.ok);
    return r.digest;
  };
  const sameByItems = (a: TrsxDocument, b: TrsxDocument): boolean => {
    const x = readTrsxDocument(bytesOf(a), 'a');
    const y = readTrsxDocument(bytesOf(b), 'b');
    assert.ok(x.ok && y.ok);
    return sameTrsx(x.document, y.document);
  };

  test('equal exactly when the item lists say the documents mean the same', () => {
    const sample = base.samples[0] as TrsxDocument['samples'][number];
    const variants: TrsxDocument[] = [
      base,
      { ...base, samples: [...base.samples].reverse() },
      { ...base, samples: [{ ...sample, count: 3 }, ...base.samples.slice(1)] },
      { ...base, samples: [...base.samples, sample] },
      { ...base, samples: [sample, ...base.samples] },
      { ...base, samples: [...base.samples, { ...sample, count: 2 }] },
      { ...base, samples: [{ ...sample, count: 2 }, ...base.samples] },
      { ...base, samples: base.samples.slice(1) },
      { ...base, intents: base.intents.slice(1) },
      { ...base, dictionaries: [] },
      { ...base, lang: 'fr-CA' },
    ];
    let equalPairs = 0;
    for (const [i, a] of variants.entries()) {
      for (const [j, b] of variants.entries()) {
        const same = sameByItems(a, b);
        if (same && i !== j) equalPairs++;
        assert.equal(digestOf(a) === digestOf(b), same, `variants ${i} and ${j}`);
      }
    }
    // Reordered samples mean the same; a duplicate's attributes follow the document order (as item ids do).
    assert.ok(equalPairs >= 2, `expected some equal variants, found ${equalPairs / 2} pair(s)`);
  });

  test('an absent file is an empty document; a file that is not TRSX says why', () => {
    const empty = readTrsxDigest(undefined, 'none');
    assert.ok(empty.ok);
    assert.notEqual(empty.digest, digestOf(base));
    assert.equal(empty.digest.split(':')[0], '1', 'an empty document has its header only');
    const bad = readTrsxDigest(new TextEncoder().encode('<grammar/>'), 'the remote en-US/en-US.trsx');
    assert.deepEqual(bad, {
      ok: false,
      problem: 'the remote en-US/en-US.trsx is not TRSX (its root is <grammar>, expected <project>).',
    });
  });
});
