// What the VS Code test tier (and `npm start` without desktop VS Code) needs from Debian, in one place:
// Chromium for the headless workbench client, and — until code-server is installed in the user cache — a C++
// toolchain and the Kerberos headers its native modules build against. Root gets them with apt-get; anyone
// else gets one message naming the exact `apt-get install` line, and the tier is skipped with it.

/** The exit code of a tier skipped for missing packages (EX_CONFIG): scripts/test.mjs reports it as SKIPPED. */
export const TIER_SKIPPED_EXIT = 78;

/** Debian package → what it is for. libxml2-utils (xmllint) only serves `npm run bench grxml`, so it is not here. */
export const TIER_PACKAGES = {
  chromium: 'the headless browser that drives the VS Code workbench',
  'libkrb5-dev': 'Kerberos headers for code-server\'s native modules',
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

/** The exact command that installs `missing`. */
export function aptLine(missing) {
  return `sudo apt-get install -y ${missing.join(' ')}`;
}

/** Why the VS Code tier is skipped, and how to run it. */
export function skipMessage(missing) {
  return [
    `The VS Code tier is SKIPPED: it needs Debian packages that are not installed: ${missing.join(', ')}.`,
    ...missing.map((p) => `  - ${p}: ${TIER_PACKAGES[p] ?? ''}`),
    `Install them with:\n    ${aptLine(missing)}`,
    'then run `npm test` again (as root, `npm test` installs them itself). The first run also installs code-server',
    '(~800 MB, a few minutes) into ~/.cache/conversational-studio/.',
  ].join('\n');
}
