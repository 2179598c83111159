// dialog.json awareness on the genuine exports (../shared/corpus/dialog: travel 591 KB, omnichannel 2.5 MB), each
// figure beside a floor measured in the same run, rounds alternating:
//  1. `cstudio validate DIR` (the bundled CLI in a child process, wall time): goal ≤ 1 s each. Floor: validating
//     the same project's TRSX file alone.
//  2. Through the bundled language server (child process, stdio) on omnichannel: find references and rename of an
//     intent started in the TRSX (which reach dialog.json): goal ≤ 200 ms each. Floor: the same requests on a
//     copy of the project without dialog.json.
//  3. Time to first diagnostics after opening the TRSX and dialog.json, against opening the TRSX alone (fresh
//     servers): goal ≤ 150 ms added.
// Exits non-zero when a goal is missed; skips (exit 0, saying so) when the corpus is absent.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import { bundleEntry, repoRoot } from './lib/bundle';
import { alternate, judge, median, reportGoals } from './lib/goals';

const ROUNDS = 5;
const VALIDATE_GOAL_MS = 1000;
const REQUEST_GOAL_MS = 200;
const OPEN_GOAL_MS = 150;

function corpus(): string | undefined {
  const dir = process.env.CSTUDIO_CORPUS ?? join(repoRoot(), '..', 'shared', 'corpus');
  return existsSync(join(dir, 'dialog', 'omnichannel', 'dialog.json')) ? join(dir, 'dialog') : undefined;
}

function run(cmd: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', () => resolve(performance.now() - t0));
  });
}

interface Server {
  rpc: MessageConnection;
  diagnostics: (uri: string) => Promise<void>;
  stop: () => Promise<void>;
}

async function startServer(bundle: string, root: string): Promise<Server> {
  const child = spawn(process.execPath, [bundle, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const rpc = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const published = new Set<string>();
  const waiting = new Map<string, () => void>();
  rpc.onNotification('textDocument/publishDiagnostics', (p: { uri: string }) => {
    published.add(p.uri);
    waiting.get(p.uri)?.();
  });
  rpc.onNotification('window/logMessage', () => undefined);
  rpc.onRequest('workspace/configuration', () => []);
  rpc.listen();
  const rootUri = pathToFileURL(root).href;
  await rpc.sendRequest('initialize', {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'bench' }],
    capabilities: {},
    initializationOptions: { diagnosticsDelayMs: 0 },
  });
  await rpc.sendNotification('initialized', {});
  return {
    rpc,
    diagnostics: (uri) =>
      published.has(uri) ? Promise.resolve() : new Promise((resolve) => waiting.set(uri, resolve)),
    stop: async () => {
      await rpc.sendRequest('shutdown');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await rpc.sendNotification('exit');
      await exited;
      rpc.dispose();
    },
  };
}

function positionOf(text: string, needle: string, delta: number): { line: number; character: number } {
  const offset = text.indexOf(needle) + delta;
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - (before.lastIndexOf('\n') + 1) };
}

async function open(server: Server, path: string, languageId: string): Promise<string> {
  const uri = pathToFileURL(path).href;
  await server.rpc.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId, version: 1, text: readFileSync(path, 'utf8') },
  });
  return uri;
}

async function main(): Promise<void> {
  const dir = corpus();
  if (!dir) {
    console.log(
      'skipped: the genuine exports are not at <repo>/../shared/corpus/dialog (CSTUDIO_CORPUS names another root)',
    );
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'cstudio-bench-dialog-'));
  try {
    const cli = join(work, 'cli.js');
    const server = join(work, 'languageServer.js');
    bundleEntry('src/cli/main.ts', cli);
    bundleEntry('src/core/language/server/main.ts', server);
    const cliArgs = (args: string[]): string[] => [
      '-e',
      `require(${JSON.stringify(cli)}).main(${JSON.stringify(args)})`,
    ];

    console.log('1. cstudio validate DIR (wall time, child process)');
    for (const name of ['travel', 'omnichannel']) {
      const project = join(dir, name);
      const pair = await alternate(
        ROUNDS,
        () => run(process.execPath, cliArgs(['validate', project])),
        () => run(process.execPath, cliArgs(['validate', join(project, 'en-US', 'en-US.trsx')])),
      );
      console.log(
        `  ${name}: ${median(pair.ours).toFixed(0)} ms (TRSX alone ${median(pair.base).toFixed(0)} ms, ${median(pair.ratios).toFixed(2)}×)`,
      );
      judge(`validate ${name}`, median(pair.ours), VALIDATE_GOAL_MS, { unit: ' ms' });
    }

    console.log('2. references and rename through the language server, omnichannel');
    const withDialog = join(work, 'omni');
    const withoutDialog = join(work, 'omni-trsx');
    cpSync(join(dir, 'omnichannel'), withDialog, { recursive: true });
    cpSync(join(dir, 'omnichannel'), withoutDialog, { recursive: true });
    rmSync(join(withoutDialog, 'dialog.json'));
    const trsxText = readFileSync(join(withDialog, 'en-US', 'en-US.trsx'), 'utf8');
    const position = positionOf(trsxText, '<intent name="iGoodbye"', 15);
    const a = await startServer(server, withDialog);
    const b = await startServer(server, withoutDialog);
    const aTrsx = await open(a, join(withDialog, 'en-US', 'en-US.trsx'), 'trsx');
    const aDialog = await open(a, join(withDialog, 'dialog.json'), 'json');
    const bTrsx = await open(b, join(withoutDialog, 'en-US', 'en-US.trsx'), 'trsx');
    await Promise.all([a.diagnostics(aTrsx), a.diagnostics(aDialog), b.diagnostics(bTrsx)]);
    const request = async (s: Server, uri: string, method: string, extra: object): Promise<number> => {
      const t0 = performance.now();
      await s.rpc.sendRequest(method, { textDocument: { uri }, position, ...extra });
      return performance.now() - t0;
    };
    // The figures are only worth something if the requests reach dialog.json.
    const sample = await a.rpc.sendRequest<{ changes?: Record<string, unknown[]> }>('textDocument/rename', {
      textDocument: { uri: aTrsx },
      position,
      newName: 'iFarewell',
    });
    if ((sample.changes?.[aDialog] ?? []).length === 0)
      throw new Error(`the rename did not reach dialog.json: ${JSON.stringify(sample).slice(0, 300)}`);
    for (const [method, extra] of [
      ['textDocument/references', { context: { includeDeclaration: true } }],
      ['textDocument/rename', { newName: 'iFarewell' }],
    ] as const) {
      const pair = await alternate(
        ROUNDS * 2,
        () => request(a, aTrsx, method, extra),
        () => request(b, bTrsx, method, extra),
      );
      console.log(
        `  ${method}: ${median(pair.ours).toFixed(1)} ms (without dialog.json ${median(pair.base).toFixed(1)} ms)`,
      );
      judge(`${method.replace('textDocument/', '')} on omnichannel`, median(pair.ours), REQUEST_GOAL_MS, {
        unit: ' ms',
      });
    }
    await Promise.all([a.stop(), b.stop()]);

    console.log('3. time to first diagnostics: TRSX and dialog.json opened, against the TRSX alone (fresh servers)');
    // Also the TRSX's own first diagnostics, with dialog.json open beside it: what a user of the TRSX waits for.
    const trsxFirst: number[] = [];
    const firstDiagnostics = async (root: string, alsoDialog: boolean): Promise<number> => {
      const s = await startServer(server, root);
      const t0 = performance.now();
      const uris = [await open(s, join(root, 'en-US', 'en-US.trsx'), 'trsx')];
      if (alsoDialog) uris.push(await open(s, join(root, 'dialog.json'), 'json'));
      if (alsoDialog) void s.diagnostics(uris[0] as string).then(() => trsxFirst.push(performance.now() - t0));
      await Promise.all(uris.map((u) => s.diagnostics(u)));
      const ms = performance.now() - t0;
      await s.stop();
      return ms;
    };
    const pair = await alternate(
      ROUNDS,
      () => firstDiagnostics(withDialog, true),
      () => firstDiagnostics(withDialog, false),
    );
    const added = median(pair.ours.map((o, i) => o - (pair.base[i] ?? 0)));
    console.log(
      `  both published ${median(pair.ours).toFixed(0)} ms, TRSX alone ${median(pair.base).toFixed(0)} ms; the TRSX's own with dialog.json open ${median(trsxFirst).toFixed(0)} ms`,
    );
    judge('dialog.json added to first diagnostics', added, OPEN_GOAL_MS, { unit: ' ms' });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  reportGoals();
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
