// What the VS Code test tier (and `npm start` without desktop VS Code) needs from Debian, in one place:
// Chromium for the headless workbench client, and — until code-server is installed in the user cache — a C++
// toolchain and the Kerberos headers its native modules build against. Nothing changes the system without a yes:
// apt-get runs only as root and only when asked (CSTUDIO_INSTALL_PACKAGES=1) or under CI; everyone else gets one
// message naming the exact `apt-get install` line, and the tier is skipped (npm start stops) with it.

/** The exit code of a tier skipped for missing packages (EX_CONFIG): scripts/test.mjs reports it as SKIPPED. */
export const TIER_SKIPPED_EXIT = 78;

/** Debian package → what it is for. libxml2-utils (xmllint) only serves `npm run bench grxml`, so it is not here. */
export const TIER_PACKAGES = {
  chromium: 'the headless browser that drives the VS Code workbench',
  'libkrb5-dev': "Kerberos headers for code-server's native modules",
  'build-essential': 'the C++ toolchain that builds them',
  'pkg-config': 'used by that build',
};

/**
 * The Debian packages still missing. `probe` answers `chromium()` (an executable was found),
 * `codeServerInstalled()`, `file(path)` and `command(name)`.
 */
export function missingPackages(probe) {
  const missing = [];
  if (!probe.chromium()) missing.push('chromium');
  if (!probe.codeServerInstalled()) {
    if (!probe.file('/usr/include/krb5.h') && !probe.file('/usr/include/krb5/krb5.h')) missing.push('libkrb5-dev');
    if (!probe.command('g++') || !probe.command('make')) missing.push('build-essential');
    if (!probe.command('pkg-config')) missing.push('pkg-config');
  }
  return missing;
}

/** The variable that lets `npm test` / `npm start` run apt-get as root. */
export const INSTALL_CONSENT_VARIABLE = 'CSTUDIO_INSTALL_PACKAGES';

/** Whether we may install Debian packages: the user opted in (CSTUDIO_INSTALL_PACKAGES=1) or this is CI. */
export function installConsent(env = process.env) {
  const yes = (v) => v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
  return yes(env[INSTALL_CONSENT_VARIABLE]) || yes(env.CI);
}

const runningAsRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The exact command that installs `missing` (without sudo when we are root already). */
export function aptLine(missing, root = runningAsRoot()) {
  return `${root ? '' : 'sudo '}apt-get install -y ${missing.join(' ')}`;
}

/** Why the VS Code tier is skipped (or `npm start` stops: `what`), and how to go on. */
export function skipMessage(
  missing,
  { root = runningAsRoot(), what = 'The VS Code tier is SKIPPED', command = 'npm test' } = {},
) {
  return [
    `${what}: it needs Debian packages that are not installed: ${missing.join(', ')}.`,
    ...missing.map((p) => `  - ${p}: ${TIER_PACKAGES[p] ?? ''}`),
    `Install them with:\n    ${aptLine(missing, root)}`,
    `then run \`${command}\` again${root ? `, or let it run that apt-get line itself: ${INSTALL_CONSENT_VARIABLE}=1 ${command}` : ''}.`,
    'Nothing is installed without that yes (CI=true counts as one). The first run also installs code-server',
    '(~800 MB, a few minutes) into ~/.cache/conversational-studio/.',
  ].join('\n');
}
