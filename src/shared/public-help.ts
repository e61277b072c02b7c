import { faqTopicsFor, type FaqTopic } from './faq';
import { helpTexts } from './i18n/shell';
import { ROUTES, pathFor } from './routes';

/**
 * The help page of the screens outside the app (/hulp): the login, password and registration
 * pages and the public report link to it with `?van=<route name>` (and `&rapport=<id>` from a
 * public report). Never a path: the registration and reset paths hold secret tokens, which must
 * not travel in a query string or into the stored question.
 */
export const PUBLIC_HELP_ORIGINS = ['Login', 'PanelLogin', 'PanelRegister', 'Invite', 'PasswordEmail', 'PasswordReset', 'ViewPublicReport'] as const;
export type PublicHelpOrigin = (typeof PUBLIC_HELP_ORIGINS)[number];

const isOrigin = (v: string | null | undefined): v is PublicHelpOrigin => !!v && (PUBLIC_HELP_ORIGINS as readonly string[]).includes(v);

/** The link of the help button on a page outside the app (relative to /portal). */
export function publicHelpHref(route: string | null | undefined, params: Record<string, string> = {}): string {
  if (!isOrigin(route)) return '/hulp';
  const report = route === 'ViewPublicReport' && /^\d{1,9}$/.test(params.id ?? '') ? `&rapport=${params.id}` : '';
  return `/hulp?van=${route}${report}`;
}

export interface PublicHelpPlace {
  /** The route name the visitor came from (stored with the question), or null. */
  route: PublicHelpOrigin | null;
  topics: FaqTopic[];
  /** Back to where the visitor came from (relative to /portal). */
  back: { href: string; text: string };
}

/**
 * What /hulp shows for `?van=` and `?rapport=`: the FAQ topics of the page the visitor came from
 * and the way back. A signed-in visitor goes back to the front page instead of a login page (which
 * would only send them on).
 */
export function publicHelpPlace(van: string | null, rapport: string | null, signedIn: boolean): PublicHelpPlace {
  const route = isOrigin(van) ? van : null;
  const def = ROUTES.find((r) => r.name === (route ?? 'Login'))!;
  const topics = faqTopicsFor(def.path);
  if (route === 'ViewPublicReport' && rapport && /^\d{1,9}$/.test(rapport)) return { route, topics, back: { href: pathFor(route, { id: rapport }), text: helpTexts.page.backToReport } };
  if (signedIn) return { route, topics, back: { href: '/', text: helpTexts.page.backToFrontpage } };
  // Screens without secrets in their path get their own address back; the others the login page.
  const back = route === 'PasswordEmail' ? { href: def.path, text: helpTexts.page.backToPassword } : { href: '/login', text: helpTexts.page.backToLogin };
  return { route, topics, back };
}
