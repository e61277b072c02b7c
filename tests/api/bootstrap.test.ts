import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/data';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

interface Bootstrap {
  data: {
    user: { data: Record<string, unknown> & { roles: string[]; logs: Record<string, unknown> } };
    roles: { data: { name: string }[] };
    userGroups: { data: { id: number; description: string; hasGroup: boolean }[] };
    projectStatuses: { data: { name: string }[] };
  };
}

describe('GET bootstrap', () => {
  it('needs a login', async () => {
    const res = await t.session().get('/portal/api/v2/bootstrap');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('returns the user block and the lookups, each with a data field', async () => {
    const s = t.session();
    await s.login('gebruiker@demo.impulz.nl', DEMO_PASSWORD);
    const res = await s.get('/portal/api/v2/bootstrap');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { data } = (await res.json()) as Bootstrap;
    expect(data.user.data).toMatchObject({
      email: 'gebruiker@demo.impulz.nl',
      fullname: 'Carla Bakker',
      group: 'Gebruiker',
      isRootUser: false,
      isCompanyAdmin: false,
      twoFactorConfirmed: false,
      must_enable_2fa: false,
      must_change_password: false,
      hasProjects: true,
    });
    expect(data.user.data.roles).toContain('dashboard.view');
    expect(data.user.data.roles).not.toContain('admin.access');
    expect(data.user.data.logs).toHaveProperty('previous_login_at');
    expect(data.roles.data.length).toBeGreaterThan(30);
    expect(data.userGroups.data.map((g) => [g.description, g.hasGroup])).toEqual([
      ['Admin', false],
      ['Beheerder', false],
      ['Gebruiker', true],
      ['Api', true],
      ['Panellid', true],
    ]);
    expect(data.projectStatuses.data.map((s) => s.name)).toContain('Actief');
  });

  it('shows the previous login after a second login', async () => {
    const s = t.session();
    await s.login('api@demo.impulz.nl', DEMO_PASSWORD);
    await s.post('/portal/auth/login', { email: 'api@demo.impulz.nl', password: DEMO_PASSWORD });
    const { data } = (await (await s.get('/portal/api/v2/bootstrap')).json()) as Bootstrap;
    expect(typeof data.user.data.logs.previous_login_at).toBe('string');
  });

  it('prepared statements (db/prepared.ts) give each user their own rows, whoever came first in the isolate', async () => {
    // Two users each of two shapes (user of company 1 / 3, company admin of company 1 / 2), then
    // the first again: every bootstrap equals the one of a fresh app where that user came first.
    const people = ['gebruiker@demo.impulz.nl', 'gebruiker@delinde.demo.impulz.nl', 'beheerder@demo.impulz.nl', 'beheerder@noordbroek.demo.impulz.nl', 'gebruiker@demo.impulz.nl'];
    const rows = async (app: ReturnType<typeof createTestApp>, email: string) => {
      const s = app.session();
      await s.login(email, DEMO_PASSWORD);
      const { data } = (await (await s.get('/portal/api/v2/bootstrap')).json()) as { data: Record<string, { data: unknown }> & Bootstrap['data'] };
      return { reports: data.reports, themes: data.themes, pdfThemes: data.pdfThemes, panels: data.user.data.panels, hasProjects: data.user.data.hasProjects };
    };
    const seen = [];
    for (const email of people) seen.push(await rows(t, email));
    for (const [i, email] of people.entries()) {
      const fresh = createTestApp();
      try {
        expect(seen[i], email).toEqual(await rows(fresh, email));
      } finally {
        fresh.close();
      }
    }
    expect(seen[0]!.reports).not.toEqual(seen[1]!.reports);
    expect(seen[2]!.reports).not.toEqual(seen[3]!.reports);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const s = t.session();
    await s.login('gebruiker@demo.impulz.nl', DEMO_PASSWORD);
    const res = await s.get('/portal/api/v2/bestaat-niet');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
