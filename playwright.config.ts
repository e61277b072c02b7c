import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4390);

// Playwright drives the system Chromium (no browser downloads); the server is `npm start`'s own
// script on a fresh data directory, so e2e covers the one-command start as well.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '.tmp/reports/e2e.json' }]],
  timeout: 30_000,
  outputDir: `.tmp/test-results-${port}`,
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: `node node_modules/tsx/dist/cli.mjs scripts/start.ts --skip-build --fresh --data .tmp/e2e-${port} --port ${port}`,
    url: `http://127.0.0.1:${port}/portal/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
