import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, reports } from '../../src/server/db/schema';
import { loadPublicView } from '../../src/server/services/report-data/load-public-view';
import { readPublicQuery } from '../../src/server/services/report-data/public-query';
import type { ShareInfo } from '../../src/shared/dto/sharing';
import { loginAs } from '../helpers/accounts';
import { jsonApi, sessionFor } from '../helpers/manage';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

type Api = ReturnType<typeof jsonApi>;
let admin: Api;
let beheerder: Api;
let gebruiker: Api;
let noordbroek: Api;
beforeAll(async () => {
  admin = jsonApi(await sessionFor(t.db, t.session(), 'admin@demo.impulz.nl'));
  beheerder = jsonApi(await loginAs(t.session(), 'beheerder@demo.impulz.nl'));
  gebruiker = jsonApi(await loginAs(t.session(), 'gebruiker@demo.impulz.nl'));
  noordbroek = jsonApi(await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl'));
});

const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

describe('the Delen dialog: GET/PUT report/{id}/share', () => {
  it('tells an editor the public path, min_n, the organisation’s embed websites and where to change them', async () => {
    const res = await beheerder.get<{ data: ShareInfo }>('/report/1/share');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 1, direct_access: true, public_path: '/portal/public/report/1', min_n: 10, embed_domains: [], company_settings: '/portal/manage/company/1/base' });
  });

  it('switches public access off and on, each time with an audit row; the public view follows at once', async () => {
    const off = await beheerder.put<{ data: ShareInfo; alert: string }>('/report/1/share', { direct_access: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ data: { direct_access: false }, alert: 'De rapportage is niet meer openbaar toegankelijk' });
    expect(await lastAudit()).toMatchObject({ action: 'report.public', resource: 'report', resourceId: 1, companyId: 1, userId: 2 });
    await expect(loadPublicView({ db: t.db }, 1, readPublicQuery(new URLSearchParams()))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const on = await beheerder.put<{ data: ShareInfo }>('/report/1/share', { direct_access: true });
    expect(on.body.data.direct_access).toBe(true);
    expect(await lastAudit()).toMatchObject({ action: 'report.public', summary: "Rapportage 'Burgerpeiling Zuiderhaven 2026' openbaar gemaakt" });
    const [row] = await t.db.select({ on: reports.directAccess }).from(reports).where(eq(reports.id, 1));
    expect(row!.on).toBe(true);
  });

  it('refuses bad input with a Dutch 422, readers with 403 and another organisation’s report with 404', async () => {
    const bad = await beheerder.put<{ errors: Record<string, string[]> }>('/report/1/share', { direct_access: 'ja' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.direct_access).toEqual(['Kies of de rapportage openbaar is']);
    expect((await gebruiker.get('/report/1/share')).status).toBe(403);
    expect((await gebruiker.put('/report/1/share', { direct_access: false })).status).toBe(403);
    expect((await noordbroek.get('/report/1/share')).status).toBe(404);
    expect((await noordbroek.put('/report/1/share', { direct_access: false })).status).toBe(404);
  });
});

describe('the organisation’s embed websites: PUT company/{id}/embed', () => {
  it('normalises and stores the list (audited); the share dialog and the public view carry it', async () => {
    const res = await beheerder.put<{ data: { embed_domains: string[] } }>('/company/1/embed', { embed_domains: ['https://www.Zuiderhaven.nl/', '*.zuiderhaven.nl', 'www.zuiderhaven.nl'] });
    expect(res.status).toBe(200);
    expect(res.body.data.embed_domains).toEqual(['www.zuiderhaven.nl', '*.zuiderhaven.nl']);
    expect(await lastAudit()).toMatchObject({ action: 'company.embed', companyId: 1, summary: 'Websites voor insluiten van Gemeente Zuiderhaven: www.zuiderhaven.nl, *.zuiderhaven.nl' });
    expect((await beheerder.get<{ data: ShareInfo }>('/report/1/share')).body.data.embed_domains).toEqual(['www.zuiderhaven.nl', '*.zuiderhaven.nl']);
    expect((await beheerder.get<{ data: { embed_domains: string[] } }>('/company/1')).body.data.embed_domains).toEqual(['www.zuiderhaven.nl', '*.zuiderhaven.nl']);
    const view = await loadPublicView({ db: t.db }, 1, readPublicQuery(new URLSearchParams()));
    expect(view.embedDomains).toEqual(['www.zuiderhaven.nl', '*.zuiderhaven.nl']);
  });

  it('answers a Dutch 422 for what is not a host name (no CSP keywords or paths slip through)', async () => {
    for (const bad of ["'unsafe-inline'", 'evil.nl; script-src *', 'localhost', 'http://', 'a b.nl', '*']) {
      const res = await beheerder.put<{ errors: Record<string, string[]> }>('/company/1/embed', { embed_domains: [bad] });
      expect(res.status, bad).toBe(422);
      expect(Object.values(res.body.errors).flat()[0], bad).toMatch(/is geen geldig domein|Voer een geldig domein in/);
    }
    const many = await beheerder.put<{ errors: Record<string, string[]> }>('/company/1/embed', { embed_domains: Array.from({ length: 21 }, (_, i) => `w${i}.nl`) });
    expect(many.status).toBe(422);
    expect(many.body.errors.embed_domains).toEqual(['Maximaal 20 websites']);
  });

  it('lets only the organisation’s own admins (and root users) change it', async () => {
    expect((await gebruiker.put('/company/1/embed', { embed_domains: [] })).status).toBe(403);
    expect((await noordbroek.put('/company/1/embed', { embed_domains: [] })).status).toBe(404);
    expect((await admin.put('/company/2/embed', { embed_domains: ['noordbroek.nl'] })).status).toBe(200);
    expect((await noordbroek.get<{ data: { embed_domains: string[] } }>('/company/2')).body.data.embed_domains).toEqual(['noordbroek.nl']);
  });
});
