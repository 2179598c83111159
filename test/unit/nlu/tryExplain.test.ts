// "Try" without an editor: the folder's own model explains an answer (nearest training samples with their TRSX
// lines, the grammar file of a rule-based entity), and the Try page renders it with no script, a strict CSP,
// escaped text and links to the panel's commands only. On the fixture project test/fixtures/workspace/coffee-shop.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { explainCandidates, FolderModels, grammarFileOf } from '../../../src/core/nlu/tryExplain';
import { triedUtterance } from '../../../src/core/nlu/tryResult';
import { TRY_PAGE_COMMANDS, tryHtml } from '../../../src/features/try/tryHtml';
import { repoRoot } from '../formats/grxml/helpers';

const FOLDER = join(repoRoot(), 'test', 'fixtures', 'workspace', 'coffee-shop');

describe('try: explanation and page', () => {
  test('the nearest samples of the top candidates point at their TRSX lines; a rule-based entity names its grammar', async () => {
    const models = new FolderModels();
    const folderModel = await models.modelOf(FOLDER, 'en-US');
    assert.equal(await models.modelOf(FOLDER, 'en-US'), folderModel, 'one training per TRSX text');
    const text = 'a large latte';
    const answer = folderModel.model.interpret(text);
    const why = explainCandidates(
      folderModel,
      text,
      answer.interpretations.map((i) => i.intent),
    );
    assert.equal(why.length, 2);
    assert.equal(why[0]?.intent, 'ORDER_COFFEE');
    const lines = readFileSync(join(FOLDER, 'en-US', 'en-US.trsx'), 'utf8').split('\n');
    for (const s of why.flatMap((w) => w.nearest)) {
      assert.equal(s.source?.file, 'en-US/en-US.trsx');
      const line = lines[(s.source?.line ?? 0) - 1] ?? '';
      assert.match(
        line,
        new RegExp(`<sample intentref="${s.intent}"`),
        `line ${s.source?.line} is the sample "${s.text}"`,
      );
    }
    assert.equal(why[0]?.nearest[0]?.text, 'a large latte please');
    assert.equal(grammarFileOf(folderModel, 'en-US', 'ORDER_NUMBER'), 'en-US/grammars/order_number.grxml');
    assert.equal(grammarFileOf(folderModel, 'en-US', 'COFFEE_SIZE'), undefined);
  });

  test('the page: entities highlighted, n-best, why-links; no script, strict CSP, text escaped', () => {
    const tried = triedUtterance('a <large> latte', {
      result: {
        literal: 'a <large> latte',
        interpretations: [
          {
            singleIntentInterpretation: {
              intent: 'ORDER_COFFEE',
              confidence: 0.8,
              origin: 'STATISTICAL',
              entities: {
                COFFEE_SIZE: {
                  entities: [
                    {
                      textRange: { startIndex: 2, endIndex: 9 },
                      literal: '<large>',
                      stringValue: 'L',
                      origin: 'GRAMMAR',
                      confidence: 1,
                    },
                  ],
                },
              },
            },
          },
          { singleIntentInterpretation: { intent: 'CANCEL', confidence: 0.1, origin: 'STATISTICAL' } },
        ],
      },
    });
    const html = tryHtml('vscode-resource:', 'style.css', {
      tag: 'coffee-main',
      locale: 'en-US',
      uri: 'urn:x',
      tried,
      trsx: 'en-US/en-US.trsx',
      grammarFiles: { COFFEE_SIZE: 'en-US/grammars/size.grxml' },
      why: [
        {
          intent: 'ORDER_COFFEE',
          nearest: [
            {
              text: 'a large latte please',
              intent: 'ORDER_COFFEE',
              similarity: 0.9,
              source: { file: 'en-US/en-US.trsx', line: 30, offset: 0 },
            },
          ],
        },
        { intent: 'CANCEL', nearest: [] },
      ],
    });
    assert.match(html, /content="default-src 'none'; style-src vscode-resource:"/);
    assert.doesNotMatch(html, /<script|style="/i);
    assert.match(
      html,
      /a <mark class="entity" title="COFFEE_SIZE → L">&#60;large&#62;<span class="tag">COFFEE_SIZE<\/span><\/mark> latte/,
    );
    assert.match(html, /Why ORDER_COFFEE and not CANCEL/);
    assert.ok(
      html.includes(
        `command:cstudio.try.openSample?${encodeURIComponent(JSON.stringify([{ file: 'en-US/en-US.trsx', line: 30 }])).replace(/'/g, '&#39;')}`,
      ),
      'a sample links to its line',
    );
    assert.ok(html.includes('Test in the grammar tester'), 'a grammar entity links to the tester');
    const commands = [...html.matchAll(/href="command:([^?"]+)/g)].map((m) => m[1]);
    assert.ok(commands.length >= 4 && commands.every((c) => TRY_PAGE_COMMANDS.includes(c ?? '')), commands.join(', '));
  });
});
