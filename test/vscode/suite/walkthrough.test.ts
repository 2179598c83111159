/// <reference types="mocha" />
// The first-run walkthrough (`contributes.walkthroughs`) is complete and every link in it works: each step has a
// title, a description with a command link, media that ships with the extension, and completion events; every
// `command:` link (in descriptions and in the markdown media) and every `onCommand:` event names a command that
// is registered once the extension is active. A step that points at a command no feature registers fails here,
// loudly, with the step and the id.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALREADY_HELD_KEYS } from '../../../src/features/walkthrough/walkthroughFeature';
import { CommandIds } from '../../../src/host/commandIds';
import { runningSandbox } from '../explorerHelpers';
import { extensionApi, waitFor } from '../helpers';
import { CONNECTION, TOPIC } from '../logsHelpers';

interface WalkthroughStep {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string; image?: string | Record<string, string>; svg?: string; altText?: string };
  completionEvents?: string[];
}

interface Walkthrough {
  id: string;
  title: string;
  description: string;
  steps: WalkthroughStep[];
}

interface Manifest {
  publisher: string;
  name: string;
  contributes: { walkthroughs?: Walkthrough[]; views: Record<string, Array<{ id: string }>> };
}

const WALKTHROUGH_ID = 'firstRun';
/** What a first run goes through, in order (issue 9). */
const STEP_IDS = [
  'startSandbox',
  'exploreDemo',
  'pullProject',
  'editTrsx',
  'pushChanges',
  'buildProject',
  'deployConfig',
  'streamLogs',
];

/** `[label](command:id)` and `[label](command:id?<url-encoded JSON args>)` links. */
function commandLinks(markdown: string): Array<{ id: string; args?: string }> {
  return [...markdown.matchAll(/\]\(command:([A-Za-z0-9_.-]+)(?:\?([^)\s]*))?\)/g)].map((m) => ({
    id: m[1] ?? '',
    args: m[2],
  }));
}

/** The media files a step shows, relative to the extension folder. */
function mediaFiles(step: WalkthroughStep): string[] {
  const { markdown, image, svg } = step.media;
  const images = typeof image === 'string' ? [image] : Object.values(image ?? {});
  return [markdown, svg, ...images].filter((p): p is string => typeof p === 'string');
}

async function manifestAndCommands(): Promise<{
  extension: vscode.Extension<unknown>;
  manifest: Manifest;
  walkthrough: Walkthrough;
  registered: Set<string>;
}> {
  const { extension } = await extensionApi();
  const manifest = JSON.parse(readFileSync(join(extension.extensionPath, 'package.json'), 'utf8')) as Manifest;
  const walkthrough = manifest.contributes.walkthroughs?.find((w) => w.id === WALKTHROUGH_ID);
  assert.ok(walkthrough, `package.json contributes.walkthroughs has no "${WALKTHROUGH_ID}" walkthrough`);
  return { extension, manifest, walkthrough, registered: new Set(await vscode.commands.getCommands(true)) };
}

suite('walkthrough', () => {
  test('the first-run walkthrough has its steps, each with a title, a command link, media and completion events', async () => {
    const { extension, walkthrough } = await manifestAndCommands();
    assert.ok(walkthrough.title.length > 0 && walkthrough.description.length > 0);
    assert.deepEqual(
      walkthrough.steps.map((s) => s.id),
      STEP_IDS,
    );
    for (const step of walkthrough.steps) {
      assert.ok(step.title.length > 0, `step ${step.id} has a title`);
      assert.ok(commandLinks(step.description).length > 0, `step ${step.id}'s description has a command: link`);
      const media = mediaFiles(step);
      assert.ok(media.length > 0, `step ${step.id} has media`);
      for (const file of media) {
        assert.ok(file.startsWith('media/walkthrough/'), `step ${step.id}: media ${file} lives in media/walkthrough/`);
        assert.ok(existsSync(join(extension.extensionPath, file)), `step ${step.id}: media ${file} exists`);
      }
      assert.ok((step.completionEvents ?? []).length > 0, `step ${step.id} has completion events`);
    }
  });

  test('WALKTHROUGH LINKS: every command: link and onCommand: event names a registered command', async () => {
    const { extension, manifest, walkthrough, registered } = await manifestAndCommands();
    const views = new Set(
      Object.values(manifest.contributes.views)
        .flat()
        .map((v) => v.id),
    );
    const broken: string[] = [];
    for (const step of walkthrough.steps) {
      const markdown = [
        step.description,
        ...mediaFiles(step)
          .filter((f) => f.endsWith('.md'))
          .map((f) => readFileSync(join(extension.extensionPath, f), 'utf8')),
      ];
      for (const link of markdown.flatMap(commandLinks)) {
        if (!registered.has(link.id))
          broken.push(`step "${step.id}" links to command:${link.id}, which no feature registers`);
        if (link.args !== undefined) {
          assert.doesNotThrow(
            () => JSON.parse(decodeURIComponent(link.args ?? '')),
            `step ${step.id}: the arguments of command:${link.id} are URL-encoded JSON`,
          );
        }
      }
      for (const event of step.completionEvents ?? []) {
        const [kind, value = ''] = event.split(/:(.*)/s);
        if (kind === 'onCommand' && !registered.has(value))
          broken.push(`step "${step.id}" completes on onCommand:${value}, which no feature registers`);
        else if (kind === 'onView' && !views.has(value))
          broken.push(`step "${step.id}" completes on onView:${value}, which package.json does not contribute`);
        else if (
          !['onCommand', 'onView', 'onContext', 'onSettingChanged', 'onLink', 'onEvent', 'onStepSelected'].includes(
            kind ?? '',
          )
        ) {
          broken.push(`step "${step.id}" has an unknown completion event ${event}`);
        } else if (value.trim().length === 0) broken.push(`step "${step.id}" has an empty completion event ${event}`);
      }
    }
    assert.deepEqual(
      broken,
      [],
      `WALKTHROUGH LINKS BROKEN — fix the ids in package.json contributes.walkthroughs or media/walkthrough/*.md:\n  ${broken.join('\n  ')}`,
    );
  });

  test('a condition that already holds when the walkthrough opens (sandbox running, explorer shown, project pulled) ticks its step', async () => {
    const { walkthrough } = await manifestAndCommands();
    const completes = (id: string): string[] => walkthrough.steps.find((s) => s.id === id)?.completionEvents ?? [];
    assert.ok(
      completes('startSandbox').includes(`onContext:${ALREADY_HELD_KEYS.sandboxRunning}`),
      "the sandbox step completes on the walkthrough's own key",
    );
    assert.ok(
      completes('pullProject').includes(`onContext:${ALREADY_HELD_KEYS.projectPulled}`),
      "the pull step completes on the walkthrough's own key",
    );
    assert.ok(
      completes('exploreDemo').includes(`onContext:${ALREADY_HELD_KEYS.explorerShown}`),
      "the explorer step completes on the walkthrough's own key",
    );
  });

  test('a TRSX file shown in an editor and a step command run from the palette tick their steps (issue 26)', async () => {
    const { walkthrough } = await manifestAndCommands();
    const { testing } = await extensionApi();
    const completes = (id: string): string[] => walkthrough.steps.find((s) => s.id === id)?.completionEvents ?? [];
    assert.ok(
      completes('editTrsx').includes(`onContext:${ALREADY_HELD_KEYS.trsxEdited}`),
      "the edit step completes on the walkthrough's own key, not on the focus",
    );
    assert.ok(completes('pushChanges').includes('onContext:cstudio.walkthrough.pushed'));
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', testing.walkthrough.walkthroughRef, false);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder);
    await vscode.window.showTextDocument(vscode.Uri.file(join(folder, 'coffee.trsx')), {
      viewColumn: vscode.ViewColumn.Beside,
      preserveFocus: true,
    });
    await waitFor("the edit step's key", () => testing.walkthrough.ticked.has(ALREADY_HELD_KEYS.trsxEdited));
    // A step command run as any other command (not through the step's button) ticks its step once it has finished.
    await runningSandbox(testing);
    await vscode.commands.executeCommand(CommandIds.logsSimulate, {
      connectionId: CONNECTION,
      topic: TOPIC,
      sessions: 1,
    });
    await waitFor("the simulate step's key", () => testing.walkthrough.ticked.has('cstudio.walkthrough.simulated'));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('VS Code opens the walkthrough', async () => {
    const { manifest } = await manifestAndCommands();
    await vscode.commands.executeCommand(
      'workbench.action.openWalkthrough',
      `${manifest.publisher}.${manifest.name}#${WALKTHROUGH_ID}`,
      false,
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
