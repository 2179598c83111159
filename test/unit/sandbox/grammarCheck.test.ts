// Issue 27, finding 6: through `entities replace-grammars`, a grammar that took long to check stopped the
// sandbox answering anyone (the check ran on its event loop). It now runs on a worker thread with a deadline:
// another request answers while the check runs, and a check past its deadline is refused, its thread ended.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkGrxmlInWorker, GrammarCheckTimeout } from '../../../src/core/formats/grxml/checkInWorker';
import type { Logger } from '../../../src/core/logger';
import type { PlatformClient } from '../../../src/core/platform/client';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { zipOf } from '../platform/nluSupport';
import { clientFor } from '../platform/support';

/** A valid grammar of `n` chained rules (~60 bytes a rule): 100,000 take seconds to check. */
function chainGrammar(n: number): string {
  const rules: string[] = [];
  for (let i = 0; i < n; i++)
    rules.push(
      i + 1 < n ? `<rule id="r${i}"><ruleref uri="#r${i + 1}"/> w${i}</rule>` : `<rule id="r${i}">w${i}</rule>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="en-US" root="r0" mode="voice">\n${rules.join('\n')}\n</grammar>\n`;
}

/** A logger that tells `onLine` every line it is given. */
function watchingLogger(onLine: (line: string) => void): Logger {
  const logger: Logger = {
    trace: (m) => onLine(m),
    debug: (m) => onLine(m),
    info: (m) => onLine(m),
    warn: (m) => onLine(m),
    error: (m) => onLine(String(m)),
    child: () => logger,
  };
  return logger;
}

describe('the sandbox checks grammars off its event loop (issue 27)', () => {
  let sbx: TestSandbox;
  let expert: PlatformClient;
  let owner: PlatformClient;
  let checking: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    checking = resolve;
  });

  before(async () => {
    sbx = await startTestSandbox({
      logger: watchingLogger((line) => {
        if (/checking The grammar en-US\/huge\.grxml/.test(line)) checking();
      }),
    });
    expert = clientFor(sbx, 'expert');
    owner = clientFor(sbx, 'owner');
  });
  after(async () => {
    await Promise.all([expert.close(), owner.close()]);
    await sbx.close();
  });

  test('another request answers while a 6 MB grammar is checked', async () => {
    await owner.projects.get('1001'); // the client has its token: the request below needs no other exchange first
    const data = await zipOf({ 'en-US/huge.grxml': chainGrammar(100_000) });
    let replaced = false;
    const replace = expert.entities.replaceGrammars('1001', 'PICKUP_TIME', { data, fileName: 'g.zip' }).finally(() => {
      replaced = true;
    });
    await started;
    const project = await owner.projects.get('1001');
    assert.equal(project.id, '1001');
    assert.equal(replaced, false, 'answered while the grammar was still being checked');
    const result = await replace;
    assert.deepEqual(result.replacedLocales, ['en-US'], 'and the check then completed');
  });

  test('a check past its deadline is refused and its thread ended', async () => {
    const bytes = new TextEncoder().encode(chainGrammar(100_000));
    const t0 = Date.now();
    await assert.rejects(
      checkGrxmlInWorker(bytes, { deadlineMs: 100 }),
      (e: unknown) => e instanceof GrammarCheckTimeout && /longer than 0\.1 s/.test(e.message),
    );
    assert.ok(Date.now() - t0 < 10_000, `refused in ${Date.now() - t0} ms`);
    const small = await checkGrxmlInWorker(new TextEncoder().encode(chainGrammar(3).replace('w2', 'w2<foo/>')), {
      deadlineMs: 30_000,
    });
    assert.ok(
      small.diagnostics.some((d) => d.severity === 'error'),
      'diagnostics come back from the thread',
    );
  });
});
