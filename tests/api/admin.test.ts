import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { accessRequests, auditLog, jobs, mailOutbox, projects, ratingJobs, reportCharts, reportDataLocations, reports, reportSections, roles, userRoles } from '../../src/server/db/schema';
import { runJob } from '../../src/server/jobs/run-job';
import { loginAs } from '../helpers/accounts';
import { serviceContextFor } from '../helpers/service-context';
import { setShowcaseVideo } from '../../src/server/services/admin/showcase-video';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { JOB_KINDS } from '../../src/server/job-kinds';

const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';

let admin: HttpSession;
let beheerder: HttpSession;
let gebruiker: HttpSession;
let linde: HttpSession;

beforeAll(async () => {
  admin = await loginAs(t.session(), 'admin@demo.impulz.nl');
  beheerder = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  gebruiker = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
  linde = await loginAs(t.session(), 'gebruiker@delinde.demo.impulz.nl');
}, 30_000);

type Body = { data: any; message?: string; alert?: string; errors?: Record<string, string[]> };
const json = async (res: Response) => (await res.json()) as Body;
const send = (s: HttpSession, method: string, path: string, body?: unknown) => s.fetch(`${API}${path}`, { method, json: body ?? {} });
const n = async (table: any, where?: any) => Number((await t.db.select({ n: sql<number>`count(*)` }).from(table).where(where))[0]!.n);

describe('admin roles', () => {
  it('needs admin.view for the overview, admin.delete for deletes; others get 403', async () => {
    expect((await beheerder.get(`${API}/admin/overview`)).status).toBe(403);
    expect((await send(beheerder, 'POST', '/admin/softDelete/report/restore/1')).status).toBe(403);
    expect((await send(gebruiker, 'DELETE', '/admin/looseEnd/1?type=Report')).status).toBe(403);
    const overview = await json(await admin.get(`${API}/admin/overview`));
    expect(overview.data).toMatchObject({ scope: 'installation', counts: { companies: 3 } });
  });

  it('answers an unknown resource or type with 404/422, never 500', async () => {
    expect((await admin.get(`${API}/admin/softDeletes/kapper`)).status).toBe(404);
    expect((await send(admin, 'POST', '/admin/softDelete/kapper/restore/1')).status).toBe(404);
    const res = await send(admin, 'DELETE', '/admin/looseEnd/1');
    expect(res.status).toBe(422);
    expect((await json(res)).errors!.type).toEqual(['Kies een soort los eindje (type).']);
  });
});

describe('soft deletes', () => {
  it('restores a deleted report with its sections and variants; a permanent delete removes them', async () => {
    const copy = (await json(await send(admin, 'POST', '/report/1/copy'))).data;
    const variant = (await json(await send(admin, 'POST', '/report', { parent_report_id: copy.id, title: 'Variant' }))).data;
    const sections = await n(reportSections, eq(reportSections.reportId, copy.id));
    expect(sections).toBeGreaterThan(0);
    expect((await send(admin, 'DELETE', `/report/${copy.id}`)).status).toBe(200);
    expect((await admin.get(`${API}/report/${copy.id}`)).status).toBe(404);
    const listed = (await json(await admin.get(`${API}/admin/softDeletes/report`))).data.find((d: { id: number }) => d.id === copy.id);
    expect(listed.children).toEqual({ variants: 1, sections });

    const restored = await json(await send(admin, 'POST', `/admin/softDelete/report/restore/${copy.id}`));
    expect(restored.data.restored).toEqual({ report: 2 });
    expect(restored.alert).toBe('Hersteld: 2 rapportages.');
    expect((await admin.get(`${API}/report/${copy.id}`)).status).toBe(200);
    expect((await admin.get(`${API}/report/${variant.id}`)).status).toBe(200);
    expect(await n(reportSections, eq(reportSections.reportId, copy.id))).toBe(sections);

    // Not deleted (any more): nothing to restore or purge.
    expect((await send(admin, 'DELETE', `/admin/softDelete/report/delete/${copy.id}`)).status).toBe(404);
    expect((await send(admin, 'DELETE', `/report/${copy.id}`)).status).toBe(200);
    expect((await send(admin, 'DELETE', `/admin/softDelete/report/delete/${copy.id}`)).status).toBe(200);
    expect(await n(reports, eq(reports.id, copy.id))).toBe(0);
    expect(await n(reports, eq(reports.id, variant.id))).toBe(0);
    expect(await n(reportSections, eq(reportSections.reportId, copy.id))).toBe(0);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.resource, 'report'), eq(auditLog.resourceId, copy.id)));
    expect(audit.map((a) => a.action)).toEqual(['report.delete', 'restore', 'report.delete', 'purge']);
  });

  it('restores exactly the sub-projects and reports deleted with a project (counted)', async () => {
    const [p] = await t.db.insert(projects).values({ companyId: 1, statusId: 2, title: 'Herstelproef' }).returning();
    const [sub] = await t.db.insert(projects).values({ companyId: 1, statusId: 2, title: 'Herstelproef sub', parentProjectId: p!.id }).returning();
    const mk = (projectId: number, title: string) => t.db.insert(reports).values({ projectId, title, endDate: '2026-12-31' }).returning();
    const [r1] = await mk(p!.id, 'R1');
    const [r2] = await mk(sub!.id, 'R2');
    const [early] = await mk(sub!.id, 'Eerder verwijderd');
    // One report was deleted on its own, earlier: it must stay deleted.
    await t.db.update(reports).set({ deletedAt: new Date(Date.now() - 86_400_000) }).where(eq(reports.id, early!.id));
    expect((await send(admin, 'DELETE', `/project/${p!.id}`)).status).toBe(200);
    const listed = (await json(await admin.get(`${API}/admin/softDeletes/project`))).data.find((d: { id: number }) => d.id === p!.id);
    expect(listed.children).toEqual({ subProjects: 1, reports: 2 });
    // The sub-project can't come back while its parent is deleted.
    expect((await send(admin, 'POST', `/admin/softDelete/project/restore/${sub!.id}`)).status).toBe(409);
    const restored = await json(await send(admin, 'POST', `/admin/softDelete/project/restore/${p!.id}`));
    expect(restored.data.restored).toEqual({ project: 2, report: 2 });
    const alive = await t.db.select({ id: reports.id, deletedAt: reports.deletedAt }).from(reports).where(sql`${reports.id} in (${r1!.id}, ${r2!.id}, ${early!.id})`);
    expect(alive.filter((r) => r.deletedAt === null).map((r) => r.id).sort()).toEqual([r1!.id, r2!.id].sort());
  });

  it('refuses a permanent delete that would break other rows (409), e.g. an organisation with users', async () => {
    await t.db.run(sql`update companies set deleted_at = ${Date.now()} where id = 2`);
    const res = await send(admin, 'DELETE', '/admin/softDelete/company/delete/2');
    expect(res.status).toBe(409);
    expect((await json(res)).message).toMatch(/niet definitief verwijderd/);
    expect((await send(admin, 'POST', '/admin/softDelete/company/restore/2')).status).toBe(200);
  });
});

describe('loose ends and failed jobs', () => {
  it('lists a section without charts and deletes it, with an audit entry', async () => {
    const [s] = await t.db.insert(reportSections).values({ reportId: 1, title: 'Lege sectie' }).returning();
    const list = (await json(await admin.get(`${API}/admin/looseEnds`))).data;
    expect(Object.keys(list)).toEqual(['Report', 'Company', 'Section', 'Chart', 'Project', 'User', 'Panel', 'FailedJob', 'DataLocation']);
    const item = list.Section.find((e: { id: number }) => e.id === s!.id);
    expect(item).toMatchObject({ title: 'Lege sectie', reason: "De sectie van 'Burgerpeiling Zuiderhaven 2026' heeft geen grafieken.", removes: expect.stringContaining('definitief') });
    expect((await send(admin, 'DELETE', `/admin/looseEnd/${s!.id}?type=Section`)).status).toBe(200);
    expect(await n(reportSections, eq(reportSections.id, s!.id))).toBe(0);
    expect(await n(auditLog, and(eq(auditLog.action, 'loose-end-delete'), eq(auditLog.resourceId, s!.id)))).toBe(1);
    // A section with charts is no loose end: 404.
    const [withCharts] = await t.db.select({ id: reportSections.id }).from(reportSections).where(eq(reportSections.reportId, 1)).limit(1);
    expect((await send(admin, 'DELETE', `/admin/looseEnd/${withCharts!.id}?type=Section`)).status).toBe(404);
  });

  it("lists the reports of the last 2 weeks ('Rapportages van afgelopen 2 weken'), newest first", async () => {
    const [fresh] = await t.db.insert(reports).values({ projectId: 1, title: 'Nieuw deze week', endDate: '2026-12-31' }).returning();
    const [old] = await t.db.insert(reports).values({ projectId: 1, title: 'Ouder dan 2 weken', endDate: '2026-12-31', createdAt: new Date(Date.now() - 15 * 86_400_000) }).returning();
    const listed = (await json(await admin.get(`${API}/admin/reports/new`))).data as { id: number; project: { id: number } }[];
    expect(listed[0]).toMatchObject({ id: fresh!.id, project: { id: 1 } });
    expect(listed.map((r) => r.id)).not.toContain(old!.id);
    expect((await admin.get(`${API}/admin/reports/new`)).status).toBe(200);
    expect((await gebruiker.get(`${API}/admin/reports/new`)).status).toBe(403);
  });

  it('lists a data location whose question is gone, also in the report check', async () => {
    const [chart] = await t.db.select({ id: reportCharts.id }).from(reportCharts).limit(1);
    const [loc] = await t.db.insert(reportDataLocations).values({ chartId: chart!.id, surveyId: 1, columnKey: 'bestaatniet' }).returning();
    const list = (await json(await admin.get(`${API}/admin/looseEnds`))).data;
    expect(list.DataLocation.map((e: { id: number }) => e.id)).toEqual([loc!.id]);
    const check = (await json(await admin.get(`${API}/admin/reports/check`))).data;
    expect(check.problems).toEqual([expect.objectContaining({ report_id: 1, problem: "De vraag 'bestaatniet' bestaat niet meer in het onderzoek." })]);
    await send(admin, 'DELETE', `/admin/looseEnd/${loc!.id}?type=DataLocation`);
    expect((await json(await admin.get(`${API}/admin/reports/check`))).data.problems).toEqual([]);
  });

  it('restarts a failed job, which then succeeds', async () => {
    t.setDelivery(false);
    const form = new FormData();
    const csv = 'agb_code;datum;cijfer\n01034567;2026-01-01;8\n01034567;2026-01-02;9\n';
    form.set('file', new File([csv], 'r.csv'));
    form.set('name', 'Herstart');
    form.set('min_n', '2');
    const started = (await json(await linde.fetch(`${API}/ratingJob`, { method: 'POST', body: form }))).data;
    const [key] = t.bucket.keys().filter((k) => k.startsWith('zkn/'));
    await t.files.delete(key!);
    expect(await runJob(JOB_KINDS, { db: t.db, files: t.files, now: () => new Date() }, started.job.id)).toBe('failed');
    t.setDelivery(true);
    const failed = (await json(await admin.get(`${API}/admin/looseEnds`))).data.FailedJob;
    expect(failed.find((j: { id: number }) => j.id === started.job.id)).toMatchObject({ error: 'Het bestand van deze beoordelingsronde is niet meer beschikbaar.', restartable: true });
    // The cause is repaired (the file is back); 'Opnieuw proberen' runs it again.
    await t.files.put(key!, csv);
    const res = await json(await send(admin, 'POST', `/admin/job/${started.job.id}/restart`));
    expect(res.data).toMatchObject({ id: started.job.id, status: 'done' });
    const [rj] = await t.db.select().from(ratingJobs).where(eq(ratingJobs.id, started.id));
    expect(rj!.ratingCount).toBe(2);
    expect((await send(admin, 'POST', `/admin/job/${started.job.id}/restart`)).status).toBe(404);
  });
});

describe('access requests', () => {
  it('mails the company admins, shows in the overview and grants the role', async () => {
    const bad = await send(gebruiker, 'POST', '/admin/requestAccess', { path: '/bestaat/niet' });
    expect(bad.status).toBe(422);
    const res = await send(gebruiker, 'POST', '/admin/requestAccess', { path: '/survey/overview', reason: 'Ik moet de respons bekijken.' });
    expect(res.status).toBe(201);
    const [mail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, 'beheerder@demo.impulz.nl'), sql`${mailOutbox.subject} like 'Toegangsaanvraag%'`));
    expect(mail!.text).toContain('/survey/overview');
    // A Beheerder cannot open the admin overview: the mail leads to the requester's user page, where roles are given.
    expect(mail!.text).toContain('/portal/manage/user/3');
    expect(mail!.text).not.toContain('/admin/overview');
    const [rootMail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, 'admin@demo.impulz.nl'), sql`${mailOutbox.subject} like 'Toegangsaanvraag%'`));
    expect(rootMail!.text).toContain('Beslis erover in het beheeroverzicht: ');
    expect(rootMail!.text).toContain('/portal/admin/overview');
    const again = await json(await send(gebruiker, 'POST', '/admin/requestAccess', { path: '/survey/overview' }));
    expect(again.alert).toMatch(/al toegang/);
    const overview = (await json(await admin.get(`${API}/admin/overview`))).data;
    const req = overview.accessRequests.find((r: { path: string }) => r.path === '/survey/overview');
    expect(req).toMatchObject({ status: 'pending', reason: 'Ik moet de respons bekijken.', user: { email: 'gebruiker@demo.impulz.nl' } });
    expect((await send(admin, 'POST', `/admin/accessRequest/${req.id}`, { decision: 'grant', role: 'survey.kapot' })).status).toBe(422);
    const granted = await json(await send(admin, 'POST', `/admin/accessRequest/${req.id}`, { decision: 'grant', role: 'survey.view' }));
    expect(granted.data).toMatchObject({ status: 'granted', granted: 'survey.view' });
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'survey.view'));
    expect(await n(userRoles, and(eq(userRoles.userId, 3), eq(userRoles.roleId, role!.id)))).toBe(1);
    expect((await send(admin, 'POST', `/admin/accessRequest/${req.id}`, { decision: 'decline' })).status).toBe(409);
    expect(await n(accessRequests)).toBe(1);
    const audit = (await json(await admin.get(`${API}/admin/audit`))).data;
    expect(audit[0]).toMatchObject({ action: 'access-grant', who: 'Anne de Vries', summary: 'Toegang verleend aan Carla Bakker: rol survey.view' });
  });
});

describe('audit log of role and group changes', () => {
  it('records a role given and taken and a group change, with who did it', async () => {
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'panel.view'));
    expect((await send(beheerder, 'PUT', `/user/3/role/${role!.id}`)).status).toBe(200);
    expect((await send(beheerder, 'DELETE', `/user/3/role/${role!.id}`)).status).toBe(200);
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.resource, 'user'), eq(auditLog.resourceId, 3)));
    // (The user's own logins are rows about them too.)
    expect(rows.filter((r) => !r.action.startsWith('auth.')).map((r) => [r.action, r.summary, r.userId, r.companyId])).toEqual([
      ['role-grant', 'Rol panel.view toegekend aan Carla Bakker', 2, 1],
      ['role-revoke', 'Rol panel.view afgenomen van Carla Bakker', 2, 1],
    ]);
  });
});

describe('files', () => {
  it('lists stored objects with owners and removes only orphans', async () => {
    await t.files.put('reports/1/image/verweesd', 'x', 'image/png');
    const { data } = await json(await admin.get(`${API}/admin/files`));
    expect(data.available).toBe(true);
    const orphan = data.files.find((f: { key: string }) => f.key === 'reports/1/image/verweesd');
    expect(orphan).toMatchObject({ orphan: true, size: 1, type: 'image/png', owner: 'Los: geen rapportage verwijst naar deze afbeelding' });
    await t.files.put('elders/van/iemand', 'y');
    const unknown = (await json(await admin.get(`${API}/admin/files`))).data.files.find((f: { key: string }) => f.key === 'elders/van/iemand');
    expect(unknown.orphan).toBe(false);
    expect((await send(admin, 'DELETE', '/admin/file', { key: 'elders/van/iemand' })).status).toBe(409);
    expect((await send(admin, 'DELETE', '/admin/file', { key: 'reports/1/image/verweesd' })).status).toBe(200);
    expect(t.bucket.keys()).not.toContain('reports/1/image/verweesd');
    expect((await send(admin, 'DELETE', '/admin/file', { key: 'reports/1/image/verweesd' })).status).toBe(404);
  });
});

describe('the front page showcase video (issue 35 item 7)', () => {
  it('is unset at first; a root admin sets it from a YouTube or Vimeo link (audit row), others may not; bad links are a Dutch 422', async () => {
    expect((await json(await admin.get(`${API}/admin/showcaseVideo`))).data).toBeNull();
    const bad = await send(admin, 'PUT', '/admin/showcaseVideo', { title: '', url: 'https://example.com/film.mp4' });
    expect(bad.status).toBe(422);
    const errors = (await json(bad)).errors as Record<string, string[]>;
    expect(errors.title?.[0]).toBeTruthy();
    expect(errors.url?.[0]).toBe('Gebruik een link naar één video op YouTube of Vimeo, bijvoorbeeld https://www.youtube.com/watch?v=… of https://vimeo.com/….');
    expect((await send(beheerder, 'PUT', '/admin/showcaseVideo', { title: 'x', url: 'https://vimeo.com/1' })).status).toBe(403);
    expect((await send(gebruiker, 'DELETE', '/admin/showcaseVideo')).status).toBe(403);
    expect((await gebruiker.get(`${API}/admin/showcaseVideo`)).status).toBe(403);
    expect((await t.session().fetch(`${API}/admin/showcaseVideo`, { method: 'PUT', json: { title: 'x', url: 'https://vimeo.com/1' } })).status).toBe(401);

    const before = await n(auditLog, eq(auditLog.resource, 'portal_setting'));
    const ok = await send(admin, 'PUT', '/admin/showcaseVideo', { title: 'Rondleiding door het portaal', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ data: { title: 'Rondleiding door het portaal', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }, alert: 'De video is opgeslagen en staat op de voorpagina.' });
    expect((await json(await admin.get(`${API}/admin/showcaseVideo`))).data).toEqual({ title: 'Rondleiding door het portaal', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
    const del = await send(admin, 'DELETE', '/admin/showcaseVideo');
    expect(del.status).toBe(200);
    expect((await json(await admin.get(`${API}/admin/showcaseVideo`))).data).toBeNull();
    expect(await n(auditLog, eq(auditLog.resource, 'portal_setting'))).toBe(before + 2);
    // An administrator of one organisation (admin.edit, not root) may not change an installation-wide setting.
    const root = await serviceContextFor(t.db, 1);
    await expect(setShowcaseVideo({ ...root, user: { ...root.user, isRoot: false } }, { title: 'x', url: 'https://player.vimeo.com/video/1' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Alleen een beheerder van de hele installatie (root) wijzigt de video op de voorpagina.' });
  });
});
