import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites, projectUsers, reports, reportUsers, sessions, surveys, users } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { loginAs } from '../helpers/accounts';
import { jsonApi } from '../helpers/manage';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

let beheerder: ReturnType<typeof jsonApi>;
beforeAll(async () => {
  beheerder = jsonApi(await loginAs(t.session(), 'beheerder@demo.impulz.nl'));
});

/** Every row a user owns, by kind (the transfer's list). */
async function owned(db: Db, userId: number) {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
  return {
    reports: await n(db.select({ n: count() }).from(reports).where(eq(reports.createdBy, userId))),
    surveys: await n(db.select({ n: count() }).from(surveys).where(eq(surveys.ownerId, userId))),
    projects: await n(db.select({ n: count() }).from(projectUsers).where(eq(projectUsers.userId, userId))),
    readers: await n(db.select({ n: count() }).from(reportUsers).where(eq(reportUsers.userId, userId))),
    invites: await n(db.select({ n: count() }).from(invites).where(eq(invites.invitedBy, userId))),
  };
}

describe('DELETE user/{id}/transfer/{tid}', () => {
  it('hands every owned row to a colleague and deletes the user, in one go', async () => {
    // A leaving colleague who made reports, is in projects, reads a report and sent an invitation.
    const leaving = (await beheerder.post<{ data: { id: number } }>('/user', { fullname: 'Vertrekkende Collega', email: 'vertrekt@zuiderhaven.nl', group_id: 2 })).body.data.id;
    await t.db.insert(projectUsers).values([{ projectId: 1, userId: leaving, projectRoleId: 1 }, { projectId: 4, userId: leaving, projectRoleId: 2 }, { projectId: 5, userId: leaving, projectRoleId: 2 }]);
    await t.db.update(reports).set({ createdBy: leaving }).where(eq(reports.projectId, 1));
    await t.db.update(surveys).set({ ownerId: leaving }).where(eq(surveys.companyId, 1));
    await t.db.insert(reportUsers).values({ reportId: 1, userId: leaving });
    await t.db.insert(invites).values({ companyId: 1, invitedBy: leaving, email: 'iemand@zuiderhaven.nl', groupId: 3, tokenHash: 'x'.repeat(64), expiresAt: new Date(Date.now() + 86_400_000) });
    // The colleague (Carla, id 3) is already in projects 1 and 4: her own membership stays.
    const before = { from: await owned(t.db, leaving), to: await owned(t.db, 3) };
    expect(before.from.reports).toBeGreaterThan(0);
    expect(before.from.surveys).toBeGreaterThan(0);
    expect(before.from).toMatchObject({ projects: 3, readers: 1, invites: 1 });

    const res = await beheerder.del<{ data: { transferred_to: { id: number } }; alert: string }>(`/user/${leaving}/transfer/3`);
    expect(res.status).toBe(200);
    expect(res.body.alert).toBe('De gegevens zijn overgedragen aan Carla Bakker en de gebruiker is verwijderd.');

    const after = { from: await owned(t.db, leaving), to: await owned(t.db, 3) };
    expect(after.from).toEqual({ reports: 0, surveys: 0, projects: 0, readers: 0, invites: 0 });
    expect(after.to).toEqual({
      reports: before.to.reports + before.from.reports,
      surveys: before.to.surveys + before.from.surveys,
      projects: before.to.projects + 1, // project 5 is new to her; 1 and 4 she had already
      readers: before.to.readers + before.from.readers,
      invites: before.to.invites + before.from.invites,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, leaving));
    expect(row!.deletedAt).not.toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, leaving))).toEqual([]);
    const [carlaIn1] = await t.db.select().from(projectUsers).where(eq(projectUsers.userId, 3));
    expect(carlaIn1).toBeDefined();
  });

  it('refuses itself, another company’s colleague, a deleted colleague, and changes nothing then', async () => {
    const leaving = (await beheerder.post<{ data: { id: number } }>('/user', { fullname: 'Blijft Nog', email: 'blijft@zuiderhaven.nl' })).body.data.id;
    await t.db.insert(projectUsers).values({ projectId: 1, userId: leaving, projectRoleId: 2 });
    const before = await owned(t.db, leaving);
    expect((await beheerder.del(`/user/${leaving}/transfer/${leaving}`)).status).toBe(422);
    expect((await beheerder.del(`/user/${leaving}/transfer/5`)).status).toBe(404);
    expect((await beheerder.del(`/user/2/transfer/3`)).status).toBe(409);
    expect((await beheerder.del(`/user/5/transfer/3`)).status).toBe(404);
    expect(await owned(t.db, leaving)).toEqual(before);
    expect((await t.db.select().from(users).where(eq(users.id, leaving)))[0]!.deletedAt).toBeNull();
  });
});
