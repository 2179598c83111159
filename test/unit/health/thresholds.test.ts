// A model-health threshold (core/health/findings.ts's HealthOptions) reaches the report from both callers: the
// editor's `cstudio.health.<key>` setting (package.json, same default) and the CLI's `cstudio report --<key-name>`.
// The type of HealthSettings makes readSettings read every threshold; this test catches a threshold added to the
// report but not given a setting or a flag (CONTRIBUTING.md's model-health recipe).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_HEALTH_OPTIONS } from '../../../src/core/health/findings';
import { cli } from '../helpers/cli';
import { tempDir } from '../sync/support';

const root = join(__dirname, '..', '..', '..', '..', '..');

interface SettingSchema {
  default?: unknown;
}
interface Manifest {
  contributes: { configuration: { properties: Record<string, SettingSchema> }[] };
}

function settingsOf(manifest: Manifest): Record<string, SettingSchema> {
  const all = manifest.contributes.configuration.map((c) => c.properties);
  return Object.assign({}, ...all) as Record<string, SettingSchema>;
}

const kebab = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const TRSX = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="eng-USA" nuance:version="2.6">
  <ontology base="http://localhost:8080/resources/ontology-1.0.xml">
    <intents>
      <intent name="ASK_HOURS"/>
      <intent name="CHECK_ORDER"/>
    </intents>
    <concepts/>
  </ontology>
  <samples>
    <sample intentref="ASK_HOURS" count="1">when do you open tomorrow</sample>
    <sample intentref="CHECK_ORDER" count="1">where is my order</sample>
  </samples>
</project>
`;

describe('model-health thresholds', () => {
  let ws: Awaited<ReturnType<typeof tempDir>>;
  before(async () => {
    ws = await tempDir('cstudio-thresholds-');
    await mkdir(join(ws.dir, 'en-US'));
    await writeFile(join(ws.dir, 'metadata.json'), '{}\n');
    await writeFile(join(ws.dir, 'en-US', 'en-US.trsx'), TRSX);
  });
  after(async () => {
    await ws.cleanup();
  });

  test("each threshold is a cstudio.health setting with the report's default", () => {
    const settings = settingsOf(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest);
    for (const [key, value] of Object.entries(DEFAULT_HEALTH_OPTIONS)) {
      const setting = settings[`cstudio.health.${key}`];
      assert.ok(setting, `package.json has no cstudio.health.${key} setting for the report's ${key} threshold`);
      assert.equal(setting.default, value, `cstudio.health.${key}'s default is the report's`);
    }
  });

  test('each threshold is a flag of cstudio report that reaches the report', async () => {
    const plain = await cli(['report', ws.dir, '--json']);
    assert.equal(plain.code, 0, plain.stderr);
    const findings = (JSON.parse(plain.stdout) as { findings: { rule: string }[] }).findings.map((f) => f.rule);
    // Two intents of one sample each: both are below the default minimum of 5.
    assert.deepEqual(findings, ['samples-below-minimum', 'samples-below-minimum']);
    for (const [key, value] of Object.entries(DEFAULT_HEALTH_OPTIONS)) {
      const flag = `--${kebab(key)}`;
      const withDefault = await cli(['report', ws.dir, '--json', flag, String(value)]);
      assert.equal(withDefault.code, 0, `${flag} ${value}: ${withDefault.stderr}`);
      assert.equal(withDefault.stdout, plain.stdout, `${flag} at its default changes nothing`);
    }
    // And a value other than the default is the one the report uses.
    const lower = await cli(['report', ws.dir, '--json', '--min-samples', '1']);
    assert.equal(lower.code, 0, lower.stderr);
    assert.deepEqual((JSON.parse(lower.stdout) as { findings: unknown[] }).findings, []);
  });
});
