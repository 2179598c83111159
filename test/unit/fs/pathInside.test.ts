// Path containment has one owner, core/fs/pathInside.ts (issue 31: four `isInside` copies and `startsWith(folder +
// sep)` look-alikes, one of which took `/a/bc` for a file of `/a/b`). The owner is checked on POSIX and Windows
// paths; the callers reachable without an editor are asked the same questions, so a copy that creeps back with a
// prefix test or a `startsWith('..')` fails here.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, win32 } from 'node:path';
import { pathToFileURL } from 'node:url';
import { displayName } from '../../../src/cli/sourceFiles';
import type { CliIO } from '../../../src/cli/command';
import { confinedGrammarPath } from '../../../src/core/formats/grxml/resolveFile';
import { isInside, relativeInside } from '../../../src/core/fs/pathInside';
import { nodeFileSystem } from '../../../src/core/language/fileSystem';
import { LanguageServices } from '../../../src/core/language/languageServices';

describe('path containment (core/fs/pathInside.ts)', () => {
  test('POSIX: children, the folder itself, escapes and sibling prefixes', () => {
    const p = { flavour: posix };
    assert.equal(isInside('/a/b', '/a/b/c', p), true);
    assert.equal(isInside('/a/b', '/a/b/c/d.txt', p), true);
    assert.equal(isInside('/a/b/', '/a/b/c', p), true, 'a trailing separator changes nothing');
    assert.equal(isInside('/a/b', '/a/b', p), false, 'the folder itself is not inside it');
    assert.equal(isInside('/a/b', '/a/b', { ...p, orSelf: true }), true);
    assert.equal(isInside('/a/b', '/a/b/.', { ...p, orSelf: true }), true);
    assert.equal(isInside('/a/b', '/a/bc', p), false, 'a sibling sharing the prefix');
    assert.equal(isInside('/a/b', '/a/bc/d', { ...p, orSelf: true }), false);
    assert.equal(isInside('/a/b', '/a', { ...p, orSelf: true }), false, 'the parent');
    assert.equal(isInside('/a/b', '/a/b/../c', p), false, '`..` escapes after resolving');
    assert.equal(isInside('/a/b', '/a/b/c/../../b2/x', p), false);
    assert.equal(isInside('/a/b', '/a/b/c/../d', p), true, '`..` that stays inside');
    assert.equal(isInside('/a/b', '/a/b/..x', p), true, 'a name that only starts with dots stays inside');
    assert.equal(isInside('/a/b', '/a/b/...', p), true);
    assert.equal(isInside('/a/b', '/A/B/c', p), false, 'POSIX paths are case-sensitive');
    assert.equal(relativeInside('/a/b', '/a/b/c/d', posix), 'c/d');
    assert.equal(relativeInside('/a/b', '/a/b', posix), '');
    assert.equal(relativeInside('/a/b', '/a/bc/d', posix), undefined);
  });

  test('Windows: case and drive letters do not matter, another drive is never inside', () => {
    const w = { flavour: win32 };
    assert.equal(isInside('C:\\proj', 'C:\\proj\\en-US\\en-US.trsx', w), true);
    assert.equal(
      isInside('C:\\proj', 'c:\\PROJ\\en-US\\x.grxml', w),
      true,
      'VS Code hands out lower-case drive letters',
    );
    assert.equal(isInside('C:\\proj', 'C:/proj/en-US', w), true, 'forward slashes');
    assert.equal(isInside('C:\\proj', 'C:\\proj2\\x', w), false, 'a sibling sharing the prefix');
    assert.equal(isInside('C:\\proj', 'C:\\proj\\..\\x', w), false);
    assert.equal(isInside('C:\\proj', 'C:\\proj\\..x', w), true);
    assert.equal(isInside('C:\\proj', 'D:\\proj\\x', w), false, 'another drive');
    assert.equal(relativeInside('C:\\proj', 'c:\\proj\\en-US\\a.trsx', win32), 'en-US\\a.trsx');
    assert.equal(relativeInside('C:\\proj', 'D:\\proj', win32), undefined);
  });

  test("the callers give the same answers: grammar confinement, the CLI's file names, the project index", () => {
    const root = mkdtempSync(join(tmpdir(), 'cstudio-inside-'));
    try {
      const project = join(root, 'p');
      const sibling = join(root, 'p2');
      mkdirSync(join(project, 'en-US', 'grammars'), { recursive: true });
      mkdirSync(sibling);
      writeFileSync(join(project, 'metadata.json'), '{}');
      writeFileSync(join(project, 'en-US', 'en-US.trsx'), '<project xml:lang="en-US"/>');
      const base = join(project, 'en-US', 'grammars', 'main.grxml');
      const url = (p: string): string => pathToFileURL(p).href;

      assert.equal(
        confinedGrammarPath(url(join(project, 'en-US', '..x.grxml')), base, [project]),
        join(project, 'en-US', '..x.grxml'),
      );
      assert.throws(() => confinedGrammarPath(url(join(sibling, 'x.grxml')), base, [project]), /outside the folder/);
      assert.throws(
        () => confinedGrammarPath(url(join(project, '..', 'x.grxml')), base, [project]),
        /outside the folder/,
      );

      const io = { cwd: project } as CliIO;
      assert.equal(displayName(io, join(project, 'en-US', 'en-US.trsx')), join('en-US', 'en-US.trsx'));
      assert.equal(displayName(io, join(sibling, 'a.trsx')), join(sibling, 'a.trsx'), 'a sibling keeps its full name');
      assert.equal(displayName(io, join(project, '..x')), '..x');

      const services = new LanguageServices(nodeFileSystem);
      const found = services.projects.projectOf(join(project, 'metadata.json'));
      assert.ok(found);
      assert.equal(services.projects.localeOf(found, join(project, 'en-US', 'en-US.trsx')), 'en-US');
      assert.equal(services.projects.localeOf(found, join(sibling, 'en-US', 'en-US.trsx')), undefined);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
