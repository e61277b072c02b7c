import { describe, expect, it } from 'vitest';
import { FAQ } from '../../src/shared/faq';
import { faqTopicsFor } from '../../src/shared/faq';
import { publicHelpHref, publicHelpPlace } from '../../src/shared/public-help';
import { matchRoute } from '../../src/shared/routes';
import { PublicHelpQuestionInput } from '../../src/shared/validation/help';

const LOGIN_TOPICS = ['login', 'meedoen', 'uitnodiging', 'afmelden', 'privacy'];

describe('the help of the pages outside the app', () => {
  it('links each of them to /hulp by route name, never by a path that holds a token', () => {
    const href = (path: string) => {
      const m = matchRoute(path)!;
      return publicHelpHref(m.route.name, m.params);
    };
    expect(href('/login')).toBe('/hulp?van=Login');
    expect(href('/password/email')).toBe('/hulp?van=PasswordEmail');
    expect(href('/password/reset/geheim-token-123')).toBe('/hulp?van=PasswordReset');
    expect(href('/register/invite/geheim')).toBe('/hulp?van=Invite');
    expect(href('/register/panel/geheim')).toBe('/hulp?van=PanelRegister');
    expect(href('/login/panel/geheim')).toBe('/hulp?van=PanelLogin');
    expect(href('/public/report/7')).toBe('/hulp?van=ViewPublicReport&rapport=7');
    expect(publicHelpHref('ViewReportIndex')).toBe('/hulp');
    expect(matchRoute('/hulp')?.route).toMatchObject({ name: 'PublicHelp', requiresAuth: false });
  });

  it("shows the login topics on the login, password and registration pages (the 'login' topic is reachable)", () => {
    for (const van of ['Login', 'PasswordEmail', 'PasswordReset', 'Invite', 'PanelRegister', 'PanelLogin', null, 'onzin']) {
      expect(publicHelpPlace(van, null, false).topics).toEqual(LOGIN_TOPICS);
    }
    expect(faqTopicsFor('/password/email')).toEqual(LOGIN_TOPICS);
    expect(FAQ.login.map((e) => e.q)).toContain('Ik ben mijn wachtwoord vergeten. Wat nu?');
  });

  it('shows what the numbers mean on the public report, and leads back to it', () => {
    expect(publicHelpPlace('ViewPublicReport', '7', false)).toEqual({
      route: 'ViewPublicReport',
      topics: ['resultaten', 'privacy', 'gemeente'],
      back: { href: '/public/report/7', text: 'Terug naar de rapportage' },
    });
  });

  it('leads back to the login page, or to the front page when signed in; an unknown origin is stored as none', () => {
    expect(publicHelpPlace('PasswordEmail', null, false).back).toEqual({ href: '/password/email', text: 'Terug naar wachtwoord vergeten' });
    expect(publicHelpPlace('PasswordReset', null, false).back).toEqual({ href: '/login', text: 'Terug naar inloggen' });
    expect(publicHelpPlace('Login', null, true).back).toEqual({ href: '/', text: 'Naar de voorpagina' });
    expect(publicHelpPlace('/password/reset/geheim', null, false).route).toBeNull();
  });

  it('validates the form without login in Dutch; a project question is not possible', () => {
    const ok = PublicHelpQuestionInput.safeParse({ name: ' Jan ', email: 'jan@example.nl', question: 'Hoe log ik in?', route: 'Login' });
    expect(ok.success && ok.data).toEqual({ type: 'question', name: 'Jan', email: 'jan@example.nl', question: 'Hoe log ik in?', route: 'Login' });
    const bad = PublicHelpQuestionInput.safeParse({ type: 'project', name: '', email: 'geen-adres', question: ' ' });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    expect(paths).toEqual(expect.arrayContaining(['name: Dit veld mag niet leeg zijn', 'email: Voer een geldig e-mailadres in', 'question: Dit veld mag niet leeg zijn']));
    expect(paths.some((p) => p.startsWith('type:'))).toBe(true);
  });
});
