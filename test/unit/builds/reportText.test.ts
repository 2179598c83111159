// The words of a build job's report (progress, notifications, the report document) and of a bot's
// integration details, from job and interface shapes the sandbox sends (docs/platform-notes.md).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildHasFailures,
  buildReportHeadline,
  buildReportMarkdown,
  buildReportSummary,
} from '../../../src/core/builds/buildReportText';
import { integrationMarkdown } from '../../../src/core/bots/integrationDetails';
import { buildReport } from '../../../src/core/platform/builds';
import type { AppConfig } from '../../../src/core/platform/appTypes';
import type { Job } from '../../../src/core/platform/types';

const partial = {
  id: 'job-1',
  projectId: '7',
  type: 'BUILD_MODELS',
  status: 'PARTIALLY_COMPLETED',
  duration: '2s',
  report: {
    nluBuildReports: {
      reports: [
        { locale: 'en-US', status: 'COMPLETED', version: '3', buildLabel: 'NLU_7_3' },
        {
          locale: 'fr-CA',
          status: 'FAILED',
          errors: { errors: [{ code: '-1', message: 'No samples for locale fr-CA: add *samples* | then build' }] },
        },
      ],
    },
    dialogBuildReports: { reports: [{ status: 'COMPLETED', version: '1', buildLabel: 'DIALOG_7_1' }] },
  },
} as unknown as Job;

describe('build report text', () => {
  test('one summary line per service and locale, failures named', () => {
    assert.equal(buildReportSummary(buildReport(partial)), 'NLU en-US v3 ✓, NLU fr-CA failed, Dialog v1 ✓');
    assert.equal(buildHasFailures(partial), true);
    assert.equal(
      buildHasFailures({
        ...partial,
        status: 'COMPLETED',
        report: { dialogBuildReports: partial.report.dialogBuildReports },
      }),
      false,
    );
  });

  test('the notification headline stays one short line however many locales were built', () => {
    assert.equal(buildReportHeadline(buildReport(partial)), '1 of 3 failed: NLU fr-CA');
    const many = {
      ...partial,
      status: 'COMPLETED',
      report: {
        nluBuildReports: {
          reports: Array.from({ length: 12 }, (_, i) => ({ locale: `l${i}-XX`, status: 'COMPLETED', version: '3' })),
        },
      },
    } as unknown as Job;
    assert.equal(buildReportHeadline(buildReport(many)), '12 builds ✓');
    assert.ok(buildReportSummary(buildReport(many)).length > 100, 'the full summary would not fit a notification line');
    const failing = {
      ...many,
      report: {
        nluBuildReports: { reports: Array.from({ length: 12 }, (_, i) => ({ locale: `l${i}-XX`, status: 'FAILED' })) },
      },
    } as unknown as Job;
    assert.equal(buildReportHeadline(buildReport(failing)), '12 of 12 failed: NLU l0-XX, NLU l1-XX, …');
  });

  test('the Markdown report: a table of every line, then the errors with platform text escaped', () => {
    const md = buildReportMarkdown(partial, 'Coffee | Shop', '7');
    assert.match(md, /^# Build report of "Coffee \\\| Shop" \(project 7\)/);
    assert.match(md, /\| NLU \| fr-CA \| FAILED \| — \| 1 \|/);
    assert.match(md, /### NLU fr-CA\n\n- No samples for locale fr-CA: add \\\*samples\\\* \\\| then build \(code -1\)/);
    assert.doesNotMatch(md, /### Dialog/);
  });

  test('a job that built nothing says so', () => {
    assert.match(
      buildReportMarkdown({ ...partial, status: 'FAILED', report: {} }, 'P', '7'),
      /no build \(no service was built\)/,
    );
  });
});

describe('integration details', () => {
  const config = {
    id: '801',
    tag: 'coffee-main',
    deployments: [],
    builds: { dialog: { buildLabel: 'DIALOG_1_1', projectId: '1' } },
  } as unknown as AppConfig;
  const geo = { id: '301', geography: { id: 'us', displayName: 'Sandbox US' }, envHost: 'sandbox.example' };

  test('client ids without secrets, the tag, languages, channels, variables and transfer nodes', () => {
    const md = integrationMarkdown({
      botId: '501',
      botName: 'Coffee',
      config,
      live: [{ id: 'd', envGeography: geo, status: 'DEPLOYED' }],
      credentials: [
        {
          id: 'c',
          credential: {
            id: 'k',
            appId: 'COFFEE-DEV',
            clients: [{ id: '1', clientId: 'appID:COFFEE-DEV', clientName: 'default', oauthScopes: 'dlg log' }],
          },
          geographies: [geo],
        },
      ],
      dialogInterface: {
        locales: ['en-US'],
        channels: [{ id: 'ch', displayName: 'IVR', modes: ['AUDIO_SCRIPT'] }],
        variables: [{ displayName: 'customerName', simpleVariableType: 'STRING_TYPE' }],
        transferNodes: [
          {
            nodeName: 'send_to_barista',
            nodeType: 'TRANSFER',
            requestVariables: [{ displayName: 'order' }],
            responseVariables: [{ displayName: 'status' }],
          },
        ],
      },
    });
    assert.match(md, /Context tag: `coffee-main` \(configuration 801\)/);
    assert.match(md, /Live in: Sandbox US \(`sandbox.example`\)/);
    assert.match(md, /\| `appID:COFFEE-DEV` \| default \| dlg log \|/);
    assert.match(md, /\| IVR \| — \| `AUDIO_SCRIPT` \|/);
    assert.match(md, /\| `customerName` \| string \| no \|/);
    assert.match(md, /- \*\*`send_to_barista`\*\* \(transfer\)\n {2}- sends: `order`\n {2}- receives: `status`/);
    assert.doesNotMatch(md, /secret\s*[:=]/i);
  });

  test('a configuration without a dialog build says it has no interface', () => {
    const md = integrationMarkdown({ botId: '5', botName: 'B', config, live: [], credentials: [] });
    assert.match(md, /Live in: nowhere yet/);
    assert.match(md, /has no dialog interface/);
  });
});
