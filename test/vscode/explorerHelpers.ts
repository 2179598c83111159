// Helpers of the explorer, connections and project-command suites: walking the tree the way VS Code does
// (through the extension's own TreeDataProvider), a scripted prompter installed for a suite, and platform
// clients of the sandbox's demo users for checking effects over HTTP.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { PlatformClient } from '../../src/core/platform/client';
import type { TestingApi } from '../../src/extension';
import type { ExplorerNode } from '../../src/features/explorer/explorerNode';
import type { SandboxInfo } from '../../src/features/sandbox/localSandbox';
import { extensionApi, waitFor } from './helpers';
import { ScriptedPrompter } from './scriptedPrompter';

export interface Shown {
  readonly node: ExplorerNode;
  readonly item: vscode.TreeItem;
  readonly label: string;
}

export function labelOf(item: vscode.TreeItem): string {
  const label = item.label;
  return typeof label === 'string' ? label : (label?.label ?? '');
}

/** The children of `node` (the roots when undefined), with their tree items, as the view would draw them. */
export async function childrenOf(testing: TestingApi, node?: ExplorerNode): Promise<Shown[]> {
  const { provider } = testing.explorer;
  const nodes = (await provider.getChildren(node)) ?? [];
  return Promise.all(
    nodes.map(async (n) => {
      const item = await provider.getTreeItem(n);
      return { node: n, item, label: labelOf(item) };
    }),
  );
}

/** Follows `path` of labels from the roots; each step must exist. */
export async function walk(testing: TestingApi, ...path: ReadonlyArray<string | RegExp>): Promise<Shown> {
  let current: Shown | undefined;
  for (const step of path) {
    const children = await childrenOf(testing, current?.node);
    const found = children.find((c) => (typeof step === 'string' ? c.label === step : step.test(c.label)));
    assert.ok(
      found,
      `no "${String(step)}" under "${current?.label ?? 'the roots'}"; found: ${children.map((c) => c.label).join(', ')}`,
    );
    current = found;
  }
  assert.ok(current, 'an empty path');
  return current;
}

/** Labels of a node's children. */
export async function labels(testing: TestingApi, node?: ExplorerNode): Promise<string[]> {
  return (await childrenOf(testing, node)).map((c) => c.label);
}

/** Re-reads a node's children until `probe` accepts them (loads happen asynchronously after refreshes). */
export async function childrenUntil(
  testing: TestingApi,
  node: ExplorerNode,
  what: string,
  probe: (children: Shown[]) => boolean,
  timeoutMs = 10_000,
): Promise<Shown[]> {
  return waitFor(
    what,
    async () => {
      const children = await childrenOf(testing, node);
      return probe(children) && children;
    },
    timeoutMs,
  );
}

export async function runningSandbox(testing: TestingApi): Promise<SandboxInfo> {
  const state = testing.sandbox.state;
  if (state.kind === 'running') return state.info;
  return testing.sandbox.start();
}

/** A platform client acting as one of the sandbox's demo users (`owner`, `admin`, …). */
export function demoClient(info: SandboxInfo, key: string): PlatformClient {
  const client = info.clients.find((c) => c.key === key);
  assert.ok(client, `the sandbox has no demo client "${key}"`);
  return new PlatformClient({
    connection: {
      name: `test ${key}`,
      baseUrl: info.baseUrl,
      authUrl: info.authUrl,
      logUrl: info.logUrl,
      clientId: client.clientId,
    },
    getSecret: () => Promise.resolve(client.clientSecret),
  });
}

/** Installs a scripted prompter for a suite and restores the window's afterwards. */
export function usePrompterForSuite(): ScriptedPrompter {
  const prompter = new ScriptedPrompter();
  suiteSetup(async () => {
    const { testing } = await extensionApi();
    testing.usePrompter(prompter);
  });
  setup(() => prompter.reset());
  teardown(function () {
    // A dialogue that went off script fails the test that caused it, with the reason.
    if (this.currentTest?.state === 'passed') {
      assert.deepEqual(prompter.failures, [], 'the command asked what the script did not expect');
      assert.deepEqual(prompter.remaining, [], 'the command did not ask everything the script answers');
    }
  });
  suiteTeardown(async () => {
    const { testing } = await extensionApi();
    testing.usePrompter(undefined);
  });
  return prompter;
}
