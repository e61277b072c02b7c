import { describe, expect, it } from 'vitest';
import { matchesSearch, normalize } from '../../src/islands/overview/search';
import { faqTopicsFor } from '../../src/shared/faq';
import { sideNavFor, userMenuFor } from '../../src/shared/navigation';
import { DEFAULT_GROUP_ROLES, GROUPS } from '../../src/shared/permissions';

describe('overview search', () => {
  const project = ['Cliëntervaringsonderzoek De Linde 2026', 'Zorggroep De Linde'];

  it('ignores case and accents on both sides', () => {
    expect(normalize('Cliënt ÉÉN')).toBe('client een');
    expect(matchesSearch(project, 'CLIENT')).toBe(true);
    expect(matchesSearch(['Client'], 'cliënt')).toBe(true);
  });

  it('needs every space-separated word to match some field, not necessarily the same one', () => {
    expect(matchesSearch(project, 'zorggroep 2026')).toBe(true);
    expect(matchesSearch(project, '  linde   zorg ')).toBe(true);
    expect(matchesSearch(project, 'zorggroep 2025')).toBe(false);
    expect(matchesSearch(['Burgerpeiling', 'Noordbroek'], 'burgerpeiling zuiderhaven')).toBe(false);
  });

  it('matches everything on an empty query and skips empty fields', () => {
    expect(matchesSearch(project, '   ')).toBe(true);
    expect(matchesSearch([null, undefined, '', 12], '12')).toBe(true);
    expect(matchesSearch([null], 'null')).toBe(false);
  });
});

describe('FAQ topics by first path segment (spec 000 §2.12)', () => {
  it('chooses the four sets', () => {
    expect(faqTopicsFor('/login')).toEqual(['login', 'meedoen', 'uitnodiging', 'afmelden', 'privacy']);
    expect(faqTopicsFor('/login/panel/abc')).toEqual(['login', 'meedoen', 'uitnodiging', 'afmelden', 'privacy']);
    expect(faqTopicsFor('/meedoen')).toEqual(['meedoen', 'uitnodiging', 'vragenlijst', 'gemeente', 'afmelden', 'privacy']);
    expect(faqTopicsFor('/report/4/view')).toEqual(['filters', 'pdf', 'resultaten', 'ontwikkeling']);
    expect(faqTopicsFor('/')).toEqual(['resultaten', 'filters', 'pdf', 'login', 'ontwikkeling', 'privacy', 'licentie']);
    expect(faqTopicsFor('/reports')).toEqual(['resultaten', 'filters', 'pdf', 'login', 'ontwikkeling', 'privacy', 'licentie']);
  });
});

describe('navigation per group', () => {
  const user = (group: keyof typeof GROUPS, extra: Partial<{ isCompanyAdmin: boolean }> = {}) => ({
    id: 9,
    companyId: 1,
    isCompanyAdmin: false,
    groupId: GROUPS[group],
    roles: [...DEFAULT_GROUP_ROLES[group]],
    ...extra,
  });

  it('gives the side navigation to Beheerder and Admin only, each item behind its access role', () => {
    expect(sideNavFor(user('Gebruiker'))).toEqual([]);
    expect(sideNavFor(user('Api'))).toEqual([]);
    expect(sideNavFor(user('Beheerder')).map((i) => i.text)).toEqual(['Overzicht', 'Projecten', 'Onderzoeken', 'Rapportages', 'Zorgkaart Nederland', 'Organisatie', 'Panels', 'Gebruikers']);
    expect(sideNavFor({ ...user('Beheerder'), roles: ['project.access'] }).map((i) => i.text)).toEqual(['Overzicht', 'Projecten']);
    expect(sideNavFor(user('Beheerder')).find((i) => i.text === 'Rapportages')?.href).toBe('/report/overview?tab=concept');
  });

  it('fills the user menu per role and group', () => {
    expect(userMenuFor(user('Gebruiker')).map((e) => e.text)).toEqual(['Mijn profiel', 'Release notes']);
    expect(userMenuFor(user('Beheerder', { isCompanyAdmin: true })).map((e) => e.text)).toEqual(['Mijn profiel', 'Mijn organisatie', 'Audittrail', 'Release notes']);
    expect(userMenuFor(user('Beheerder')).map((e) => e.text)).toEqual(['Mijn profiel', 'Audittrail', 'Release notes']);
    expect(userMenuFor(user('Admin', { isCompanyAdmin: true })).map((e) => e.text)).toEqual(['Mijn profiel', 'Mijn organisatie', 'Admin panel', 'Release notes']);
    expect(userMenuFor(user('Api')).map((e) => e.text)).toEqual(['Mijn profiel']);
  });
});
