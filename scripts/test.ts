/**
 * `npm test`: every test layer in order, stopping at the first that fails —
 * layers (dependency-cruiser: no import cycles, no layer breaks; docs/architecture.md) →
 * typecheck → unit → api → build → worker (built Worker under workerd) → e2e (Chromium).
 * Ends with one line that adds up the tests of all runners.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const REPORTS = '.tmp/reports';
const node = process.execPath;
const bin = {
  astro: 'node_modules/astro/bin/astro.mjs',
  depcruise: 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
  tsc: 'node_modules/typescript/bin/tsc',
  vitest: 'node_modules/vitest/vitest.mjs',
  playwright: 'node_modules/@playwright/test/cli.js',
};
const vitest = (project: string) => [bin.vitest, 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/${project}.json`];

const steps: { name: string; args: string[] }[] = [
  { name: 'layers (dependency-cruiser)', args: [bin.depcruise, 'src', '--config', '.dependency-cruiser.cjs', '--cache', 'node_modules/.cache/dependency-cruiser', '--output-type', 'err-long'] },
  { name: 'typecheck (astro check)', args: [bin.astro, 'check'] },
  { name: 'typecheck (tsc)', args: [bin.tsc, '--noEmit'] },
  { name: 'unit', args: vitest('unit') },
  { name: 'api', args: vitest('api') },
  { name: 'build', args: [bin.astro, 'build'] },
  { name: 'worker', args: vitest('worker') },
  { name: 'e2e', args: [bin.playwright, 'test'] },
];

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const timings: string[] = [];
for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  const result = spawnSync(node, step.args, {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  timings.push(`${step.name.padEnd(24)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    console.error(`\n✘ ${step.name} faalde (exit ${result.status ?? result.signal}).`);
    printTotals();
    process.exit(result.status ?? 1);
  }
}
console.log(`\n${timings.join('\n')}`);
printTotals();

function printTotals() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const project of ['unit', 'api', 'worker']) {
    const file = `${REPORTS}/${project}.json`;
    if (!existsSync(file)) continue;
    const r = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
  }
  const e2e = `${REPORTS}/e2e.json`;
  if (existsSync(e2e)) {
    const { stats } = JSON.parse(readFileSync(e2e, 'utf8')) as { stats: { expected: number; unexpected: number; skipped: number; flaky: number } };
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
  }
  console.log(`\nTotaal: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}
