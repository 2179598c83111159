// `npm run conformance`: runs the plain-Node test tier with the sandbox recording every exchange, then
// writes docs/conformance.md — one row per endpoint of the platform spec (method, path, the statuses the
// spec documents, the statuses the tests exercised, pass/fail). The endpoint list is read from the spec
// itself (../shared/spec/platform-api.md), plus the endpoints real-client-shapes.md adds.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const specFile = join(root, '..', 'shared', 'spec', 'platform-api.md');
if (!existsSync(specFile)) {
  console.error(`conformance: the platform spec is not at ${specFile}; it is needed to list the endpoints.`);
  process.exit(2);
}

// Operations whose method and path the spec does not show: the paths the public clients use
// (docs/platform-notes.md records each choice).
const NOT_SHOWN = {
  'Get Partitions': ['GET', '/partitions'],
  'Create Consumer': ['POST', '/consumers'],
  'Delete Consumer': ['DELETE', '/consumers'],
  'Get Records': ['GET', '/consumers/records'],
  'Commit Offsets': ['POST', '/consumers/offsets'],
  'all-applications list': ['GET', '/v4/apps'],
};

/**
 * Documented statuses the sandbox deliberately does not produce, with the reason (also in platform-notes.md).
 * The row passes when every other documented status was exercised; the reason is shown in the table.
 */
const DEVIATIONS = {
  'GET /consumers/subscription': [
    204,
    'a 204 cannot carry the documented subscription body, so the sandbox answers 200 with it',
  ],
};

/** Endpoints the real service has beyond the spec's tables (real-client-shapes.md). */
const EXTRA = [
  ['Organizations', 'GET', '/v4/organizations', [200]],
  ['Intents', 'GET', '/v4/projects/{projectId}/intents', [200, 404]],
  ['Intents', 'POST', '/v4/projects/{projectId}/intents', [200, 400, 404]],
  ['Intents', 'GET', '/v4/projects/{projectId}/intents/{intentName}', [200, 404]],
  ['Intents', 'PUT', '/v4/projects/{projectId}/intents/{intentName}/.rename', [200, 404]],
  ['Intents', 'DELETE', '/v4/projects/{projectId}/intents/{intentName}', [200, 404]],
  // Discovery endpoints mix-cli reads (issue 16; docs/platform-notes.md "Public client compatibility").
  ['Discovery', 'GET', '/v4/organizations/{orgId}/deployment-flows', [200, 404]],
  ['Discovery', 'GET', '/v4/organizations/{orgId}/environments', [200, 403]],
  ['Discovery', 'GET', '/v4/geographies', [200]],
  ['Discovery', 'GET', '/v4/builds/{buildLabel}/data-hosts', [200, 400, 404]],
  ['Discovery', 'GET', '/v4/apps/{applicationId}/projects/{projectId}/data-hosts/.latest', [200]],
  ['Discovery', 'GET', '/v4/version', [200]],
  ['Discovery', 'GET', '/v4/organizations/{orgId}/engine-packs', [200]],
  ['Discovery', 'GET', '/v4/organizations/{orgId}/language-topics', [200]],
  ['Discovery', 'GET', '/v4/organizations/{orgId}/voices', [200]],
  ['Discovery', 'GET', '/v4/data-types', [200]],
  // The NLU runtime (issue 28; ../shared/spec/nlu-runtime-notes.md, docs/platform-notes.md "NLU runtime").
  ['NLU runtime', 'POST', '/nlu/v1/runtime/interpret', [200, 400, 401, 403, 404]],
];

function specEndpoints(text) {
  const out = [];
  const body = text.slice(text.indexOf('\n## Endpoints'), text.indexOf('\n## Authentication'));
  let section = '';
  for (const line of body.split('\n')) {
    if (line.startsWith('### ')) {
      section = line.slice(4).replace(/\s*\(.*$/, '');
      continue;
    }
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    const cols = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cols[0] === 'Method' || cols[0] === 'Operation') continue;
    let method;
    let path;
    if (/^(GET|POST|PUT|DELETE)$/.test(cols[0])) {
      method = cols[0];
      path = (/`([^`]+)`/.exec(cols[1]) ?? [])[1];
      if (!path)
        [method, path] = NOT_SHOWN[Object.keys(NOT_SHOWN).find((k) => cols[1].includes(k))] ?? [method, undefined];
    } else {
      const shown = /(GET|POST|PUT|DELETE) `([^`]+)`/.exec(cols[1]);
      [method, path] = shown ? [shown[1], shown[2]] : (NOT_SHOWN[cols[0]] ?? []);
    }
    if (!method || !path) {
      console.error(`conformance: cannot read the endpoint row: ${line}`);
      process.exit(2);
    }
    path = path.replace(/^\.\.\./, '/v4/projects/{projectId}');
    const isConsumer = section.startsWith('Event-log consumer');
    const last = cols[cols.length - 1];
    const statuses = new Set((last.match(/\b[1-5]\d\d\b/g) ?? []).map(Number));
    if (!isConsumer && !section.startsWith('Audio')) statuses.add(200);
    if (section.startsWith('Environment configurations')) statuses.add(501);
    out.push({ section, method, path, documented: [...statuses].sort() });
  }
  for (const [section, method, path, documented] of EXTRA)
    out.push({ section: `${section} (real service)`, method, path, documented });
  return out;
}

const key = (method, path) => `${method} ${path.replace(/\{[^}]+\}|:[A-Za-z]+/g, '{}')}`;

const endpoints = specEndpoints(readFileSync(specFile, 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'cstudio-conformance-'));
console.log(`conformance: ${endpoints.length} endpoints in the spec; running the test tier with exchange recording…`);
const run = spawnSync(process.execPath, [join(root, 'scripts', 'test.mjs'), '--unit'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, SKIP_STATIC: '1', CSTUDIO_CONFORMANCE_DIR: dir },
});
const testsPassed = run.status === 0;

const observed = new Map();
for (const f of readdirSync(dir)) {
  for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
    if (!line) continue;
    const e = JSON.parse(line);
    if (!e.route) continue;
    const k = key(e.method, e.route);
    if (!observed.has(k)) observed.set(k, new Set());
    observed.get(k).add(e.status);
  }
}
rmSync(dir, { recursive: true, force: true });

let failures = 0;
const rows = endpoints.map((e) => {
  const tested = [...(observed.get(key(e.method, e.path)) ?? [])].sort();
  const deviation = DEVIATIONS[`${e.method} ${e.path}`];
  const missing = e.documented.filter((s) => !tested.includes(s) && s !== deviation?.[0]);
  const ok = testsPassed && tested.length > 0 && missing.length === 0;
  if (!ok) failures++;
  const result = ok
    ? deviation
      ? `pass (no ${deviation[0]}: ${deviation[1]})`
      : 'pass'
    : tested.length === 0
      ? 'FAIL (not tested)'
      : missing.length
        ? `FAIL (untested: ${missing.join(', ')})`
        : 'FAIL (tests failed)';
  return `| ${e.section} | ${e.method} | \`${e.path}\` | ${e.documented.join(', ')} | ${tested.join(', ')} | ${result} |`;
});
const specKeys = new Set(endpoints.map((e) => key(e.method, e.path)));
const extras = [...observed.entries()]
  .filter(([k]) => !specKeys.has(k))
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([k, s]) => `| \`${k}\` | ${[...s].sort().join(', ')} |`);

const doc = `# Conformance of the local sandbox to the platform spec

Generated by \`npm run conformance\` on ${new Date().toISOString().slice(0, 10)}. Do not edit by hand.

The plain-Node test tier runs against the sandbox over HTTP with every exchange recorded. For each endpoint of
\`platform-api.md\` (and the ones \`real-client-shapes.md\` adds), the table lists the statuses the spec documents
(200 for every management success; 401 and 500 are common to all and not listed), the statuses the tests
exercised, and whether every documented status was exercised in a passing run. Choices where the spec is silent
are in [platform-notes.md](platform-notes.md).

Test run: **${testsPassed ? 'passed' : 'FAILED'}**. Endpoints: **${endpoints.length - failures} of ${endpoints.length} pass**.

| Section | Method | Path | Documented | Tested | Result |
|---|---|---|---|---|---|
${rows.join('\n')}

## Other routes the sandbox serves

Routes beyond the spec's tables (OAuth, sandbox administration, and variants the public clients use), with the
statuses the tests exercised.

| Route | Tested |
|---|---|
${extras.join('\n')}
`;
writeFileSync(join(root, 'docs', 'conformance.md'), doc);
console.log(
  `conformance: ${endpoints.length - failures}/${endpoints.length} endpoints pass; tests ${testsPassed ? 'passed' : 'FAILED'}; wrote docs/conformance.md`,
);
process.exit(testsPassed && failures === 0 ? 0 : 1);
