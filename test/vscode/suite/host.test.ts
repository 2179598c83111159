/// <reference types="mocha" />
// The host adapters against the real API: settings facade, SecretStorage credentials, cancellation and
// progress bridges, the logger's tags, levels and redaction, the read-only documents every feature shows.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { isCancellation } from '../../../src/core/platform/errors';
import { Redactor } from '../../../src/core/platform/redact';
import { abortSignalFrom, withProgress } from '../../../src/host/cancellation';
import { createSinkLogger, type LogLevelName } from '../../../src/host/logger';
import { ReadOnlyDocuments } from '../../../src/host/readOnlyDocuments';
import { credentialKey } from '../../../src/host/secrets';
import { Settings, type SettingsChange } from '../../../src/host/settings';
import { extensionApi, updateSetting, waitFor } from '../helpers';

suite('host adapters', () => {
  test('settings facade reacts to cstudio changes only, with typed and validated values', async () => {
    const settings = new Settings();
    const changes: SettingsChange[] = [];
    const sub = settings.onDidChange((c) => changes.push(c));
    try {
      await updateSetting('cstudio.sandbox.jobDurationMs', 1234);
      const change = await waitFor('a settings change', () => changes[0]);
      assert.equal(settings.value.sandbox.jobDurationMs, 1234);
      assert.equal(change.current.sandbox.jobDurationMs, 1234);
      assert.equal(change.previous.sandbox.jobDurationMs, 1500);
      assert.equal(change.affects('sandbox.jobDurationMs'), true);
      assert.equal(change.affects('sandbox.port'), false);

      changes.length = 0;
      await updateSetting('editor.tabSize', 3);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(changes.length, 0, 'changes outside the cstudio section are ignored');

      await updateSetting('cstudio.sandbox.port', -5);
      await waitFor('the invalid port change', () => changes.length > 0);
      assert.equal(settings.value.sandbox.port, 0, 'an out-of-range port falls back to 0 (free port)');

      const { testing } = await extensionApi();
      await updateSetting('cstudio.log.level', 'debug');
      await waitFor('the extension to see the new log level', () => testing.settings.value.log.level === 'debug');
    } finally {
      sub.dispose();
      settings.dispose();
      for (const key of [
        'cstudio.sandbox.jobDurationMs',
        'editor.tabSize',
        'cstudio.sandbox.port',
        'cstudio.log.level',
      ]) {
        await updateSetting(key, undefined);
      }
    }
  });

  test('credentials live in SecretStorage under per-connection keys', async () => {
    const { testing } = await extensionApi();
    const store = testing.credentials;
    const seen: string[] = [];
    const sub = store.onDidChange((c) => seen.push(`${c.connectionId}/${c.kind}`));
    try {
      await store.store('conn/a', 'secret-a');
      await store.store('conn b', 'secret-b');
      assert.equal(await store.get('conn/a'), 'secret-a');
      assert.equal(await store.get('conn b'), 'secret-b');
      assert.equal(credentialKey('conn/a', 'clientSecret'), 'cstudio.connection/conn%2Fa/clientSecret');
      await store.deleteConnection('conn/a');
      assert.equal(await store.get('conn/a'), undefined);
      assert.equal(await store.get('conn b'), 'secret-b', 'other connections keep their secrets');
      await waitFor(
        'change events',
        () => seen.includes('conn/a/clientSecret') && seen.includes('conn b/clientSecret'),
      );
      await assert.rejects(store.store('conn c', ''), /empty clientSecret/);
    } finally {
      sub.dispose();
      await store.deleteConnection('conn b');
    }
  });

  test('a cancelled token aborts the signal with a cancellation reason', () => {
    const source = new vscode.CancellationTokenSource();
    const linked = abortSignalFrom(source.token, 'Pulling project 7');
    assert.equal(linked.signal.aborted, false);
    source.cancel();
    assert.equal(linked.signal.aborted, true);
    assert.ok(isCancellation(linked.signal.reason));
    assert.match(String((linked.signal.reason as Error).message), /Pulling project 7 was cancelled/);
    linked.dispose();
    const already = abortSignalFrom(source.token);
    assert.equal(already.signal.aborted, true, 'an already cancelled token gives an aborted signal');
    source.dispose();
  });

  test('withProgress hands the task a core Progress and a live AbortSignal', async () => {
    const result = await withProgress(
      { title: 'Test progress', location: vscode.ProgressLocation.Window },
      async (progress, signal) => {
        assert.equal(signal.aborted, false);
        progress.report({ message: 'half way', increment: 50 });
        progress.report({ increment: 50 });
        return 'done';
      },
    );
    assert.equal(result, 'done');
  });

  test('logger: component tags, level filter and redaction of every line', () => {
    const lines: string[] = [];
    let level: LogLevelName = 'info';
    const push = (line: string): void => {
      lines.push(line);
    };
    const redactor = new Redactor();
    redactor.register('super-secret-value');
    const logger = createSinkLogger(
      { trace: push, debug: push, info: push, warn: push, error: push },
      { redact: (t) => redactor.redact(t), minLevel: () => level },
    );
    const child = logger.child('transport').child('auth');
    child.debug('dropped at info level');
    child.info('token', { access_token: 'super-secret-value' }, 'Authorization: Bearer abc.def-123456');
    level = 'trace';
    child.trace('now kept');
    child.error(new Error('boom'));
    assert.equal(lines.length, 3);
    assert.match(lines[0] ?? '', /^\[transport\/auth\] token /);
    assert.doesNotMatch(lines[0] ?? '', /super-secret-value|abc\.def-123456/);
    assert.match(lines[0] ?? '', /\[REDACTED\]/);
    assert.equal(lines[1], '[transport/auth] now kept');
    assert.match(lines[2] ?? '', /^\[transport\/auth\] Error: boom\n\s+at /);
  });

  test('read-only documents: served from memory, refreshed in place, the oldest dropped, fresh ones side by side', async () => {
    const docs = new ReadOnlyDocuments({
      scheme: 'cstudio-host-test',
      keep: 2,
      language: 'markdown',
      gone: (uri) => `gone: ${uri.path}`,
    });
    try {
      const first = docs.put('/a.md', '# one');
      const editor = await docs.open(first);
      assert.equal(editor.document.getText(), '# one');
      assert.equal(editor.document.languageId, 'markdown');
      assert.equal(docs.put('/a.md', '# two').toString(), first.toString(), 'the same path is the same document');
      await waitFor('the open document to show the new text', () => editor.document.getText() === '# two');
      const [x, y] = [docs.put('/run.txt', 'x', { fresh: true }), docs.put('/run.txt', 'y', { fresh: true })];
      assert.notEqual(x.toString(), y.toString(), 'a fresh document each time');
      assert.equal(docs.provideTextDocumentContent(y), 'y');
      assert.equal(docs.provideTextDocumentContent(x), 'x');
      assert.equal(docs.provideTextDocumentContent(first), 'gone: /a.md', 'only the last two are held');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      docs.dispose();
    }
  });
});
