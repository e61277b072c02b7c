import { expect, test } from '@playwright/test';
import { axeClean } from './support';

// The API reference: Scalar's bundle from the portal itself, reading the public openapi.json, without login.
test('the API reference renders the document and lists the report-data call', async ({ page }) => {
  test.setTimeout(120_000); // a 1.4 MB (gzip) bundle, parsed on a busy CI machine
  const problems: string[] = [];
  const requested: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('request', (r) => void requested.push(r.url()));
  const res = await page.goto('/portal/api-docs', { waitUntil: 'domcontentloaded' });
  const origin = new URL(res!.url()).origin;
  expect(res?.status()).toBe(200);
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  await expect(page.locator('#impulz-api-reference').getByRole('heading', { name: 'ImpulZ portaal-API', level: 1 }).first()).toBeVisible({ timeout: 60_000 });
  await page.getByText('Rapportagedata', { exact: true }).first().click();
  await expect(page.getByText('/data/{version}/{lang}/report/{id}').first()).toBeVisible();
  await expect(page.getByText('dashboard.view').first()).toBeVisible();
  // In Dutch, with none of Scalar's links to its own services (agent, SDK generator, developer tools).
  await expect(page.getByText('Padparameters').first()).toBeVisible();
  for (const english of ['Ask AI', 'Generate SDKs & MCP', 'Developer Tools', 'Path Parameters']) await expect(page.getByText(english, { exact: true })).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: '.tmp/shots/api-docs-1440.png' });
  await axeClean(page, 'API-documentatie 1440 px');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: '.tmp/shots/api-docs-390.png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await axeClean(page, 'API-documentatie 390 px');
  expect(problems).toEqual([]);
  expect(requested.filter((u) => !u.startsWith(origin) && !/^(data|blob):/.test(u))).toEqual([]);
});

test('the other pages keep their CSP: no unsafe-inline styles outside the API reference', async ({ page }) => {
  const res = await page.goto('/portal/login');
  expect(res?.headers()['content-security-policy'] ?? '').not.toContain('unsafe-inline');
});
