import { describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_ROLES, GROUPS, hasGroup, hasRole, type Subject } from '../../src/shared/permissions';
import { tabsFor } from '../../src/shared/navigation';
import { decideRoute } from '../../src/shared/route-guard';
import { breadcrumbsFor, matchRoute, pathFor, ROUTES } from '../../src/shared/routes';
import { USERS } from '../../scripts/seed/data';

const demoUsers = USERS.map((u) => ({ email: u.email, subject: { groupId: GROUPS[u.group], roles: [...DEFAULT_GROUP_ROLES[u.group]] } as Subject }));
const samplePath = (path: string) => path.replace(/:(\w+)/g, '17');
const byEmail = (email: string) => demoUsers.find((u) => u.email === email)!.subject;

describe('route table', () => {
  it('matches every route by its own path (no route shadows another)', () => {
    for (const route of ROUTES) expect(matchRoute(samplePath(route.path))?.route.name, route.path).toBe(route.name);
  });

  it('has unique names, builds paths and ends breadcrumbs on the current page', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(pathFor('ViewProjectMessages', { id: '4' })).toBe('/project/4/messages');
    const crumbs = breadcrumbsFor(matchRoute('/project/4/messages')!);
    expect(crumbs[0]).toEqual({ text: 'Voorpagina', href: '/' });
    expect(crumbs.at(-1)?.text).toBe('Project');
    expect(crumbs.map((c) => c.href)).toContain('/project/4');
  });

  it('leads every chart editor tab back to its report', () => {
    for (const tab of ['', '/base', '/dataLocations']) {
      const hrefs = breadcrumbsFor(matchRoute(`/report/7/section/3/chart/9/edit${tab}`)!).map((c) => c.href);
      expect(hrefs, tab).toContain('/report/7/edit');
    }
    expect(breadcrumbsFor(matchRoute('/report/7/section/3/chart/new')!).map((c) => c.href)).toContain('/report/7/edit');
  });

  it('marks the first tab current on an index route that shows it, and the tab itself elsewhere', () => {
    const user = { ...byEmail('beheerder@demo.impulz.nl'), id: 2, companyId: 1, isCompanyAdmin: true, fullname: 'B', email: 'beheerder@demo.impulz.nl' };
    const current = (path: string) => tabsFor(matchRoute(path)!, user).filter((t) => t.current).map((t) => t.text);
    expect(current('/report/7')).toEqual(['Rapportage']);
    expect(current('/report/7/summary')).toEqual(['Samenvatting']);
    expect(tabsFor(matchRoute('/report/7')!, user).map((t) => t.href)).toEqual(['/report/7/view', '/report/7/summary']);
  });

  it('prefers static segments over parameters and ignores a trailing slash', () => {
    expect(matchRoute('/report/overview')?.route.name).toBe('ReportOverview');
    expect(matchRoute('/report/new')?.route.name).toBe('NewReport');
    expect(matchRoute('/report/12/')?.route.name).toBe('ViewReportIndex');
    expect(matchRoute('/report/12/section/3/chart/new')?.route.name).toBe('NewChart');
    expect(matchRoute('/bestaat/niet')).toBeNull();
  });
});

describe('page guard: every route × every demo user', () => {
  for (const route of ROUTES) {
    const path = samplePath(route.path);
    it(`${route.name} (${path})`, () => {
      const anonymous = decideRoute(path, null);
      if (route.requiresAuth && !route.outsideApp && !route.publicReport) expect(anonymous).toEqual({ kind: 'redirect', to: '/login' });
      else expect(anonymous.kind).toBe('allow');

      for (const { email, subject } of demoUsers) {
        const decision = decideRoute(path, subject);
        if (route.outsideApp) {
          expect(decision, email).toEqual({ kind: 'redirect', to: '/' });
          continue;
        }
        const exempt = route.name === 'Frontpage' || route.name === 'ViewUserBase' || !route.requiresAuth;
        const allowed =
          exempt ||
          ((!route.roles.length || hasRole(subject, route.roles)) &&
            (route.allRoles ?? []).every((role) => hasRole(subject, role)) &&
            hasGroup(subject, route.group));
        if (allowed) expect(decision.kind, email).toBe('allow');
        else expect(decision, email).toEqual({ kind: 'forbidden', match: expect.objectContaining({ route }) });
      }
    });
  }

  it('decides the cases the spec names explicitly', () => {
    const gebruiker = byEmail('gebruiker@demo.impulz.nl');
    const beheerder = byEmail('beheerder@demo.impulz.nl');
    const admin = byEmail('admin@demo.impulz.nl');
    const api = byEmail('api@demo.impulz.nl');
    expect(decideRoute('/login', gebruiker)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRoute('/meedoen', null).kind).toBe('allow');
    expect(decideRoute('/public/report/5', null).kind).toBe('allow');
    expect(decideRoute('/public/report/5', gebruiker).kind).toBe('allow');
    expect(decideRoute('/project/overview', gebruiker).kind).toBe('allow');
    expect(decideRoute('/manage/user/overview', gebruiker).kind).toBe('forbidden');
    expect(decideRoute('/manage/user/3', gebruiker).kind).toBe('allow');
    expect(decideRoute('/manage/user/3/roles', gebruiker).kind).toBe('forbidden');
    expect(decideRoute('/manage/user/overview/demo', beheerder).kind).toBe('allow');
    expect(decideRoute('/manage/user/overview/api', beheerder).kind).toBe('forbidden');
    expect(decideRoute('/manage/user/overview/api', admin).kind).toBe('allow');
    expect(decideRoute('/admin/loose-ends', beheerder).kind).toBe('forbidden');
    expect(decideRoute('/admin/loose-ends', admin).kind).toBe('allow');
    expect(decideRoute('/survey/overview', api).kind).toBe('allow');
    expect(decideRoute('/survey/3/edit/response', api).kind).toBe('allow');
    expect(decideRoute('/survey/3/edit/tokens', api).kind).toBe('forbidden');
    expect(decideRoute('/ZorgkaartNederland/ratings', gebruiker).kind).toBe('forbidden');
    expect(decideRoute('/geen/pagina', gebruiker)).toEqual({ kind: 'notFound' });
    expect(decideRoute('/geen/pagina', null)).toEqual({ kind: 'notFound' });
  });
});
