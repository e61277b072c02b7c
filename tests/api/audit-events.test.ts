import { readFileSync } from 'node:fs';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, projectFiles, projectMessages, reportCharts, reportSections, reports } from '../../src/server/db/schema';
import { forgetPublicViews } from '../../src/server/services/report-data/public-access-audit';
import { loginAs, userByEmail } from '../helpers/accounts';
import { demoSurveyId } from '../helpers/demo-survey';
import { LIMESURVEY_FIXTURES } from '../helpers/fixtures';
import type { HttpSession } from '../helpers/http-session';
import { colorsArchive } from '../helpers/limesurvey-archive';
import { createSurveyTestApp } from '../helpers/survey-test-app';

/**
 * Issue 34 item 7, table-driven: each kind of event is performed through the API and leaves its
 * row — who (user; none for an anonymous visitor), what (action), which resource, the IP address
 * the request came from (none for work a job did), the result — in the right organisation.
 * The kinds of tests/api/audit-trail.test.ts (logins, users, invitations, organisations, themes,
 * responses, retention) are not repeated here.
 */
const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';
const IP = '198.51.100.23';
const ip = { 'cf-connecting-ip': IP };

let admin: HttpSession;
let beheerder: HttpSession;
let linde: HttpSession;
const ids = { admin: 0, beheerder: 0, linde: 0, lindeCompany: 0 };

beforeAll(async () => {
  admin = await loginAs(t.session(), 'admin@demo.impulz.nl');
  beheerder = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  linde = await loginAs(t.session(), 'gebruiker@delinde.demo.impulz.nl');
  const l = (await userByEmail(t.db, 'gebruiker@delinde.demo.impulz.nl'))!;
  Object.assign(ids, { admin: (await userByEmail(t.db, 'admin@demo.impulz.nl'))!.id, beheerder: (await userByEmail(t.db, 'beheerder@demo.impulz.nl'))!.id, linde: l.id, lindeCompany: l.companyId });
}, 30_000);

const newestId = async () => (await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;
/** The rows of `action` written after row `after`, oldest first. */
const rowsSince = (after: number, action: string) => t.db.select().from(auditLog).where(and(gt(auditLog.id, after), eq(auditLog.action, action))).orderBy(asc(auditLog.id));
const json = async <T = any>(res: Response) => ((await res.json()) as { data: T }).data;

interface Expected {
  action: string;
  userId: number | null;
  companyId: number | null;
  resource: string;
  resourceId?: number | null;
  ip: string | null;
  result?: 'ok' | 'refused' | 'failed';
  summary?: RegExp;
}
interface Event {
  kind: string;
  /** Performs the event once; gives the rows it must have written (one each). */
  run(): Promise<Expected[]>;
}

const EVENTS: Event[] = [
  {
    kind: 'structure import (.lss upload)',
    async run() {
      const form = new FormData();
      form.set('file', new File([readFileSync(`${LIMESURVEY_FIXTURES}ls205_sample_survey_english.lss`, 'utf8')], 'ls205.lss'));
      form.set('confirm_duplicate', '1');
      const res = await beheerder.fetch(`${API}/survey/import`, { method: 'POST', body: form, headers: ip });
      expect(res.status).toBe(201);
      const { id } = await json<{ id: number }>(res);
      return [{ action: 'survey.import', userId: ids.beheerder, companyId: 1, resource: 'survey', resourceId: id, ip: IP, summary: /^Structuur geïmporteerd \(\.lss\): .+ \(\d+, LimeSurvey \d+\), \d+ groepen, \d+ vragen$/ }];
    },
  },
  {
    kind: 'archive import: its structure and its participants (a job: no address)',
    async run() {
      const form = new FormData();
      form.set('file', new File([colorsArchive({ tokens: 3 }) as Uint8Array<ArrayBuffer>], 'survey_archive_841748.lsa'));
      form.set('confirm_duplicate', '1');
      const res = await beheerder.fetch(`${API}/survey/import`, { method: 'POST', body: form, headers: ip });
      expect(res.status).toBe(202);
      const job = await json<{ id: number }>(res);
      await expect.poll(async () => (await json<{ status: string }>(await beheerder.get(`${API}/job/${job.id}`))).status, { timeout: 30_000 }).toBe('done');
      const { result } = await json<{ result: { surveyId: number } }>(await beheerder.get(`${API}/job/${job.id}`));
      const surveyId = result.surveyId;
      return [
        { action: 'survey.import', userId: ids.beheerder, companyId: 1, resource: 'survey', resourceId: surveyId, ip: null, summary: /^Structuur geïmporteerd uit archief survey_archive_841748\.lsa: / },
        { action: 'tokens.import', userId: ids.beheerder, companyId: 1, resource: 'survey', resourceId: surveyId, ip: null, summary: /: 3 gelezen, 2 met code, 1 zonder code; nieuwe codes uitgegeven: 1$/ },
      ];
    },
  },
  {
    kind: 'participation codes exported',
    async run() {
      const surveyId = await demoSurveyId(t.db);
      const res = await beheerder.fetch(`${API}/survey/${surveyId}/token/export`, { headers: ip });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      return [{ action: 'tokens.export', userId: ids.beheerder, companyId: 1, resource: 'survey', resourceId: surveyId, ip: IP }];
    },
  },
  {
    kind: 'a project file downloaded (once per download, not per later range)',
    async run() {
      const [message] = await t.db.insert(projectMessages).values({ projectId: 1, userId: ids.beheerder, body: 'Bijlage' }).returning();
      const key = `projects/1/audit-${Date.now()}.txt`;
      await t.files.put(key, new TextEncoder().encode('vertrouwelijk verslag'), 'text/plain');
      const [file] = await t.db.insert(projectFiles).values({ messageId: message!.id, projectId: 1, name: 'verslag', extension: 'txt', contentType: 'text/plain', size: 21, r2Key: key }).returning();
      const whole = await beheerder.fetch(`${API}/project/1/file/${file!.id}`, { headers: ip });
      expect(whole.status).toBe(200);
      expect(await whole.text()).toBe('vertrouwelijk verslag');
      const before = await newestId();
      const later = await beheerder.fetch(`${API}/project/1/file/${file!.id}`, { headers: { ...ip, range: 'bytes=5-' } });
      expect(later.status).toBe(206);
      await later.arrayBuffer();
      expect(await rowsSince(before, 'file.download')).toEqual([]);
      return [{ action: 'file.download', userId: ids.beheerder, companyId: 1, resource: 'project_file', resourceId: file!.id, ip: IP, summary: /^Bestand gedownload: verslag\.txt \(21 bytes\) uit project / }];
    },
  },
  {
    kind: "a chart's numbers as CSV and as Excel (made in the browser, recorded first)",
    async run() {
      const [chart] = await t.db.select({ id: reportCharts.id }).from(reportCharts).innerJoin(reportSections, eq(reportSections.id, reportCharts.sectionId)).where(eq(reportSections.reportId, 1)).limit(1);
      const [other] = await t.db.select({ id: reportCharts.id }).from(reportCharts).innerJoin(reportSections, eq(reportSections.id, reportCharts.sectionId)).where(eq(reportSections.reportId, 2)).limit(1);
      const before = await newestId();
      // Another report's chart is a 404 and a wrong format a Dutch 422; neither is a row.
      expect((await beheerder.fetch(`${API}/report/1/export/chart`, { method: 'POST', json: { chart_id: other!.id, format: 'csv' } })).status).toBe(404);
      const bad = await beheerder.fetch(`${API}/report/1/export/chart`, { method: 'POST', json: { chart_id: chart!.id, format: 'pdf' } });
      expect(bad.status).toBe(422);
      expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.format).toEqual(['Kies CSV of Excel (xlsx)']);
      expect((await rowsSince(before, 'report.export.csv')).length).toBe(0);
      for (const format of ['csv', 'xlsx']) expect((await beheerder.fetch(`${API}/report/1/export/chart`, { method: 'POST', json: { chart_id: chart!.id, format }, headers: ip })).status).toBe(204);
      return [
        { action: 'report.export.csv', userId: ids.beheerder, companyId: 1, resource: 'report', resourceId: 1, ip: IP, summary: new RegExp(`^Grafiekgegevens gedownload \\(CSV\\): .+ \\(${chart!.id}\\) uit rapportage .+ \\(1\\)$`) },
        { action: 'report.export.xlsx', userId: ids.beheerder, companyId: 1, resource: 'report', resourceId: 1, ip: IP, summary: /^Grafiekgegevens gedownload \(Excel\): / },
      ];
    },
  },
  {
    kind: 'a report exported as PDF',
    async run() {
      const res = await beheerder.fetch(`${API}/report/1/export`, { method: 'POST', json: { benchmarks: [{}] }, headers: ip });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      return [{ action: 'report.export.pdf', userId: ids.beheerder, companyId: 1, resource: 'report', resourceId: 1, ip: IP }];
    },
  },
  {
    kind: 'public access: one row per report per day, however many views and isolates',
    async run() {
      await t.db.update(reports).set({ directAccess: true }).where(eq(reports.id, 1));
      forgetPublicViews();
      const visitor = t.session();
      await visitor.csrf();
      const before = await newestId();
      for (let i = 0; i < 3; i++) {
        // The public data call (the page /portal/public/report/1 calls the same recordPublicView).
        const page = await visitor.fetch(`${API}/public/data/1/nl/report/1`, { method: 'POST', json: { benchmarks: [{}] }, headers: ip });
        expect(page.status).toBe(200);
        await page.arrayBuffer();
      }
      // Another isolate (nothing remembered) finds today's row and adds none.
      forgetPublicViews();
      await (await visitor.fetch(`${API}/public/data/1/nl/report/1`, { method: 'POST', json: { benchmarks: [{}] }, headers: { 'cf-connecting-ip': '192.0.2.1' } })).arrayBuffer();
      const rows = await rowsSince(before, 'report.public.view');
      // A row written earlier today (another test of this file run) counts too: then none now.
      const today = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'report.public.view'), eq(auditLog.resourceId, 1)));
      expect(today.filter((r) => r.createdAt.toISOString().slice(0, 10) === new Date().toISOString().slice(0, 10)).length).toBe(1);
      expect(rows.length).toBeLessThanOrEqual(1);
      return rows.length ? [{ action: 'report.public.view', userId: null, companyId: 1, resource: 'report', resourceId: 1, ip: IP, summary: /^Openbare rapportage bekeken \(eerste bezoek op \d{4}-\d\d-\d\d, UTC\): / }] : [];
    },
  },
  {
    kind: 'a Zorgkaart ranking exported as CSV',
    async run() {
      const res = await linde.fetch(`${API}/ratingJob/1/csv`, { headers: ip });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      return [{ action: 'ratings.export', userId: ids.linde, companyId: ids.lindeCompany, resource: 'rating_job', resourceId: 1, ip: IP }];
    },
  },
  {
    kind: 'an API token issued and revoked',
    async run() {
      const made = await admin.fetch(`${API}/user/4/token`, { method: 'POST', json: { name: 'Audit', scopes: ['reports:read'] }, headers: ip });
      expect(made.status).toBe(201);
      const token = await json<{ id: number }>(made);
      const after = await newestId();
      expect((await admin.fetch(`${API}/user/4/token/${token.id}`, { method: 'DELETE', headers: ip })).status).toBe(200);
      expect((await rowsSince(after, 'token.revoke')).length).toBe(1);
      return [
        { action: 'token.create', userId: ids.admin, companyId: 1, resource: 'user', resourceId: 4, ip: IP, summary: /^Toegangstoken 'Audit' aangemaakt voor .+ \(reports:read\)$/ },
        { action: 'token.revoke', userId: ids.admin, companyId: 1, resource: 'user', resourceId: 4, ip: IP, summary: /^Toegangstoken 'Audit' ingetrokken voor / },
      ];
    },
  },
  {
    kind: 'panel members exported',
    async run() {
      const res = await beheerder.fetch(`${API}/panel/1/user/export`, { headers: ip });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      return [{ action: 'panel.members.export', userId: ids.beheerder, companyId: 1, resource: 'panel', resourceId: 1, ip: IP }];
    },
  },
];

describe('every kind of event leaves its row: who, what, resource, IP address, result', { timeout: 60_000 }, () => {
  for (const event of EVENTS) {
    it(event.kind, async () => {
      const before = await newestId();
      const expected = await event.run();
      for (const e of expected) {
        const rows = await rowsSince(before, e.action);
        const mine = rows.filter((r) => e.resourceId === undefined || r.resourceId === e.resourceId);
        expect(mine.length, `${e.action}: one row`).toBe(1);
        const row = mine[0]!;
        expect({ userId: row.userId, companyId: row.companyId, resource: row.resource, ip: row.ip, result: row.result }, e.action).toEqual({ userId: e.userId, companyId: e.companyId, resource: e.resource, ip: e.ip, result: e.result ?? 'ok' });
        if (e.summary) expect(row.summary, e.action).toMatch(e.summary);
      }
    });
  }
});
