import { eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../src/server/db/schema';
import { directSession } from '../helpers/direct-session';
import { listRecentProjects } from '../../src/server/services/projects/list-recent-projects';
import { loginAs } from '../helpers/accounts';
import { serviceContextFor } from '../helpers/service-context';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

const userCtx = (userId: number) => serviceContextFor(t.db, userId);

describe('listRecentProjects (front page)', () => {
  it('lists only the projects the Gebruiker is a member of, newest first', async () => {
    const projects = await listRecentProjects(await userCtx(3), 6);
    expect(projects.map((p) => p.id)).toEqual([1, 2, 4, 3]);
    expect(projects.find((p) => p.id === 3)?.license_end_date_style).toBe('error');
    expect(projects.find((p) => p.id === 1)?.license_end_date_style).toBe('warning');
    expect(projects.find((p) => p.id === 4)?.license_end_date_style).toBeNull();
  });

  it('gives a company admin the whole company and nothing of another company', async () => {
    const zuiderhaven = await listRecentProjects(await userCtx(2), 10);
    expect(zuiderhaven.map((p) => p.id).sort()).toEqual([1, 2, 3, 4, 5]);
    const noordbroek = await listRecentProjects(await userCtx(5), 10);
    expect(noordbroek.map((p) => p.id)).toEqual([6]);
  });

  it("gives the root user the projects of the own organisation (the same 'my projects' as the overview)", async () => {
    const mine = await listRecentProjects(await userCtx(1), 10);
    expect(mine.map((p) => p.id).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('counts the reports the user can open, as the project page does (spec 000 §2.9 Rapportages)', async () => {
    const s = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
    for (const card of await listRecentProjects(await userCtx(3), 6)) {
      const page = (await (await s.get(`/portal/api/v2/project/${card.id}`)).json()) as { data: { reportsCount: number } };
      expect(card.reportsCount, `project ${card.id}`).toBe(page.data.reportsCount);
    }
    expect((await listRecentProjects(await userCtx(3), 6)).find((p) => p.id === 1)?.reportsCount).toBeGreaterThan(0);
  });
});

describe('a new user without projects (issue 35 item 7: the empty state says what to do)', () => {
  it('has no recent projects, and the empty state\'s request reaches the organisation\'s admins', async () => {
    const beheerder = await directSession(t, 'beheerder@demo.impulz.nl');
    const made = await beheerder.post('/portal/api/v2/user', { fullname: 'Nieuwe Collega', email: 'nieuwe-collega@demo.impulz.nl' });
    expect(made.status).toBe(201);
    const id = ((await made.json()) as { data: { id: number } }).data.id;
    await t.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, id));
    expect(await listRecentProjects(await userCtx(id), 6)).toEqual([]);
    const nieuw = await directSession(t, 'nieuwe-collega@demo.impulz.nl');
    const res = await nieuw.post('/portal/api/v2/admin/requestAccess', { path: '/project/overview', reason: '' });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { alert: string }).alert).toBe('Uw aanvraag is verstuurd naar de beheerders van uw organisatie.');
    const mails = await t.db.select({ to: mailOutbox.to, text: mailOutbox.text }).from(mailOutbox).where(like(mailOutbox.text, '%nieuwe-collega@demo.impulz.nl%'));
    expect(mails.map((m) => m.to)).toContain('beheerder@demo.impulz.nl');
  });
});
