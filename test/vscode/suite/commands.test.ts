/// <reference types="mocha" />
// The one error wrapper around every command, exercised through real command registrations and
// `executeCommand`: stack logged, a short message with "Show Log", silence on cancellation.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { CancelledError, NotFoundError } from '../../../src/core/platform/errors';
import { Redactor } from '../../../src/core/platform/redact';
import { CommandErrorHandler, CommandRegistry, SHOW_LOG_ACTION, type Command } from '../../../src/host/commands';
import { createSinkLogger, type LogSink } from '../../../src/host/logger';
import { waitFor } from '../helpers';

interface Recorded {
  level: string;
  line: string;
}

function recordingSink(lines: Recorded[]): LogSink {
  const at =
    (level: string) =>
    (line: string): void => {
      lines.push({ level, line });
    };
  return { trace: at('trace'), debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

class FixedCommand implements Command<string> {
  constructor(
    readonly id: string,
    private readonly body: (...args: unknown[]) => unknown,
  ) {}
  execute(...args: unknown[]): unknown {
    return this.body(...args);
  }
}

suite('command error wrapper', () => {
  const lines: Recorded[] = [];
  const shown: Array<{ message: string; actions: string[] }> = [];
  let answer: string | undefined;
  let logShown = 0;
  const redactor = new Redactor();
  redactor.register('s3cr3t-client-secret');
  const logger = createSinkLogger(recordingSink(lines), { redact: (t) => redactor.redact(t), minLevel: () => 'trace' });
  const handler = new CommandErrorHandler({
    logger: logger.child('commands'),
    presenter: {
      showErrorMessage: async (message, ...actions) => {
        shown.push({ message, actions });
        return answer;
      },
    },
    showLog: () => {
      logShown++;
    },
    redact: (t) => redactor.redact(t),
  });
  const registry = new CommandRegistry<string>(handler);
  const unique = `cstudio-test.${Date.now()}`;

  suiteSetup(() => {
    registry.register(
      new FixedCommand(`${unique}.ok`, (a) => `ok:${String(a)}`),
      new FixedCommand(`${unique}.fails`, async () => {
        throw new NotFoundError('Project 42 was not found (client s3cr3t-client-secret).\nSecond line.', {
          path: '/v4/projects/42',
        });
      }),
      new FixedCommand(`${unique}.cancelled`, async () => {
        throw new CancelledError('The pull was cancelled.');
      }),
      new FixedCommand(`${unique}.abort`, async () => {
        throw new DOMException('aborted', 'AbortError');
      }),
    );
  });
  suiteTeardown(() => registry.dispose());
  setup(() => {
    lines.length = 0;
    shown.length = 0;
    answer = undefined;
    logShown = 0;
  });

  test('passes arguments and results through', async () => {
    assert.equal(await vscode.commands.executeCommand(`${unique}.ok`, 7), 'ok:7');
    assert.equal(shown.length, 0);
  });

  test('a failure logs the stack and shows a short, redacted message with Show Log', async () => {
    answer = SHOW_LOG_ACTION;
    assert.equal(await vscode.commands.executeCommand(`${unique}.fails`), undefined);
    assert.deepEqual(shown, [{ message: 'Project 42 was not found (client [REDACTED]).', actions: [SHOW_LOG_ACTION] }]);
    const errors = lines.filter((l) => l.level === 'error');
    assert.equal(errors.length, 1);
    assert.match(
      errors[0]?.line ?? '',
      new RegExp(`^\\[commands\\] command ${unique.replace('.', '\\.')}\\.fails failed: NotFoundError: Project 42`),
    );
    assert.match(errors[0]?.line ?? '', /\n\s+at .*commands\.test/, 'stack frames are logged');
    assert.doesNotMatch(errors[0]?.line ?? '', /s3cr3t-client-secret/);
    await waitFor('Show Log to run', () => logShown === 1);
  });

  test('cancellation stays silent', async () => {
    assert.equal(await vscode.commands.executeCommand(`${unique}.cancelled`), undefined);
    assert.equal(await vscode.commands.executeCommand(`${unique}.abort`), undefined);
    assert.equal(shown.length, 0);
    assert.equal(lines.filter((l) => l.level === 'error').length, 0);
    assert.equal(lines.filter((l) => l.level === 'debug').length, 2);
  });

  test('disposing the registry unregisters its commands', async () => {
    const own = new CommandRegistry<string>(handler);
    own.register(new FixedCommand(`${unique}.temp`, () => 1));
    assert.ok((await vscode.commands.getCommands(true)).includes(`${unique}.temp`));
    own.dispose();
    assert.ok(!(await vscode.commands.getCommands(true)).includes(`${unique}.temp`));
  });
});
