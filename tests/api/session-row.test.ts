import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createSession, identityColumns, toSessionUser, validateSessionToken } from '../../src/server/auth/sessions';
import { sessions, users } from '../../src/server/db/schema';
import { sessionReportAccess } from '../../src/server/services/reports/access';
import { createTestApp } from '../helpers/test-app';

/**
 * The session check reads its row as one packed JSON column and maps it by hand (issue 20:
 * per-request CPU). It must give exactly the user drizzle's column mapping gave (same values, same
 * key order — the user object reaches JSON answers such as bootstrap), for every kind of account.
 */
const t = createTestApp();
afterAll(() => t.close());

describe('session row (packed)', () => {
  it('maps every account exactly as the drizzle columns did', async () => {
    const now = new Date();
    const all = await t.db.select({ id: users.id }).from(users).where(eq(users.id, users.id));
    expect(all.length).toBeGreaterThan(3);
    // Cover the columns the seed may leave at their defaults: 2FA confirmed, a demo end, flags set.
    const [a, b, c] = all;
    await t.db.update(users).set({ twoFactorConfirmedAt: new Date(now.getTime() - 5000) }).where(eq(users.id, a!.id));
    await t.db.update(users).set({ demoExpiresAt: new Date(now.getTime() + 3_600_000), mustChangePassword: true }).where(eq(users.id, b!.id));
    await t.db.update(users).set({ mustEnable2fa: true, fullname: 'Zoë "quote" \\ back\nslash ☃' }).where(eq(users.id, c!.id));
    let checked = 0;
    for (const { id } of all) {
      const { token, session } = await createSession(t.db, id, { ip: null, userAgent: null }, now);
      const found = await validateSessionToken(t.db, token, now);
      const [row] = await t.db
        .select({ expiresAt: sessions.expiresAt, ...identityColumns })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, session.id));
      if (!row || row.user.demoExpiresAt !== null && row.user.demoExpiresAt.getTime() <= now.getTime()) {
        expect(found).toBeNull();
        continue;
      }
      expect(found).not.toBeNull();
      expect(JSON.stringify(found!.user)).toBe(JSON.stringify(toSessionUser(row)));
      expect(found!.user).toStrictEqual(toSessionUser(row));
      expect(found!.session).toStrictEqual({ id: session.id, expiresAt: row.expiresAt });
      // The variant with the report access check gives the same user.
      const withReport = await validateSessionToken(t.db, token, now, { reportId: 1, rule: sessionReportAccess });
      expect(withReport!.user).toStrictEqual(found!.user);
      expect(withReport!.dataGeneration).toBe(found!.dataGeneration);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  });
});
