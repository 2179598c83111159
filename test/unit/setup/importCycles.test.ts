// No runtime import cycle in src/: a cycle makes module load order decide whether a class or constant is still
// undefined when another module's top level reads it, and ties modules that should be separable (issue 31 broke
// features/explorer/nodes/lockNode ↔ projectNode and grxml parse → builder → grammarElement → semantics → parse).
// The graph is esbuild's, as the bundles see it: type-only imports (and imports used only as types) are erased.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as esbuild from 'esbuild';
import { root } from '../helpers/bundleInputs';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The strongly connected groups of more than one module (or a module importing itself): Tarjan's algorithm. */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe('import graph', () => {
  test('the cycle finder finds a cycle and its members, and nothing in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
      ['e', ['e']],
    ]);
    assert.deepEqual(cyclesOf(graph), [['a', 'b', 'c'], ['e']]);
    assert.deepEqual(
      cyclesOf(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
      [],
    );
  });

  test('src/ has no runtime import cycle', async () => {
    const entryPoints = sourceFiles(join(root, 'src')).map((f) => relative(root, f).split(sep).join('/'));
    const result = await esbuild.build({
      entryPoints,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      external: ['vscode'],
      write: false,
      metafile: true,
      logLevel: 'silent',
      absWorkingDir: root,
      outdir: join(root, 'out', 'unused'),
    });
    const graph = new Map<string, string[]>();
    for (const [file, input] of Object.entries(result.metafile.inputs)) {
      if (file.startsWith('src/'))
        graph.set(
          file,
          input.imports.map((i) => i.path).filter((p) => p.startsWith('src/')),
        );
    }
    assert.ok(
      graph.size >= entryPoints.length,
      `the graph holds every module (${graph.size} of ${entryPoints.length})`,
    );
    assert.deepEqual(
      cyclesOf(graph),
      [],
      'modules that import each other at run time (import type where only a type is needed, or move the shared part to a module of its own)',
    );
  });
});
