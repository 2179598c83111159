// The sandbox's dialog build reads dialog.json with core/dialog's reader: the genuine travel package, replaced
// into a project over HTTP and built, gives a bot interface that matches its file (14 string, 8 boolean, 1 date
// and 3 complex variables, the END and ESCALATE nodes) and its one data host, which `--project-defaults` fills in.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeZip } from '../../../src/core/package/zip';
import type { PlatformClient } from '../../../src/core/platform/client';
import type { Job } from '../../../src/core/platform/types';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { corpusFolder } from '../language/helpers';
import { clientFor } from '../platform/support';

let sbx: TestSandbox;
let owner: PlatformClient;

before(async () => {
  sbx = await startTestSandbox({ jobDurationMs: 40 });
  owner = clientFor(sbx, 'owner');
});
after(async () => {
  await owner.close();
  await sbx.close();
});

const finish = (projectId: string, job: Job): Promise<Job> =>
  owner.jobPoller.waitFor(projectId, job, { initialDelayMs: 20, maxDelayMs: 50, timeoutMs: 20_000 });

describe('bot interface from a genuine dialog.json', () => {
  test('a project created through the API (its dialog never designed, `{}`) builds an empty dialog', async () => {
    const project = await owner.projects.create('1', {
      displayName: 'No dialog yet',
      languages: ['en-US'],
      isChildDataCompliant: 'NO',
    });
    const built = await finish(project.id, await owner.builds.start(project.id, { dialog: {} }));
    assert.equal(built.status, 'COMPLETED', JSON.stringify(built));
  });

  test('travel: variable types, complex types, END and ESCALATE nodes, the data host', async (t) => {
    const dir = corpusFolder('dialog/travel');
    if (!dir) {
      t.skip('corpus dialog/travel not found at <repo>/../shared/corpus');
      return;
    }
    const project = await owner.projects.create('1', {
      displayName: 'Travel',
      languages: ['en-US'],
      isChildDataCompliant: 'NO',
    });
    const zip = await writeZip({
      'metadata.json': readFileSync(join(dir, 'metadata.json')),
      'dialog.json': readFileSync(join(dir, 'dialog.json')),
      'en-US/en-US.trsx': readFileSync(join(dir, 'en-US', 'en-US.trsx')),
    });
    assert.equal((await finish(project.id, await owner.projects.replacePackage(project.id, zip))).status, 'COMPLETED');
    const built = await finish(project.id, await owner.builds.start(project.id, { dialog: {} }));
    assert.equal(built.status, 'COMPLETED', JSON.stringify(built));
    const label = `DIALOG_${project.id}_1`;
    const config = await owner.appConfigs.create(
      '501',
      { tag: 'travel', deploymentFlowId: '1', requestBuilds: { dialog: { buildLabel: label } } },
      { useProjectDefault: true },
    );
    assert.deepEqual(
      [...new Set((config.dataHosts ?? []).map((h) => `${h.alias}=${h.value}`))],
      ['demo.mix.nuance.com=https://demo.mix.nuance.com/api'],
    );
    const i = await owner.bots.configInterface('501', config.id);
    const types = new Map<string, number>();
    for (const v of i.variables) {
      const type = v.simpleVariableType || 'complex';
      types.set(type, (types.get(type) ?? 0) + 1);
    }
    assert.deepEqual(Object.fromEntries(types), { STRING_TYPE: 14, BOOLEAN_TYPE: 8, DATE_TYPE: 1, complex: 3 });
    assert.deepEqual(i.transferNodes.map((n) => `${n.nodeType} ${n.nodeName}`).sort(), [
      'END ma1025_EndCall_EA',
      'TRANSFER tr1010_Transfer_EA',
    ]);
    const raw = JSON.parse(readFileSync(join(dir, 'dialog.json'), 'utf8')) as {
      data: { complexVariableTypes: Array<{ name: string }> };
    };
    assert.deepEqual(
      (i.complexVariableTypes ?? []).map((c) => c.name).sort(),
      raw.data.complexVariableTypes.map((c) => c.name).sort(),
    );
  });
});
