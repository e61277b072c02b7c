import { expect, request, test } from '@playwright/test';
import { apiCall, axeClean, login, shot } from './support';

/**
 * Issue 34 (API tokens): a Beheerder issues a token for the demo organisation's Api user
 * ('Koppeling Zuiderhaven', user 4) with only 'Rapportages lezen' ticked — nothing is ticked
 * beforehand — and the token reads reports but cannot upload responses. The test revokes the
 * token at its end.
 */
const API_USER = 4;
const NAME = 'Alleen lezen (e2e)';

test('a Beheerder issues a reports-only token for the demo Api user and the token cannot upload', async ({ page, baseURL }) => {
  await login(page);
  await page.goto(`/portal/manage/user/${API_USER}/base`);
  const tokens = page.locator('section[aria-labelledby="tokens-title"]');
  await expect(tokens.getByRole('heading', { name: 'Toegangstokens' })).toBeVisible();
  const read = tokens.getByRole('checkbox', { name: 'Rapportages lezen' });
  const upload = tokens.getByRole('checkbox', { name: 'Respons uploaden' });
  await expect(read).not.toBeChecked();
  await expect(upload).not.toBeChecked();
  await axeClean(page, 'api tokens');

  await tokens.getByLabel('Naam', { exact: true }).fill(NAME);
  await read.check();
  await tokens.getByRole('button', { name: 'Token aanmaken' }).click();
  const secret = (await tokens.getByTestId('once-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^impz_/);
  await expect(tokens.getByRole('row', { name: new RegExp(NAME.replace(/[()]/g, '\\$&')) })).toContainText('Rapportages lezen');
  await expect(tokens.getByRole('row', { name: new RegExp(NAME.replace(/[()]/g, '\\$&')) })).not.toContainText('Respons uploaden');
  await shot(page, 'api-token-issued');

  // The token alone (no cookies): it reads reports, and an upload is refused for lack of the right.
  const bearer = await request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${secret}`, accept: 'application/json' } });
  try {
    expect((await bearer.get('/portal/api/v2/report')).status()).toBe(200);
    const refused = await bearer.post('/portal/api/v2/survey/1/response', { multipart: { file: { name: 'script.csv', mimeType: 'text/csv', buffer: Buffer.from('id\n1\n') } } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBeTruthy();
  } finally {
    await bearer.dispose();
  }

  const list = await apiCall<{ data: { id: number; name: string; scopes: string[] }[] }>(page, 'GET', `/user/${API_USER}/token`);
  const made = list.json.data.find((row) => row.name === NAME)!;
  expect(made.scopes).toEqual(['reports:read']);
  expect((await apiCall(page, 'DELETE', `/user/${API_USER}/token/${made.id}`)).status).toBe(200);
});
