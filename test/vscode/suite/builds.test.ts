/// <reference types="mocha" />
// Build commands end to end in the real extension host: Build Project asks its questions (scripted), follows
// the job with the per-locale report, writes a report document when a locale fails, and the new builds show
// under the project's Builds; download and delete act on a build node. Effects are read back over HTTP. The
// suite builds a project it creates (and deletes), so the demo project's builds stay as seeded.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readZip } from '../../../src/core/package/zip';
import type { PlatformClient } from '../../../src/core/platform/client';
import type { Project } from '../../../src/core/platform/types';
import { CommandIds } from '../../../src/host/commandIds';
import { extensionApi, updateSetting, waitFor } from '../helpers';
import { childrenOf, childrenUntil, demoClient, runningSandbox, usePrompterForSuite, walk } from '../explorerHelpers';

const SANDBOX = 'Local sandbox';
const ORG = 'Demo Coffee Co.';
const NAME = `Build Test ${Date.now().toString(36)}`;

interface BuildOutcome {
  job: { status: string; id: string };
  finished: boolean;
  report?: string;
}

suite('build commands', () => {
  const prompter = usePrompterForSuite();
  let dir = '';
  let owner: PlatformClient;
  let project: Project;

  suiteSetup(async () => {
    const { testing } = await extensionApi();
    dir = mkdtempSync(join(tmpdir(), 'cstudio-builds-'));
    await updateSetting('cstudio.sandbox.jobDurationMs', 200);
    await waitFor('the job duration setting', () => testing.settings.value.sandbox.jobDurationMs === 200);
    await vscode.commands.executeCommand(CommandIds.sandboxRestart);
    owner = demoClient(await runningSandbox(testing), 'owner');
    const orgId = (await owner.organizations.list().next()).value?.id as string;
    project = await owner.projects.create(orgId, {
      displayName: NAME,
      languages: ['en-US'],
      isChildDataCompliant: 'NO',
    });
    // Organizations (the children of connections) listed by an earlier suite are listed again, with the new project.
    testing.explorer.model.refreshWhere((n) => n.parent !== undefined && n.parent.parent === undefined);
  });

  suiteTeardown(async () => {
    await updateSetting('cstudio.sandbox.jobDurationMs', undefined);
    if (project) await owner.projects.delete(project.id).catch(() => undefined);
    // The later suites see the organization as seeded again.
    (await extensionApi()).testing.explorer.model.refreshWhere(
      (n) => n.parent !== undefined && n.parent.parent === undefined,
    );
    await owner?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('Build Project: a failed locale gives a partial build with a report document of its errors', async () => {
    const { testing } = await extensionApi();
    const node = await walk(testing, SANDBOX, ORG, NAME);
    prompter.script(
      { pickMany: ['NLU', 'DIALOG'] },
      { input: 'first build' },
      { pick: 'ACCURATE' },
      { pickMany: ['nuance_custom_data'] },
    );
    const outcome = await vscode.commands.executeCommand<BuildOutcome>(CommandIds.projectBuild, node.node);
    assert.equal(outcome.finished, true);
    assert.equal(outcome.job.status, 'PARTIALLY_COMPLETED');
    assert.deepEqual(
      prompter.asked.map((a) => a.kind),
      ['pickMany', 'input', 'pick', 'pickMany'],
    );
    assert.deepEqual(
      prompter.asked[0]?.offered,
      ['*ASR', '*NLU', '*DIALOG'],
      'every service offered, all pre-selected',
    );
    assert.equal(
      prompter.warnings.at(-1),
      `Build of "${NAME}" partially completed: 1 of 2 failed: NLU en-US.`,
      'one short line, not cut off',
    );
    assert.ok(
      prompter.progress.some((p) => /NLU en-US failed/.test(p)),
      `progress: ${prompter.progress.join(' | ')}`,
    );
    assert.ok(outcome.report, 'a report document');
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(outcome.report));
    assert.match(doc.getText(), /### NLU en-US\n\n- No samples for locale en-US/);
    assert.match(doc.getText(), /PARTIALLY_COMPLETED/);
    const builds = (await owner.builds.listPage(project.id, 10, 0)).items;
    const nlu = builds.find((b) => b.buildType === 'NLU');
    assert.equal(nlu?.status, 'BST_FAILED');
    assert.equal(nlu?.notes, 'first build');
    assert.equal(nlu?.modelType, 'ACCURATE');
  });

  test('Build Project from the palette: a completed build appears under Builds', async () => {
    const { testing } = await extensionApi();
    const dialog = await walk(testing, SANDBOX, ORG, NAME, 'Builds', 'Dialog');
    await childrenUntil(testing, dialog.node, 'the first dialog build', (c) => c.length === 1);
    // Jobs loaded (and shown) before the build: the build's job is listed once it is done (issue 26).
    const jobsBefore = await childrenOf(testing, (await walk(testing, SANDBOX, ORG, NAME, 'Jobs')).node);
    prompter.script({ pick: NAME }, { pickMany: ['DIALOG'] }, { input: '' });
    const outcome = await vscode.commands.executeCommand<BuildOutcome>(CommandIds.projectBuild);
    assert.equal(prompter.asked[0]?.title, 'Build Project');
    assert.equal(outcome.job.status, 'COMPLETED');
    assert.match(prompter.infos.at(-1) ?? '', new RegExp(`^"${NAME}" built( in [^:]+)?: 1 build ✓\\.$`));
    assert.ok(
      (prompter.infos.at(-1) ?? '').length <= NAME.length + 30,
      'the notification fits one line; the report holds the rest',
    );
    assert.ok(outcome.report, 'the full report is a document behind "Show Report"');
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(outcome.report));
    assert.match(doc.getText(), /\| Dialog \| — \| COMPLETED \|/);
    const shown = await childrenUntil(
      testing,
      (await walk(testing, SANDBOX, ORG, NAME, 'Builds', 'Dialog')).node,
      'the new build in the tree',
      (c) => c.length === 2,
    );
    assert.deepEqual(
      shown.map((s) => s.label),
      ['v2', 'v1'],
    );
    assert.equal(shown[0]?.item.contextValue, 'build:completed');
    const jobs = await childrenUntil(
      testing,
      (await walk(testing, SANDBOX, ORG, NAME, 'Jobs')).node,
      "the build's job under Jobs",
      (c) => c.length === jobsBefore.length + 1 && c[0]?.item.contextValue === 'job:finished',
    );
    assert.equal(jobs[0]?.label, 'Build models');
    assert.match(
      String(
        jobs[0]?.item.tooltip instanceof vscode.MarkdownString ? jobs[0].item.tooltip.value : jobs[0]?.item.tooltip,
      ),
      new RegExp(outcome.job.id),
    );
  });

  test('Download a build to a file, then delete one after a confirmation', async () => {
    const { testing } = await extensionApi();
    const dialog = await walk(testing, SANDBOX, ORG, NAME, 'Builds', 'Dialog');
    const [v2, v1] = await childrenUntil(testing, dialog.node, 'two dialog builds', (c) => c.length === 2);
    const file = join(dir, 'build.zip');
    prompter.script({ saveFile: file });
    await vscode.commands.executeCommand(CommandIds.buildDownload, v2?.node);
    assert.equal(prompter.asked[0]?.offered[0], `DIALOG_${project.id}_2.zip`);
    const manifest = JSON.parse(new TextDecoder().decode((await readZip(readFileSync(file))).get('manifest.json'))) as {
      buildLabel?: string;
    };
    assert.equal(manifest.buildLabel, `DIALOG_${project.id}_2`);

    prompter.script({ confirm: false });
    assert.equal(await vscode.commands.executeCommand(CommandIds.buildDelete, v1?.node), undefined);
    assert.equal(
      (await owner.builds.listPage(project.id, 10, 0, { type: 'DIALOG' })).items.length,
      2,
      'declined: nothing deleted',
    );
    prompter.script({ confirm: true });
    assert.equal(await vscode.commands.executeCommand(CommandIds.buildDelete, v1?.node), `DIALOG_${project.id}_1`);
    const left = (await owner.builds.listPage(project.id, 10, 0, { type: 'DIALOG' })).items.map((b) => b.buildLabel);
    assert.deepEqual(left, [`DIALOG_${project.id}_2`]);
    await childrenUntil(
      testing,
      (await walk(testing, SANDBOX, ORG, NAME, 'Builds', 'Dialog')).node,
      'the deleted build gone',
      (c) => c.length === 1 && c[0]?.label === 'v2',
    );
  });
});
