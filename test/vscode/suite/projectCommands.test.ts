/// <reference types="mocha" />
// Project commands end to end in the real extension host: each runs through `executeCommand` (from a tree
// node, or from the palette answering quick picks), its prompts answered by a scripted prompter, and its
// effect read back from the sandbox over HTTP as another client would see it. The suite works on a project
// it creates (and deletes at the end), so the demo data stays as seeded for the other suites.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { platformErrorKind } from '../../../src/core/connections/errorKind';
import { parseExportFileName } from '../../../src/core/package/fileNames';
import { readZip } from '../../../src/core/package/zip';
import type { PlatformClient } from '../../../src/core/platform/client';
import type { Project } from '../../../src/core/platform/types';
import { CommandIds } from '../../../src/host/commandIds';
import { extensionApi, readLogs, updateSetting, waitFor } from '../helpers';
import { childrenOf, childrenUntil, demoClient, runningSandbox, usePrompterForSuite, walk } from '../explorerHelpers';

const SANDBOX = 'Local sandbox';
const ORG = 'Demo Coffee Co.';
const NAME = `Studio Test ${Date.now().toString(36)}`;
const RENAMED = `${NAME} (renamed)`;

suite('project commands', () => {
  const prompter = usePrompterForSuite();
  let dir = '';
  let owner: PlatformClient;
  let project: Project;
  const text = (file: string, content: string): string => {
    const p = join(dir, file);
    writeFileSync(p, content);
    return p;
  };
  const projectNode = async (name = RENAMED): Promise<Awaited<ReturnType<typeof walk>>> =>
    walk((await extensionApi()).testing, SANDBOX, ORG, name);

  suiteSetup(async () => {
    const { testing } = await extensionApi();
    dir = mkdtempSync(join(tmpdir(), 'cstudio-commands-'));
    // Short jobs keep the suite fast; the setting applies at the sandbox's next start.
    await updateSetting('cstudio.sandbox.jobDurationMs', 200);
    await waitFor('the job duration setting', () => testing.settings.value.sandbox.jobDurationMs === 200);
    await vscode.commands.executeCommand(CommandIds.sandboxRestart);
    owner = demoClient(await runningSandbox(testing), 'owner');
  });

  suiteTeardown(async () => {
    await updateSetting('cstudio.sandbox.jobDurationMs', undefined);
    if (project) await owner.projects.delete(project.id).catch(() => undefined);
    await owner?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('Create Project from the palette asks the child-data question (YES needs a description)', async () => {
    prompter.script({ input: NAME }, { input: 'en-US, fr-CA' }, { pick: 'Yes' }, { input: '   ' });
    assert.equal(await vscode.commands.executeCommand(CommandIds.projectCreate), undefined);
    assert.match(prompter.rejected[0] ?? '', /description is required/);
    assert.deepEqual(prompter.asked.find((a) => a.kind === 'pick')?.offered, ['No', 'Yes']);
    prompter.reset();
    prompter.script({ input: 'x' }, { input: 'english' });
    await vscode.commands.executeCommand(CommandIds.projectCreate);
    assert.match(prompter.rejected[0] ?? '', /"english" is not a locale code/);
    prompter.reset();
    prompter.script(
      { input: NAME },
      { input: 'en-US, fr-CA' },
      { pick: 'Yes' },
      { input: 'A test project for the extension tests.' },
    );
    project = await vscode.commands.executeCommand<Project>(CommandIds.projectCreate);
    assert.equal(project.displayName, NAME);
    const fetched = await owner.projects.get(project.id);
    assert.deepEqual(fetched.languages, ['en-US', 'fr-CA']);
    assert.match(prompter.infos[0] ?? '', new RegExp(`Project "${NAME}" \\(${project.id}\\) created in "${ORG}"`));
  });

  test('Rename and lock with notes from the tree; the tree shows the lock as yours; unlock', async () => {
    const { testing } = await extensionApi();
    const node = await projectNode(NAME);
    prompter.script({ input: RENAMED });
    assert.equal(await vscode.commands.executeCommand(CommandIds.projectRename, node.node), RENAMED);
    assert.equal((await owner.projects.get(project.id)).displayName, RENAMED);
    assert.equal(
      prompter.infos.at(-1),
      `Project "${NAME}" (${project.id}) renamed to "${RENAMED}".`,
      'the rename is confirmed',
    );

    const renamed = await projectNode();
    await childrenOf(testing, renamed.node);
    prompter.script({ input: 'Reworking the intents until Friday' });
    await vscode.commands.executeCommand(CommandIds.projectLock, renamed.node);
    const lock = await owner.projects.getLock(project.id);
    assert.equal(lock?.notes, 'Reworking the intents until Friday');
    const lockNode = await waitFor('the lock node to show the lock', async () => {
      const l = await walk(testing, SANDBOX, ORG, RENAMED, 'Lock');
      return l.item.contextValue === 'lock:locked:mine' && l;
    });
    assert.equal(lockNode.item.description, 'locked by Olivia Owner (you)');
    assert.equal((await projectNode()).item.contextValue, 'project:locked:mine');

    await vscode.commands.executeCommand(CommandIds.projectUnlock, lockNode.node);
    assert.equal(await owner.projects.getLock(project.id), undefined);
    await waitFor(
      'the project to show unlocked',
      async () => (await projectNode()).item.contextValue === 'project:unlocked',
    );
  });

  test('Export the package and the metadata to files named the way the platform names them', async () => {
    const node = await projectNode();
    const zipFile = join(dir, 'package.zip');
    prompter.script({ saveFile: zipFile });
    const exported = await vscode.commands.executeCommand<{ file: string; bytes: number }>(
      CommandIds.projectExportPackage,
      node.node,
    );
    const proposed = prompter.asked[0]?.offered[0] ?? '';
    assert.match(proposed, new RegExp(`^${project.id}-.*-\\d{4}-\\d{2}-\\d{2}-\\d{2}-\\d{2}-\\d{2}\\.zip$`));
    assert.equal(parseExportFileName(proposed, { projectName: RENAMED })?.kind, 'package');
    assert.equal(exported.file, zipFile);
    const entries = await readZip(readFileSync(zipFile));
    assert.ok(
      entries.has('metadata.json') && entries.has('en-US/en-US.trsx') && entries.has('fr-CA/fr-CA.trsx'),
      [...entries.keys()].join(', '),
    );
    assert.equal(exported.bytes, readFileSync(zipFile).length);

    const jsonFile = join(dir, 'metadata.json');
    prompter.script({ saveFile: jsonFile });
    await vscode.commands.executeCommand(CommandIds.projectExportMetadata, node.node);
    assert.equal(parseExportFileName(prompter.asked[1]?.offered[0] ?? '', { projectName: RENAMED })?.kind, 'metadata');
    assert.equal((JSON.parse(readFileSync(jsonFile, 'utf8')) as { name?: string }).name, RENAMED);
  });

  test('Replace from a package: refused when corrupt, asks first, then runs the job to its end', async () => {
    const { testing } = await extensionApi();
    const coffee = (await owner.projects.list().next()).value as Project;
    const coffeeZip = join(dir, 'coffee.zip');
    await (await owner.projects.exportPackage(coffee.id)).toFile(coffeeZip);
    const node = await projectNode();

    prompter.script({ openFile: text('broken.zip', 'not a zip at all') });
    assert.equal(await vscode.commands.executeCommand(CommandIds.projectReplace, node.node), undefined);
    await waitFor('the refusal in the log', () =>
      readLogs(testing.logDir).includes('broken.zip is not a usable package zip'),
    );

    prompter.script({ openFile: coffeeZip }, { confirm: false });
    assert.equal(await vscode.commands.executeCommand(CommandIds.projectReplace, node.node), undefined);
    assert.match(
      prompter.asked.find((a) => a.kind === 'confirm')?.title ?? '',
      new RegExp(`Replace ALL content of project "${RENAMED.replace(/[()]/g, '\\$&')}"`),
    );
    assert.equal((await owner.jobs.listPage(project.id, 10, 0)).items.length, 0, 'declined: no job started');

    prompter.reset();
    prompter.script({ openFile: coffeeZip }, { confirm: true });
    const outcome = await vscode.commands.executeCommand<{ job: { status: string }; finished: boolean }>(
      CommandIds.projectReplace,
      node.node,
    );
    assert.equal(outcome.finished, true);
    assert.equal(outcome.job.status, 'COMPLETED');
    assert.match(prompter.infos.at(-1) ?? '', /: completed/);
    assert.ok(
      prompter.progress.some((p) => /REPLACE_PROJECT|COMPLETED/.test(p)),
      prompter.progress.join(' | '),
    );
    const intents = (await owner.intents.list(project.id)).map((i) => i.name);
    assert.ok(intents.includes('ORDER_COFFEE'), intents.join(', '));
    const jobs = await childrenUntil(
      testing,
      (await walk(testing, SANDBOX, ORG, RENAMED, 'Jobs')).node,
      'the finished job in the tree',
      (c) => c[0]?.label === 'Replace project' && /completed/.test(String(c[0].item.description)),
    );
    assert.equal(jobs[0]?.item.contextValue, 'job:finished');
  });

  test('Channels: create, rename, deactivate, activate, update modes and color', async () => {
    const { testing } = await extensionApi();
    const channels = await walk(testing, SANDBOX, ORG, RENAMED, 'Channels');
    prompter.script({ input: 'Web' }, { pickMany: ['rich text', 'interactivity'] }, { pick: 'green' });
    const created = await vscode.commands.executeCommand<{ id: string }>(CommandIds.channelCreate, channels.node);
    const find = async (): Promise<
      { channel: { displayName: string; modes?: readonly string[]; color?: string }; isActive?: boolean } | undefined
    > => (await owner.projects.get(project.id)).channels?.find((c) => c.channel.id === created.id);
    assert.deepEqual(
      [(await find())?.channel.displayName, (await find())?.channel.modes, (await find())?.channel.color],
      ['Web', ['INTERACTIVITY', 'RICH_TEXT'], 'GREEN'],
    );
    assert.equal(prompter.infos.at(-1), `Channel "Web" created in "${RENAMED}".`);

    const web = await childrenUntil(testing, channels.node, 'the new channel', (c) => c.some((x) => x.label === 'Web'));
    const webNode = web.find((x) => x.label === 'Web');
    prompter.script({ input: 'Web chat' });
    await vscode.commands.executeCommand(CommandIds.channelRename, webNode?.node);
    assert.equal((await find())?.channel.displayName, 'Web chat');
    assert.equal(prompter.infos.at(-1), 'Channel "Web" renamed to "Web chat".');
    await vscode.commands.executeCommand(CommandIds.channelDeactivate, webNode?.node);
    assert.equal((await find())?.isActive, false);
    const inactive = await childrenUntil(testing, channels.node, 'the inactive channel', (c) =>
      c.some((x) => x.item.contextValue === 'channel:inactive'),
    );
    await vscode.commands.executeCommand(
      CommandIds.channelActivate,
      inactive.find((x) => x.item.contextValue === 'channel:inactive')?.node,
    );
    assert.equal((await find())?.isActive, true);

    // From the palette: the project and the channel are picked by name; the current modes come pre-selected.
    prompter.script({ pick: RENAMED }, { pick: 'Web chat' }, { pickMany: ['tts'] }, { pick: 'pink' });
    await vscode.commands.executeCommand(CommandIds.channelConfigure);
    assert.deepEqual(
      prompter.asked
        .filter((a) => a.kind === 'pickMany')
        .at(-1)
        ?.offered.filter((o) => o.startsWith('*')),
      ['*interactivity', '*rich text'],
    );
    assert.deepEqual([(await find())?.channel.modes, (await find())?.channel.color], [['TTS'], 'PINK']);
  });

  test('Entities: create, import literals (append, replace), export, rename, change type, delete', async () => {
    const { testing } = await extensionApi();
    const group = await walk(testing, SANDBOX, ORG, RENAMED, 'Entities');
    prompter.script({ input: 'COFFEE_TYPE' });
    await vscode.commands.executeCommand(CommandIds.entityCreate, group.node);
    assert.match(prompter.rejected[0] ?? '', /has an entity named "COFFEE_TYPE" already/);
    prompter.reset();
    prompter.script({ input: 'MILK' }, { pick: 'List' });
    await vscode.commands.executeCommand(CommandIds.entityCreate, group.node);
    assert.equal((await owner.entities.get(project.id, 'MILK')).kind, 'LIST');
    assert.equal(prompter.infos.at(-1), `Entity "MILK" (List) created in "${RENAMED}".`);

    const milk = (): Promise<Awaited<ReturnType<typeof walk>>> =>
      waitFor('MILK in the tree', async () => {
        const list = await childrenOf(testing, (await walk(testing, SANDBOX, ORG, RENAMED, 'Entities')).node);
        const kind = list.find((k) => k.label === 'List');
        const entity = kind && (await childrenOf(testing, kind.node)).find((e) => e.label === 'MILK');
        return entity ?? false;
      });
    const literals = async (): Promise<string[]> => {
      const e = await owner.entities.get(project.id, 'MILK');
      return (e.data?.['en-US']?.entries ?? []).flatMap((g) => g.patterns.map((p) => `${p}=${g.meaning}`)).sort();
    };
    prompter.script({ openFile: text('milk.nmlist', 'whole milk|whole\nskim|skim\n') }, { pick: 'en-US' });
    const appended = await vscode.commands.executeCommand<{ job: { status: string } }>(
      CommandIds.entityAppendLiterals,
      (await milk()).node,
    );
    assert.equal(appended.job.status, 'COMPLETED');
    assert.deepEqual(await literals(), ['skim=skim', 'whole milk=whole']);

    prompter.script({ openFile: text('oat.nmlist', 'oat milk|oat\n') }, { pick: 'en-US' }, { confirm: true });
    await vscode.commands.executeCommand(CommandIds.entityReplaceLiterals, (await milk()).node);
    assert.deepEqual(await literals(), ['oat milk=oat']);
    prompter.reset();

    prompter.script({ openFile: text('wrong.csv', 'a,b\n') });
    await vscode.commands.executeCommand(CommandIds.entityAppendLiterals, (await milk()).node);
    await waitFor('the refused file in the log', () =>
      readLogs(testing.logDir).includes('wrong.csv cannot be imported as entity literals'),
    );

    const out = join(dir, 'literals.zip');
    prompter.reset();
    prompter.script({ saveFile: out });
    await vscode.commands.executeCommand(CommandIds.entityExportLiterals, (await milk()).node);
    assert.equal(
      parseExportFileName(prompter.asked[0]?.offered[0] ?? '', { projectName: RENAMED })?.entityName,
      'MILK',
    );
    assert.match(
      Buffer.from((await readZip(readFileSync(out))).get('en-US.trsx') ?? new Uint8Array()).toString('utf8'),
      /oat milk/,
    );

    prompter.script({ input: 'MILK_TYPE' });
    await vscode.commands.executeCommand(CommandIds.entityRename, (await milk()).node);
    await assert.rejects(owner.entities.get(project.id, 'MILK'), (e: unknown) => platformErrorKind(e) === 'NotFound');
    assert.match(prompter.infos.at(-1) ?? '', /^Entity "MILK" renamed to "MILK_TYPE"/);

    prompter.script({ pick: RENAMED }, { pick: 'MILK_TYPE' }, { pick: 'Regex' }, { input: '([a-z' });
    await vscode.commands.executeCommand(CommandIds.entityChangeType);
    assert.match(prompter.rejected[0] ?? '', /Not a valid regular expression/);
    prompter.reset();
    prompter.script({ pick: RENAMED }, { pick: 'MILK_TYPE' }, { pick: 'Freeform' }, { confirm: true });
    await vscode.commands.executeCommand(CommandIds.entityChangeType);
    assert.equal((await owner.entities.get(project.id, 'MILK_TYPE')).kind, 'FREEFORM');

    prompter.script({ pick: RENAMED }, { pick: 'MILK_TYPE' }, { confirm: true });
    assert.equal(await vscode.commands.executeCommand(CommandIds.entityDelete), true);
    await assert.rejects(
      owner.entities.get(project.id, 'MILK_TYPE'),
      (e: unknown) => platformErrorKind(e) === 'NotFound',
    );
  });

  test('Intents: create from the palette, import samples (append, replace), export, rename, delete', async () => {
    const { testing } = await extensionApi();
    prompter.script({ pick: RENAMED }, { input: 'GREET' });
    await vscode.commands.executeCommand(CommandIds.intentCreate);
    assert.ok((await owner.intents.list(project.id)).some((i) => i.name === 'GREET'));
    assert.equal(prompter.infos.at(-1), `Intent "GREET" created in "${RENAMED}".`, 'Create Intent says what it did');
    const greet = (name = 'GREET'): Promise<Awaited<ReturnType<typeof walk>>> =>
      waitFor(
        `${name} in the tree`,
        async () =>
          (await childrenOf(testing, (await walk(testing, SANDBOX, ORG, RENAMED, 'Intents')).node)).find(
            (i) => i.label === name,
          ) ?? false,
      );
    const samples = async (name = 'GREET'): Promise<string> => {
      const zip = await readZip(await (await owner.samples.export(project.id, name)).toBuffer());
      return Buffer.from(zip.get('en-US.trsx') ?? new Uint8Array()).toString('utf8');
    };

    prompter.script({ openFile: text('greet.txt', 'hello there\ngood evening\n') }, { pick: 'en-US' });
    await vscode.commands.executeCommand(CommandIds.intentAppendSamples, (await greet()).node);
    assert.match(await samples(), /hello there[\s\S]*good evening|good evening[\s\S]*hello there/);
    prompter.script({ openFile: text('morning.txt', 'good morning\n') }, { pick: 'en-US' }, { confirm: true });
    await vscode.commands.executeCommand(CommandIds.intentReplaceSamples, (await greet()).node);
    const replaced = await samples();
    assert.match(replaced, /good morning/);
    assert.doesNotMatch(replaced, /hello there/);

    const out = join(dir, 'samples.zip');
    prompter.reset();
    prompter.script({ saveFile: out });
    await vscode.commands.executeCommand(CommandIds.intentExportSamples, (await greet()).node);
    const proposed = prompter.asked[0]?.offered[0] ?? '';
    assert.equal(parseExportFileName(proposed, { projectName: RENAMED })?.intentName, 'GREET', proposed);
    assert.ok(existsSync(out) && (await readZip(readFileSync(out))).has('fr-CA.trsx'));

    prompter.script({ input: 'GREETING' });
    await vscode.commands.executeCommand(CommandIds.intentRename, (await greet()).node);
    assert.deepEqual(
      (await owner.intents.list(project.id)).filter((i) => i.name.startsWith('GREET')).map((i) => i.name),
      ['GREETING'],
    );
    assert.match(await samples('GREETING'), /good morning/, 'the samples follow the renamed intent');
    assert.match(prompter.infos.at(-1) ?? '', /^Intent "GREET" renamed to "GREETING"/);

    prompter.script({ confirm: true });
    assert.equal(await vscode.commands.executeCommand(CommandIds.intentDelete, (await greet('GREETING')).node), true);
    assert.ok(!(await owner.intents.list(project.id)).some((i) => i.name === 'GREETING'));
  });

  test('Jobs: live in the tree, watched to the end, watching cancelled, records deleted with a warning', async () => {
    const { testing } = await extensionApi();
    const file = { data: Buffer.from('one more sample\n'), fileName: 'more.txt' };
    const started = await owner.samples.append(project.id, 'ORDER_COFFEE', 'en-US', file);
    const jobs = await walk(testing, SANDBOX, ORG, RENAMED, 'Jobs');
    testing.explorer.model.refresh(jobs.node);
    const running = (await childrenOf(testing, jobs.node)).find((j) => j.node.id.endsWith(started.id));
    assert.equal(running?.item.contextValue, 'job:running');
    assert.equal((running?.item.iconPath as vscode.ThemeIcon).id, 'sync~spin');
    const watched = await vscode.commands.executeCommand<{ status: string }>(CommandIds.jobWatch, running?.node);
    assert.equal(watched.status, 'COMPLETED');
    await childrenUntil(
      testing,
      jobs.node,
      'the job to turn completed in the tree (live refresh)',
      (c) => c.find((j) => j.node.id.endsWith(started.id))?.item.contextValue === 'job:finished',
    );

    const second = await owner.samples.append(project.id, 'ORDER_COFFEE', 'en-US', file);
    prompter.cancelProgressAfterMs = 20;
    const stopped = await vscode.commands.executeCommand<{ status: string }>(CommandIds.jobWatch, {
      connectionId: 'local-sandbox',
      projectId: project.id,
      jobId: second.id,
    });
    assert.equal(stopped.status, 'RUNNING');
    assert.match(prompter.infos.at(-1) ?? '', /keeps running on the platform/);

    const third = await owner.samples.append(project.id, 'ORDER_COFFEE', 'en-US', file);
    prompter.cancelProgressAfterMs = undefined;
    prompter.script({ confirm: true });
    assert.equal(
      await vscode.commands.executeCommand(CommandIds.jobDelete, {
        connectionId: 'local-sandbox',
        projectId: project.id,
        jobId: third.id,
      }),
      true,
    );
    assert.match(prompter.asked.at(-1)?.offered[0] ?? '', /KEEPS RUNNING until it completes or fails/);
    await assert.rejects(owner.jobs.get(project.id, third.id), (e: unknown) => platformErrorKind(e) === 'NotFound');
  });

  test('a project locked by another user: the tree says who, and edits fail with the lock named', async () => {
    const { testing } = await extensionApi();
    const admin = demoClient(await runningSandbox(testing), 'admin');
    try {
      await admin.projects.lock(project.id, 'Adam is editing');
      const node = await projectNode();
      testing.explorer.model.refresh(node.node);
      await childrenOf(testing, node.node);
      const lock = await walk(testing, SANDBOX, ORG, RENAMED, 'Lock');
      assert.equal(lock.item.description, 'locked by Adam Admin');
      assert.equal(lock.item.contextValue, 'lock:locked:others');
      assert.equal((await projectNode()).item.contextValue, 'project:locked:others');

      prompter.script({ input: 'Not allowed' });
      assert.equal(
        await vscode.commands.executeCommand(CommandIds.projectRename, (await projectNode()).node),
        undefined,
      );
      await waitFor('the lock error in the log', () =>
        /command cstudio\.project\.rename failed: ProjectLockedError: .*is locked by Adam Admin/.test(
          readLogs(testing.logDir),
        ),
      );
      assert.equal((await owner.projects.get(project.id)).displayName, RENAMED, 'nothing changed');
    } finally {
      await admin.projects.unlock(project.id).catch(() => undefined);
      await admin.close();
    }
  });

  test('Delete Project is confirmed by typing the name', async () => {
    const node = await projectNode();
    prompter.script({ input: 'Studio Test' });
    assert.equal(await vscode.commands.executeCommand(CommandIds.projectDelete, node.node), undefined);
    assert.match(prompter.rejected[0] ?? '', /Type the project's name exactly/);
    assert.equal((await owner.projects.get(project.id)).displayName, RENAMED, 'still there');
    prompter.reset();
    prompter.script({ input: RENAMED });
    assert.equal(await vscode.commands.executeCommand(CommandIds.projectDelete, node.node), true);
    await assert.rejects(owner.projects.get(project.id), (e: unknown) => platformErrorKind(e) === 'NotFound');
    const { testing } = await extensionApi();
    await waitFor(
      'the project to leave the tree',
      async () =>
        !(await childrenOf(testing, (await walk(testing, SANDBOX, ORG)).node)).some((c) => c.label === RENAMED),
    );
    assert.ok(basename(dir).startsWith('cstudio-commands-'));
  });
});
