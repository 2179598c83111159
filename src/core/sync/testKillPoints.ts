// Kill points for the fault suite (test/unit/sync/faultSuite/): with CSTUDIO_TEST set and
// CSTUDIO_TEST_KILL_AT=<point> (or <point>@SIGINT), the process signals itself when it reaches that point —
// SIGKILL by default, so a test can stop a push or a pull at an exact file operation or request, not on a
// timer. Points: `pull:<n>` (the n-th file operation of a pull's transaction), `push:journal`,
// `push:sending:<i>`, `push:sent:<i>`, `push:ended:<i>` (operation i, from 0) and `push:refresh`.
// Without CSTUDIO_TEST this does nothing.

export function testKillPoint(point: string): void {
  if (!process.env.CSTUDIO_TEST) return;
  const wanted = process.env.CSTUDIO_TEST_KILL_AT;
  if (!wanted) return;
  const [at, signal] = wanted.split('@');
  if (at !== point) return;
  process.kill(process.pid, signal === 'SIGINT' ? 'SIGINT' : 'SIGKILL');
}
