// The extension-host test entry (`extensionTestsPath`): VS Code calls `run()` inside its extension host,
// with the real `vscode` API. Runs every bundled suite with mocha's tdd UI and reports the counts in a
// marker line the runner turns into its closing summary.
import Mocha from 'mocha';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const RESULT_MARKER = 'CSTUDIO_MOCHA_RESULT';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 30_000, reporter: 'spec' });
  const grep = process.env.CSTUDIO_TEST_GREP;
  if (grep) mocha.grep(grep);
  const dir = join(__dirname, 'suite');
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.test.js'))
    .sort())
    mocha.addFile(join(dir, file));
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const stats = runner.stats ?? { passes: 0, failures, pending: 0 };
      console.log(
        `${RESULT_MARKER} ${JSON.stringify({ passed: stats.passes, failed: stats.failures, pending: stats.pending })}`,
      );
      if (failures > 0) reject(new Error(`${failures} extension-host test(s) failed`));
      else resolve();
    });
  });
}
