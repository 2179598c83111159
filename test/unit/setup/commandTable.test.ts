// One command lives in several places: src/host/commandIds.ts (the ids the code uses), package.json's
// `contributes.commands` (title, category, icon), its menus, the walkthrough and the views' welcome text. These
// checks read them all in plain Node and fail on any disagreement, so a command added, renamed or removed in one
// place only is caught before the VS Code tier (which checks that each declared command is also registered:
// test/vscode/suite/activation.test.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommandIds, commandIdsIn } from '../../../src/host/commandIds';
import { root } from '../helpers/bundleInputs';

interface MenuItem {
  command?: string;
  submenu?: string;
  when?: string;
  group?: string;
}
interface Manifest {
  capabilities: { untrustedWorkspaces: { supported: string; restrictedConfigurations: string[] } };
  contributes: {
    commands: Array<{ command: string; title: string; category?: string; icon?: string }>;
    menus: Record<string, MenuItem[]>;
    views: Record<string, Array<{ id: string }>>;
    viewsWelcome: Array<{ view: string; contents: string }>;
    walkthroughs: Array<{
      id: string;
      steps: Array<{ id: string; description: string; media: { markdown?: string }; completionEvents?: string[] }>;
    }>;
  };
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
const contributed = manifest.contributes.commands;
const declared = new Set(contributed.map((c) => c.command));
const viewIds = Object.values(manifest.contributes.views)
  .flat()
  .map((v) => v.id);

/** The commands VS Code makes for each contributed view (`<view>.focus`, …): a link may name them. */
function isViewCommand(id: string): boolean {
  return viewIds.some((v) => id.startsWith(`${v}.`));
}

/** `command:<id>` links in markdown, with the decoded JSON arguments when the link carries them. */
function commandLinks(text: string): Array<{ id: string; args: unknown[] }> {
  return [...text.matchAll(/\(command:([\w.-]+)(?:\?([^)\s]*))?\)/g)].map((m) => ({
    id: m[1] as string,
    args: m[2] ? (JSON.parse(decodeURIComponent(m[2])) as unknown[]) : [],
  }));
}

describe('command table (package.json ↔ src/host/commandIds.ts)', () => {
  test('every id in CommandIds is contributed, and every contributed command has an id', () => {
    const ids = Object.values(CommandIds);
    assert.equal(new Set(ids).size, ids.length, 'no two CommandIds keys share an id');
    assert.deepEqual(
      ids.filter((id) => !declared.has(id)),
      [],
      'in commandIds.ts but not in package.json contributes.commands',
    );
    assert.deepEqual(
      [...declared].filter((id) => !ids.includes(id as never)),
      [],
      'in package.json but not in commandIds.ts',
    );
    assert.equal(declared.size, contributed.length, 'each command is contributed once');
  });

  test('every contributed command has a title and the category, and titles are unique', () => {
    for (const c of contributed) {
      assert.equal(c.category, 'Conversational Studio', `${c.command} has the category`);
      assert.ok(c.title.trim().length > 0 && c.title === c.title.trim(), `${c.command} has a title`);
    }
    const titles = contributed.map((c) => c.title);
    assert.deepEqual(
      titles.filter((t, i) => titles.indexOf(t) !== i),
      [],
      'two commands share a title in the palette',
    );
  });

  test('every menu entry names a contributed command; inline and title-bar entries have an icon', () => {
    const icons = new Map(contributed.map((c) => [c.command, c.icon]));
    for (const [menu, items] of Object.entries(manifest.contributes.menus)) {
      for (const item of items) {
        assert.ok(
          item.command !== undefined && declared.has(item.command),
          `${menu}: ${item.command ?? item.submenu} is a contributed command`,
        );
        if (/^(inline|navigation)@/.test(item.group ?? '') && menu !== 'commandPalette') {
          assert.ok(
            icons.get(item.command),
            `${menu}: ${item.command} shows as a button (${item.group}), so it needs an icon`,
          );
        }
      }
    }
  });

  test('view menus are scoped to one of our views and ordered', () => {
    const items = [
      ...(manifest.contributes.menus['view/item/context'] ?? []),
      ...(manifest.contributes.menus['view/title'] ?? []),
    ];
    assert.ok(items.length > 0);
    for (const item of items) {
      const view = /^view == ([\w.]+)(?:\s|$)/.exec(item.when ?? '')?.[1];
      assert.ok(
        view !== undefined && viewIds.includes(view),
        `${item.command} is scoped to one of the extension's views (when: ${item.when})`,
      );
      assert.match(item.group ?? '', /^(inline|navigation|\d+_\w+)@\d+$/, `${item.command} has an ordered group`);
    }
    for (const id of [
      CommandIds.projectLock,
      CommandIds.intentCreate,
      CommandIds.entityExportLiterals,
      CommandIds.jobWatch,
      CommandIds.channelActivate,
    ]) {
      assert.ok(
        items.some((i) => i.command === id && /viewItem =~ \/\^/.test(i.when ?? '')),
        `${id} is offered on matching nodes`,
      );
    }
  });

  test("the walkthrough, its media and the views' welcome link only to commands that exist", () => {
    const stepSource = readFileSync(join(root, 'src', 'features', 'walkthrough', 'walkthroughFeature.ts'), 'utf8');
    const block = /STEP_COMMANDS[^=]*=\s*\{([\s\S]*?)\n\};/.exec(stepSource)?.[1];
    assert.ok(block, 'STEP_COMMANDS is found in walkthroughFeature.ts');
    const stepCommands = new Set([...block.matchAll(/^\s*'([\w.]+)':/gm)].map((m) => m[1]));
    const texts: Array<[string, string]> = manifest.contributes.viewsWelcome.map((w) => [
      `welcome of ${w.view}`,
      w.contents,
    ]);
    for (const w of manifest.contributes.walkthroughs) {
      for (const step of w.steps) {
        texts.push([`walkthrough step ${step.id}`, step.description]);
        if (step.media.markdown)
          texts.push([step.media.markdown, readFileSync(join(root, step.media.markdown), 'utf8')]);
        for (const event of step.completionEvents ?? []) {
          const id = /^onCommand:(.+)$/.exec(event)?.[1];
          if (id) assert.ok(declared.has(id), `walkthrough step ${step.id} completes on ${id}, a contributed command`);
        }
      }
    }
    // Media files no step names are not shown, but must not link to a command that is gone either.
    for (const name of readdirSync(join(root, 'media', 'walkthrough')).filter((n) => n.endsWith('.md'))) {
      texts.push([`media/walkthrough/${name}`, readFileSync(join(root, 'media', 'walkthrough', name), 'utf8')]);
    }
    let links = 0;
    for (const [where, text] of texts) {
      for (const { id, args } of commandLinks(text)) {
        links++;
        if (!id.startsWith('cstudio.')) continue; // VS Code's own (workbench.action.quickOpen)
        assert.ok(declared.has(id) || isViewCommand(id), `${where} links to ${id}, which is not contributed`);
        if (id === CommandIds.walkthroughRun) {
          const target = String(args[0]);
          assert.ok(declared.has(target), `${where} runs ${target} through the walkthrough, which is not contributed`);
          assert.ok(
            stepCommands.has(target),
            `${where} runs ${target}, which STEP_COMMANDS in walkthroughFeature.ts does not list`,
          );
        }
      }
    }
    assert.ok(links >= 10, `found ${links} command links`);
  });

  test('the welcome offers Add Connection; untrusted workspaces are limited and cannot set connections', () => {
    assert.ok(
      manifest.contributes.viewsWelcome.some(
        (w) => w.view === 'cstudio.explorer' && w.contents.includes(`(command:${CommandIds.connectionAdd})`),
      ),
    );
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.deepEqual(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations, ['cstudio.connections']);
  });

  test("a feature's shells are the ids of its namespaces, whole segments only", () => {
    // The explorer's `entity` must not take `cstudio.entityTypes.show`, nor `node` anything but `cstudio.node.*`.
    assert.deepEqual(
      [...commandIdsIn('entity')].sort(),
      Object.values(CommandIds)
        .filter((id) => id.startsWith('cstudio.entity.'))
        .sort(),
    );
    assert.ok(!commandIdsIn('entity').includes(CommandIds.entityTypesShow));
    assert.deepEqual(commandIdsIn('entityTypes'), [CommandIds.entityTypesShow]);
    assert.deepEqual(
      [...commandIdsIn('connection', 'logs')].sort(),
      [...Object.values(CommandIds).filter((id) => /^cstudio\.(connection|logs)\./.test(id))].sort(),
    );
    assert.deepEqual(commandIdsIn('cstudio'), []);
  });
});
