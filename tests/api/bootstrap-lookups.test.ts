import { afterAll, describe, expect, it } from 'vitest';
import { passwordResets, throttles, twoFactorSetups } from '../../src/server/db/schema';
import { deleteExpiredAccountRows } from '../../src/server/services/auth/delete-expired-account-rows';
import { loginAs } from '../helpers/accounts';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

const LOOKUPS = [
  'reportStatuses', 'projectStatuses', 'granularity', 'patterns', 'colors', 'chartTypes', 'chartSortingOptions',
  'dataFormats', 'dataTypes', 'KPIs', 'projectRoles', 'looseEndTypes', 'reports', 'fileTypes', 'fileSubjectTypes',
  'fileDataTypes', 'panelFieldTypes', 'user', 'roles', 'userGroups', 'themes', 'pdfThemes',
] as const;

type Boot = { data: Record<string, { data: unknown }> & { user: { data: Record<string, unknown> }; themes: { data: { name: string; default: boolean; theme: object }[] }; colors: { data: { colors: string[]; loopable: boolean }[] } } };

describe('GET bootstrap: every lookup of spec 000 §7', () => {
  it('has each lookup with a data field, catalogues filled and unique ids', async () => {
    const s = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
    const { data } = (await (await s.get('/portal/api/v2/bootstrap')).json()) as Boot;
    for (const name of LOOKUPS) expect(data[name], name).toHaveProperty('data');
    for (const name of LOOKUPS.filter((n) => !['user', 'reports'].includes(n))) {
      const rows = data[name]!.data as { id: number }[];
      expect(rows.length, name).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.id)).size, name).toBe(rows.length);
    }
    expect(data.colors.data.every((c) => c.colors.length > 0 && typeof c.loopable === 'boolean')).toBe(true);
    expect(data.themes.data.find((th) => th.default)).toMatchObject({ name: 'ImpulZ licht', theme: {} });
    // The own company's theme, not another company's.
    expect(data.themes.data.map((th) => th.name)).toContain('Zuiderhaven huisstijl');
    expect(data.themes.data.map((th) => th.name)).not.toContain('Noordbroek huisstijl');
    expect(data.user.data).toMatchObject({ panelIds: [1], request_feedback: false, must_change_password: false });
    expect(data.user.data.panels).toEqual([expect.objectContaining({ id: 1, name: 'Burgerpanel Zuiderhaven' })]);
    for (const key of ['user_stats_id', 'isRootUser', 'isCompanyAdmin', 'must_enable_2fa', 'group', 'twoFactorConfirmed']) {
      expect(data.user.data, key).toHaveProperty(key);
    }
  });
});

describe('cron cleanup of account rows', () => {
  it('removes expired throttle windows, used or expired reset links and lapsed two-factor setups', async () => {
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 60_000);
    await t.db.insert(throttles).values([
      { key: 'x:old', windowStart: past, count: 3, expiresAt: past },
      { key: 'x:new', windowStart: past, count: 3, expiresAt: future },
    ]);
    await t.db.insert(passwordResets).values([
      { id: 'a', userId: 3, expiresAt: past },
      { id: 'b', userId: 3, expiresAt: future, usedAt: past },
      { id: 'c', userId: 3, expiresAt: future },
    ]);
    await t.db.insert(twoFactorSetups).values({ userId: 3, secret: 's', recoveryCodes: 'r', expiresAt: past });
    expect(await deleteExpiredAccountRows(t.db)).toEqual({ throttles: 1, resets: 2, setups: 1 });
    expect((await t.db.select().from(passwordResets)).map((r) => r.id)).toEqual(['c']);
  });
});
