import { expect, test } from '@playwright/test';
import { axeClean, login } from './support';

/**
 * The ranking of a rating job on a phone: one card per provider with every figure (no sideways
 * scrolling of the page); on wider screens the table in a named scroll region that takes keyboard
 * focus and says when columns are out of sight. axe clean at each width.
 */
test('Zorgkaart ranking: cards at 390 px, a keyboard-scrollable table region with a hint in between, axe clean', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'gebruiker@delinde.demo.impulz.nl');
  await page.goto('/portal/ZorgkaartNederland/ratings');
  await page.getByRole('link', { name: 'Zorgkaart-beoordelingen afgelopen jaar' }).click();
  await expect(page.getByRole('heading', { name: 'Zorgkaart-beoordelingen afgelopen jaar', level: 1 })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: 'Ranglijst Huisartsenpraktijk' });
  await expect(cards).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ranglijst Huisartsenpraktijk (tabel)' })).toBeHidden();
  const first = cards.getByRole('listitem').first();
  await expect(first).toContainText('Plaats 1');
  for (const term of ['Aantal', 'Gemiddeld cijfer', '95%-interval', 'Gewogen', 'Beveelt aan', 'Plaats in regio']) await expect(first.getByRole('term').filter({ hasText: term })).toBeVisible();
  await expect(cards.getByRole('listitem').filter({ hasText: 'te weinig beoordelingen' }).first()).toBeVisible();
  // Nothing sticks out: the page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await axeClean(page, 'ranking 390');
  // The detail dialog opens from a card.
  await first.getByRole('button', { name: /^Details: / }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // Between phone and desktop the table may not fit: the region says so and scrolls by keyboard.
  await page.setViewportSize({ width: 660, height: 844 });
  const region = page.getByRole('region', { name: 'Ranglijst Huisartsenpraktijk (tabel)' });
  await expect(region).toBeVisible();
  await expect(cards).toBeHidden();
  const overflows = await region.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  if (overflows) {
    await expect(region).toHaveAccessibleDescription(/Scroll opzij voor meer kolommen/);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  }
  await axeClean(page, 'ranking 660');

  // Desktop: the whole table in sight, no hint.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(region).toBeVisible();
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await expect(page.locator('[data-scroll-hint]')).toHaveCount(0);
  await axeClean(page, 'ranking 1440');
});
