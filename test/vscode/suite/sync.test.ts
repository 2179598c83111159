/// <reference types="mocha" />
// Sync end to end in the real extension host: a project this suite creates is pulled into a folder of the
// test workspace, edited on disk, seen in the Source Control view, the status bar and the diffs, pushed by
// append and by replace (with the plan shown and confirmed), restored from its backup, refused while another
// user's change is not pulled, and compared as packages through the read-only cstudio-zip: file system.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readZip, writeZip } from '../../../src/core/package/zip';
import type { PlatformClient } from '../../../src/core/platform/client';
import type { Project } from '../../../src/core/platform/types';
import type { PullResult } from '../../../src/core/sync/pull';
import type { PushOutcome } from '../../../src/core/sync/push';
import type { RestoreOutcome } from '../../../src/core/sync/restore';
import { CommandIds } from '../../../src/host/commandIds';
import type { ComparisonReport } from '../../../src/features/sync/comparisonView';
import { zipUri } from '../../../src/features/sync/syncUris';
import { extensionApi, readLogs, waitFor } from '../helpers';
import { demoClient, runningSandbox, usePrompterForSuite } from '../explorerHelpers';

const NAME = `Sync Test ${Date.now().toString(36)}`;
const enc = new TextEncoder();
const TRSX = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="en-US" nuance:version="2.6">
  <ontology>
    <intents>
      <intent name="ORDER">
        <links>
          <link conceptref="SIZE"/>
        </links>
      </intent>
    </intents>
    <concepts>
      <concept name="SIZE"/>
    </concepts>
  </ontology>
  <dictionaries>
    <dictionary conceptref="SIZE">
      <entry literal="small" value="S"/>
      <entry literal="large" value="L"/>
    </dictionary>
  </dictionaries>
  <samples>
    <sample intentref="ORDER" count="1">a <annotation conceptref="SIZE">large</annotation> coffee</sample>
    <sample intentref="ORDER" count="1">one coffee please</sample>
  </samples>
</project>
`;

async function remoteSamples(client: PlatformClient, projectId: string): Promise<string> {
  const files = await readZip(await (await client.projects.exportPackage(projectId)).toBuffer());
  return new TextDecoder().decode(files.get('en-US/en-US.trsx'));
}

function activeDiff(): vscode.TabInputTextDiff | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof vscode.TabInputTextDiff ? input : undefined;
}

suite('sync: pull, status, diffs, push, restore, compare', function () {
  // The extension host is shared with every other suite and its background work: allow for a slow moment.
  this.timeout(120_000);
  const prompter = usePrompterForSuite();
  let owner: PlatformClient;
  let admin: PlatformClient;
  let project: Project;
  let root = '';
  let scratch = '';
  const trsxFile = (): string => join(root, 'en-US', 'en-US.trsx');
  const edit = (from: string, to: string): void => {
    const text = readFileSync(trsxFile(), 'utf8');
    assert.ok(text.includes(from), `the file holds ${from}`);
    writeFileSync(trsxFile(), text.replace(from, to));
  };

  suiteSetup(async () => {
    const { testing } = await extensionApi();
    const info = await runningSandbox(testing);
    owner = demoClient(info, 'owner');
    admin = demoClient(info, 'admin');
    project = await owner.projects.create('1', { displayName: NAME, languages: ['en-US'], isChildDataCompliant: 'NO' });
    const zip = await writeZip({
      'metadata.json': enc.encode('{}'),
      'dialog.json': enc.encode('{}'),
      'en-US/en-US.trsx': enc.encode(TRSX),
    });
    const job = await owner.jobPoller.waitFor(project.id, await owner.projects.replacePackage(project.id, zip));
    assert.equal(job.status, 'COMPLETED');
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the test window has a folder');
    root = join(folder, `sync-${project.id}`);
    scratch = mkdtempSync(join(tmpdir(), 'cstudio-sync-suite-'));
  });

  suiteTeardown(async () => {
    if (project) await owner.projects.delete(project.id).catch(() => undefined);
    await owner?.close();
    await admin?.close();
    if (root) rmSync(root, { recursive: true, force: true });
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  test('Pull lays the project out in a folder the Source Control view and the status bar follow', async () => {
    const { testing } = await extensionApi();
    const result = await vscode.commands.executeCommand<PullResult>(CommandIds.syncPull, {
      connectionId: 'local-sandbox',
      projectId: project.id,
      folder: root,
    });
    assert.equal(result.fresh, true);
    assert.match(prompter.infos.join('\n'), new RegExp(`Pulled project ${project.id}`));
    await waitFor('the pulled folder in the model', () => testing.sync.model.get(root)?.status);
    assert.deepEqual(testing.sync.scmResources(root), { conflicts: [], local: [], remote: [] });
    await vscode.window.showTextDocument(vscode.Uri.file(trsxFile()));
    // A pull leaves the folder at the platform's project: in sync at once, never "?" (remote unknown).
    await waitFor('in sync in the status bar', () => testing.sync.statusBarText() === `$(check) ${NAME}`);
    // The hidden base copies under .cstudio/ stay out of Quick Open and search (files.exclude/search.exclude).
    const found = (await vscode.workspace.findFiles('**/en-US.trsx'))
      .map((u) => u.fsPath)
      .filter((f) => f.startsWith(root));
    assert.deepEqual(found, [trsxFile()]);
    assert.equal(
      vscode.workspace.getConfiguration('search').get<Record<string, boolean>>('exclude')?.['**/.cstudio'],
      true,
    );
  });

  test('Push with nothing to push says so at once: no mode, no lock, no plan (issue 26); pull and push are in the log', async () => {
    const { testing } = await extensionApi();
    const outcome = await vscode.commands.executeCommand<PushOutcome>(CommandIds.syncPush, { root });
    assert.equal(outcome.status, 'nothing');
    assert.deepEqual(
      prompter.asked.map((a) => `${a.kind} ${a.title}`),
      [],
      'nothing was asked',
    );
    assert.deepEqual(prompter.infos, [
      `Nothing to push: sync-${project.id} matches the platform (no local change since the last pull or push).`,
    ]);
    assert.equal(
      prompter.progress.some((p) => p.startsWith('Preparing the push')),
      false,
      'no plan was prepared',
    );
    await waitFor('pull and push in the log', () => {
      const log = readLogs(testing.logDir);
      return (
        log.includes(`pull: project ${project.id} into ${root} (connection `) &&
        log.includes(`pull: ${root} pulled from project ${project.id}`) &&
        log.includes(`push: ${root} to ${NAME} (project ${project.id}) started`) &&
        log.includes(`push: Nothing to push: sync-${project.id} matches the platform`)
      );
    });
  });

  test('A local edit shows as a change with a diff against the base; Status checks the platform', async () => {
    const { testing } = await extensionApi();
    edit('</samples>', '  <sample intentref="ORDER">a small coffee to go</sample>\n  </samples>');
    await waitFor('the edit in the Source Control view', () =>
      testing.sync.scmResources(root).local.some((p) => p.endsWith('en-US/en-US.trsx')),
    );
    await vscode.commands.executeCommand(CommandIds.syncOpenBaseDiff, vscode.Uri.file(trsxFile()));
    const diff = await waitFor('a diff editor', () => activeDiff());
    assert.equal(diff.original.scheme, 'cstudio-base');
    const base = await vscode.workspace.openTextDocument(diff.original);
    assert.ok(
      !base.getText().includes('to go') && base.getText().includes('one coffee please'),
      'the base side is the pulled file',
    );

    await vscode.commands.executeCommand(CommandIds.syncStatus, { root });
    assert.match(prompter.infos.at(-1) ?? '', /has local changes to push \(1 local, 0 remote change\(s\)\)/);
    await waitFor('ahead in the status bar', () =>
      testing.sync.statusBarText().includes('$(cloud-upload) 1 $(cloud-download) 0'),
    );
  });

  test('Push by append shows the plan, asks, sends only additions, and refreshes the base and the views', async () => {
    const { testing } = await extensionApi();
    const shown = await vscode.commands.executeCommand<ComparisonReport>(CommandIds.syncShowChanges, { root });
    assert.deepEqual(
      shown.comparison.files.map((f) => `${f.change} ${f.path}`),
      ['modified en-US/en-US.trsx'],
    );
    prompter.script({ confirm: true });
    const outcome = await vscode.commands.executeCommand<PushOutcome>(CommandIds.syncPush, {
      root,
      mode: 'append',
      lock: false,
    });
    assert.equal(outcome.status, 'completed');
    const plan = vscode.workspace.textDocuments.find(
      (d) => d.uri.scheme === 'cstudio-sync' && d.uri.path === '/Push Plan',
    );
    assert.match(
      plan?.getText() ?? '',
      new RegExp(`PUT /v4/projects/${project.id}/intents/ORDER/samples/\\.append\\?locale=en-US`),
    );
    assert.match(plan?.getText() ?? '', /\+ sample "a small coffee to go" of ORDER/);
    assert.match(
      prompter.asked.find((a) => a.kind === 'confirm')?.title ?? '',
      new RegExp(`Send 1 operation to ${NAME}`),
    );
    assert.match(await remoteSamples(owner, project.id), /a small coffee to go/);
    await waitFor('no local change left', () => testing.sync.scmResources(root).local.length === 0);
    // The views follow their source: the comparison no longer lists the pushed change, the status bar is in sync.
    const provider = testing.sync.comparison;
    await waitFor('the pushed change gone from Package Comparison', () =>
      provider.getChildren().every((n) => n.kind !== 'file'),
    );
    assert.equal(provider.current?.title, `base ↔ sync-${project.id}`);
    await waitFor('in sync in the status bar', () => testing.sync.statusBarText() === `$(check) ${NAME}`);
    await waitFor("the push's outcome in the log", () =>
      new RegExp(`push: ${NAME} completed: `).test(readLogs(testing.logDir)),
    );
  });

  test('Push by replace asks twice and saves a backup; Restore Backup puts it back', async () => {
    edit('<sample intentref="ORDER" count="1">one coffee please</sample>', '');
    prompter.script({ confirm: true }, { confirm: true });
    const outcome = await vscode.commands.executeCommand<PushOutcome>(CommandIds.syncPush, {
      root,
      mode: 'replace',
      lock: true,
    });
    assert.equal(outcome.status, 'completed', JSON.stringify(outcome.results.map((r) => r.error)));
    assert.ok(outcome.backup, 'a backup was saved first');
    assert.equal(prompter.asked.filter((a) => a.kind === 'confirm').length, 2);
    assert.doesNotMatch(await remoteSamples(owner, project.id), /one coffee please/);
    assert.equal(await owner.projects.getLock(project.id), undefined, 'the push unlocked the project');

    prompter.reset();
    prompter.script({ pick: outcome.backup.name }, { confirm: true });
    const restored = await vscode.commands.executeCommand<RestoreOutcome>(CommandIds.syncRestoreBackup, { root });
    assert.equal(restored.job.status, 'COMPLETED');
    assert.match(await remoteSamples(owner, project.id), /one coffee please/);
    assert.match(readFileSync(trsxFile(), 'utf8'), /one coffee please/, 'the unedited file follows the restore');
  });

  test("Another user's change refuses the push until a pull merges it; nothing local is lost", async () => {
    const { testing } = await extensionApi();
    edit('</samples>', '  <sample intentref="ORDER">mine: a large one</sample>\n  </samples>');
    const theirs = TRSX.replace(
      /<samples>[^]*<\/samples>/,
      '<samples>\n    <sample intentref="ORDER">theirs: a tiny one</sample>\n  </samples>',
    );
    const job = await admin.samples.append(project.id, 'ORDER', 'en-US', {
      data: enc.encode(theirs),
      fileName: 'theirs.trsx',
    });
    assert.equal((await admin.jobPoller.waitFor(project.id, job)).status, 'COMPLETED');

    await vscode.commands.executeCommand(CommandIds.syncPush, { root, mode: 'append', lock: false });
    const refused = vscode.workspace.textDocuments.find((d) => d.uri.path === '/Push Refused');
    assert.match(refused?.getText() ?? '', /changed on the platform since the last pull; nothing was sent/);
    assert.doesNotMatch(await remoteSamples(owner, project.id), /mine: a large one/);
    assert.match(readFileSync(trsxFile(), 'utf8'), /mine: a large one/);

    const pulled = await vscode.commands.executeCommand<PullResult>(CommandIds.syncPull, { root });
    assert.deepEqual(pulled.merged, ['en-US/en-US.trsx']);
    const text = readFileSync(trsxFile(), 'utf8');
    assert.ok(text.includes('mine: a large one') && text.includes('theirs: a tiny one'));
    prompter.script({ confirm: true });
    const outcome = await vscode.commands.executeCommand<PushOutcome>(CommandIds.syncPush, {
      root,
      mode: 'append',
      lock: false,
    });
    assert.equal(outcome.status, 'completed');
    await waitFor('in sync again', () => testing.sync.scmResources(root).local.length === 0);
  });

  test('Compare Packages lists the files with side-by-side diffs and the semantic report; zips open read-only', async () => {
    const { testing } = await extensionApi();
    const zip = join(scratch, 'export.zip');
    await (await owner.projects.exportPackage(project.id)).toFile(zip);
    edit('</samples>', '  <sample intentref="ORDER">compared: a medium one</sample>\n  </samples>');
    const report = await vscode.commands.executeCommand<ComparisonReport>(CommandIds.syncComparePackages, {
      before: zip,
      after: root,
    });
    assert.deepEqual(
      report.comparison.files.map((f) => `${f.change} ${f.path}`),
      ['modified en-US/en-US.trsx'],
    );
    const provider = testing.sync.comparison;
    const [summary, file] = provider.getChildren();
    assert.ok(summary && file);
    assert.equal(provider.getTreeItem(summary).label, '1 file(s) differ, 2 identical');
    const changes = provider.getChildren(file).map((n) => provider.getTreeItem(n).label);
    assert.deepEqual(changes, ['+ sample "compared: a medium one" of ORDER']);

    await vscode.commands.executeCommand(CommandIds.syncOpenComparisonDiff, { path: 'en-US/en-US.trsx' });
    const diff = await waitFor('the comparison diff', () => activeDiff());
    assert.equal(diff.original.scheme, 'cstudio-zip');
    assert.equal(diff.modified.fsPath, trsxFile());

    const entries = await vscode.workspace.fs.readDirectory(zipUri(zip));
    assert.deepEqual(entries.map(([n]) => n).sort(), ['dialog.json', 'en-US', 'metadata.json']);
    const bytes = await vscode.workspace.fs.readFile(zipUri(zip, 'en-US/en-US.trsx'));
    assert.match(new TextDecoder().decode(bytes), /one coffee please/);
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.writeFile(zipUri(zip, 'x.txt'), enc.encode('x'))),
      /read-only|NoPermissions/i,
    );

    // The pulled folder's side follows its edits: another sample joins the report without comparing again.
    edit('</samples>', '  <sample intentref="ORDER">compared: a large one</sample>\n  </samples>');
    await waitFor(
      'the new edit in Package Comparison',
      () => {
        const changed = provider.getChildren().find((n) => n.kind === 'file');
        return (
          changed !== undefined &&
          provider.getChildren(changed).some((n) => String(provider.getTreeItem(n).label).includes('a large one'))
        );
      },
      60_000,
    ); // a safety net: the file watcher and the recomputation are slow on a loaded machine
  });

  test('A push with errors in the folder is refused before the mode and lock questions', async () => {
    const good = readFileSync(trsxFile(), 'utf8');
    edit('</samples>', '<sample intentref="ORDER">unclosed</samples>');
    try {
      await vscode.commands.executeCommand(CommandIds.syncPush, { root });
      assert.deepEqual(
        prompter.asked.map((a) => `${a.kind} ${a.title}`),
        [],
        'nothing was asked',
      );
      // The refusal document was shown before (another refusal): its text follows asynchronously.
      const refused = await waitFor('the refusal of the invalid folder', () =>
        vscode.workspace.textDocuments.find(
          (d) => d.uri.path === '/Push Refused' && d.getText().includes('The workspace has'),
        ),
      );
      assert.match(
        refused.getText(),
        /The workspace has \d+ error\(s\); fix them before pushing:\n {2}en-US\/en-US\.trsx:\d+/,
      );
      assert.deepEqual(prompter.failures, []);
    } finally {
      writeFileSync(trsxFile(), good);
    }
  });
});
