import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/server/auth/cookies';
import { validateSessionToken } from '../../src/server/auth/sessions';
import { projectUsers, reports, reportUsers, roles, sessions, userRoles, users } from '../../src/server/db/schema';
import { sessionReportAccess } from '../../src/server/services/reports/access';
import { CONCEPT_REPORT_TITLE } from '../../scripts/seed/reports';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';

/**
 * Who may read a report's data (issue 20): the staff data call answers its access check in the
 * session's own statement (reports/access.ts `reportAccessColumn`), a cached answer then costs
 * that one round trip. The rule must be findReport's exactly, per rule shape (root, company admin,
 * report editor, reader), cached or not: every refused call here comes after an allowed one has
 * put the answer in the isolate's cache, and each call is made twice.
 */
const t = createSurveyTestApp();
afterAll(() => t.close());
const body = { benchmarks: [{ label: 'Alle' }] };
const data = (reportId: number) => `/portal/api/v2/data/1/nl/report/${reportId}`;

type Who = 'root' | 'admin' | 'editor' | 'reader' | 'otherAdmin' | 'otherReader';
const EMAIL: Record<Who, string> = {
  root: 'admin@demo.impulz.nl', // root user, not a member of project 1
  admin: 'beheerder@demo.impulz.nl', // company admin of Zuiderhaven, member of project 1
  editor: 'api@demo.impulz.nl', // member of project 1, given dashboard.edit below
  reader: 'gebruiker@demo.impulz.nl', // member of project 1, dashboard.view only
  otherAdmin: 'beheerder@noordbroek.demo.impulz.nl', // company admin of another company
  otherReader: 'gebruiker@delinde.demo.impulz.nl', // reader of a third company
};
const SHAPE: Record<Who, number> = { root: 1, admin: 2, editor: 3, reader: 4, otherAdmin: 2, otherReader: 4 };
const s = {} as Record<Who, HttpSession>;
const id = {} as Record<Who, number>;
let concept = 0;

beforeAll(async () => {
  const [edit] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'dashboard.edit'));
  for (const who of Object.keys(EMAIL) as Who[]) {
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL[who]));
    id[who] = user!.id;
  }
  await t.db.insert(userRoles).values({ userId: id.editor, roleId: edit!.id }).onConflictDoNothing();
  for (const who of Object.keys(EMAIL) as Who[]) s[who] = await loginAs(t.session(), EMAIL[who]);
  const [row] = await t.db.select({ id: reports.id }).from(reports).where(eq(reports.title, CONCEPT_REPORT_TITLE));
  concept = row!.id;
}, 60_000);

const post = (who: Who, reportId: number) => s[who].fetch(data(reportId), { method: 'POST', json: body });

/** Warms the answer (as `warm`, who may see it), then asks as each user twice: the statuses, and what the session's statement decided. */
async function statuses(reportId: number, warm: Who | null, whom: Who[]) {
  if (warm) expect((await post(warm, reportId)).status, `warm as ${warm}`).toBe(200);
  const got: Partial<Record<Who, number>> = {};
  for (const who of whom) {
    const first = await post(who, reportId);
    const second = await post(who, reportId);
    const text = await second.text();
    await first.text();
    expect(second.status, `${who}: the same answer twice`).toBe(first.status);
    if (second.status !== 200) expect(text, `${who}: no data in a refusal`).not.toMatch(/groupSize|dataLocations/);
    got[who] = second.status;
  }
  return got;
}

/** What the session's statement says about the report for each user (null = not decided there). */
async function folded(reportId: number, whom: Who[]) {
  const got: Partial<Record<Who, boolean | null>> = {};
  for (const who of whom) {
    const token = decodeURIComponent(s[who].cookies.get(SESSION_COOKIE)!);
    const result = await validateSessionToken(t.db, token, new Date(), { reportId, rule: sessionReportAccess });
    got[who] = result?.reportAccess === undefined ? undefined : (result.reportAccess?.visible ?? null);
  }
  return got;
}

const everyone: Who[] = ['root', 'admin', 'editor', 'reader', 'otherAdmin', 'otherReader'];

describe('report data access, per rule shape, cached or not', { timeout: 120_000 }, () => {
  it('a published report: its company’s users with access get data, other companies 404', async () => {
    expect(await statuses(1, 'admin', everyone)).toEqual({ root: 200, admin: 200, editor: 200, reader: 200, otherAdmin: 404, otherReader: 404 });
    expect(await folded(1, everyone)).toEqual({ root: true, admin: true, editor: true, reader: true, otherAdmin: false, otherReader: false });
  });

  it('a concept report: editors (root, company admin, dashboard.edit) get data, a reader 404', async () => {
    expect(await statuses(concept, 'admin', everyone)).toEqual({ root: 200, admin: 200, editor: 200, reader: 404, otherAdmin: 404, otherReader: 404 });
    expect(await folded(concept, everyone)).toEqual({ root: true, admin: true, editor: true, reader: false, otherAdmin: false, otherReader: false });
  });

  it('a report with named readers: a reader not among them 404, one among them 200; editors unaffected', async () => {
    await t.db.insert(reportUsers).values({ reportId: 1, userId: id.admin });
    const whom: Who[] = ['root', 'admin', 'editor', 'reader'];
    expect(await statuses(1, 'admin', whom)).toEqual({ root: 200, admin: 200, editor: 200, reader: 404 });
    expect(await folded(1, whom)).toEqual({ root: true, admin: true, editor: true, reader: false });
    await t.db.insert(reportUsers).values({ reportId: 1, userId: id.reader });
    expect(await statuses(1, null, ['reader'])).toEqual({ reader: 200 });
    await t.db.delete(reportUsers);
  });

  it('project membership: a company admin needs none in their own company; an editor or reader taken off the project 404', async () => {
    await t.db.delete(projectUsers).where(and(eq(projectUsers.projectId, 1), sql`${projectUsers.userId} in (${id.admin}, ${id.editor}, ${id.reader})`));
    const whom: Who[] = ['root', 'admin', 'editor', 'reader'];
    expect(await statuses(1, 'admin', whom)).toEqual({ root: 200, admin: 200, editor: 404, reader: 404 });
    expect(await folded(1, whom)).toEqual({ root: true, admin: true, editor: false, reader: false });
    await t.db.insert(projectUsers).values([id.admin, id.editor, id.reader].map((userId, i) => ({ projectId: 1, userId, projectRoleId: [1, 3, 2][i]! })));
    expect(await statuses(1, null, whom)).toEqual({ root: 200, admin: 200, editor: 200, reader: 200 });
  });

  it('another company’s report: 404 for every shape of this company but root; its own admin sees it', async () => {
    const [other] = await t.client.execute({ sql: 'select id from projects where company_id = 2 and deleted_at is null order by id limit 1', args: [] }).then((r) => r.rows);
    await t.client.execute({ sql: 'update reports set project_id = ?, status_id = 3 where id = ?', args: [Number(other!.id), concept] });
    const got = await statuses(concept, 'root', everyone);
    expect({ ...got, otherAdmin: got.otherAdmin === 404 ? 404 : 'not 404' }).toEqual({ root: 200, admin: 404, editor: 404, reader: 404, otherAdmin: 'not 404', otherReader: 404 });
    expect(await folded(concept, everyone)).toEqual({ root: true, admin: false, editor: false, reader: false, otherAdmin: true, otherReader: false });
  });

  it('a deleted project or report: 404 for everyone, root too', async () => {
    expect((await post('admin', 1)).status).toBe(200);
    await t.client.execute(`update projects set deleted_at = 1 where id = 1`); // no input of the answer: the cached one stays warm
    expect(await statuses(1, null, ['root', 'admin', 'editor', 'reader'])).toEqual({ root: 404, admin: 404, editor: 404, reader: 404 });
    expect(await folded(1, ['root', 'admin'])).toEqual({ root: false, admin: false });
    await t.client.execute(`update projects set deleted_at = null where id = 1`);
    expect(await statuses(1, null, ['admin'])).toEqual({ admin: 200 });
    await t.client.execute(`update reports set deleted_at = 1 where id = 1`);
    expect(await statuses(1, null, ['root', 'admin', 'editor', 'reader'])).toEqual({ root: 404, admin: 404, editor: 404, reader: 404 });
    await t.client.execute(`update reports set deleted_at = null where id = 1`);
  });

  it('the statement decides for each shape: the shape SQL picks is the one of the user it returns', async () => {
    for (const who of everyone) {
      const token = decodeURIComponent(s[who].cookies.get(SESSION_COOKIE)!);
      const result = await validateSessionToken(t.db, token, new Date(), { reportId: 1, rule: sessionReportAccess });
      expect(result?.reportAccess, who).toEqual({ reportId: 1, visible: SHAPE[who] === 1 || !who.startsWith('other') });
    }
  });
});

describe('report data sessions: expired, revoked, deleted or ended accounts 401', { timeout: 120_000 }, () => {
  it('an expired session 401', async () => {
    const reader = await loginAs(t.session(), EMAIL.reader);
    expect((await reader.fetch(data(1), { method: 'POST', json: body })).status).toBe(200);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, id.reader));
    expect((await reader.fetch(data(1), { method: 'POST', json: body })).status).toBe(401);
  });

  it('a revoked session (logout) 401, the cached answer warm', async () => {
    const admin = await loginAs(t.session(), EMAIL.admin);
    expect((await admin.fetch(data(1), { method: 'POST', json: body })).status).toBe(200);
    const cookie = admin.cookies.get(SESSION_COOKIE)!;
    expect((await admin.post('/portal/auth/logout')).status).toBeLessThan(400);
    admin.cookies.set(SESSION_COOKIE, cookie); // a stolen copy of the cookie
    expect((await admin.fetch(data(1), { method: 'POST', json: body })).status).toBe(401);
  });

  it('a deleted user 401; a demo account past its end 401', async () => {
    const editor = await loginAs(t.session(), EMAIL.editor);
    expect((await editor.fetch(data(1), { method: 'POST', json: body })).status).toBe(200);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, id.editor));
    expect((await editor.fetch(data(1), { method: 'POST', json: body })).status).toBe(401);
    await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, id.editor));
    const demo = await loginAs(t.session(), 'demo@demo.impulz.nl');
    expect((await demo.fetch(data(1), { method: 'POST', json: body })).status).toBe(200);
    await t.db.update(users).set({ demoExpiresAt: new Date(Date.now() - 1000) }).where(eq(users.email, 'demo@demo.impulz.nl'));
    expect((await demo.fetch(data(1), { method: 'POST', json: body })).status).toBe(401);
  });

  it('a user without dashboard.view 403 before any access answer', async () => {
    await t.client.execute({ sql: `delete from user_roles where user_id = ? and role_id = (select id from roles where name = 'dashboard.view')`, args: [id.reader] });
    const reader = await loginAs(t.session(), EMAIL.reader);
    expect((await reader.fetch(data(1), { method: 'POST', json: body })).status).toBe(403);
    expect((await reader.fetch(data(987654), { method: 'POST', json: body })).status).toBe(403);
  });
});
