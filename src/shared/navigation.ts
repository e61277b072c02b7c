import type { SessionUserLike } from './navigation-types';
import { hasGroup, hasRole, type Role } from './permissions';
import { mayOpen } from './route-guard';
import { pathFor, type RouteMatch, type Tab } from './routes';
import { shellTexts } from './i18n/shell';

export interface NavItem {
  text: string;
  /** Path relative to /portal. */
  href: string;
  icon: string;
  roles: readonly Role[];
  /** Route names that mark this item as current. */
  active: readonly string[];
}

const t = shellTexts.nav;

/** Side navigation of group Beheerder (spec 000 §2.12), each item behind its area's access role. */
export const SIDE_NAV: readonly NavItem[] = [
  { text: t.overview, href: '/', icon: 'home', roles: [], active: ['Frontpage'] },
  { text: t.projects, href: pathFor('ProjectOverview'), icon: 'folder', roles: ['project.access'], active: ['ProjectOverview', 'NewProject'] },
  { text: t.surveys, href: pathFor('SurveyOverview'), icon: 'clipboard', roles: ['survey.access'], active: ['SurveyOverview'] },
  { text: t.reports, href: `${pathFor('ReportOverview')}?tab=concept`, icon: 'chart', roles: ['dashboard.access'], active: ['ReportOverview'] },
  { text: t.zkn, href: pathFor('ZknRatings'), icon: 'star', roles: ['zkn.access'], active: ['ZknRatings', 'ZknRating', 'ZknCompanies'] },
  { text: t.organisation, href: pathFor('CompanyOverview'), icon: 'building', roles: ['company.access'], active: ['CompanyOverview'] },
  { text: t.panels, href: pathFor('PanelOverview'), icon: 'people', roles: ['panel.access'], active: ['PanelOverview'] },
  { text: t.users, href: pathFor('UserOverview'), icon: 'person', roles: ['user.access'], active: ['UserOverview'] },
];

export function sideNavFor(user: SessionUserLike): NavItem[] {
  if (!hasGroup(user, 'Beheerder')) return [];
  return SIDE_NAV.filter((item) => !item.roles.length || hasRole(user, item.roles));
}

/**
 * Role-filtered top-bar buttons (spec 000 §2.12: text, icon, route, roles). They give the groups
 * without the side navigation (Gebruiker, Api) a way to their projects and reports; the
 * Beheerder has the same places in the side navigation.
 */
export const TOP_BAR_BUTTONS: readonly NavItem[] = [
  { text: t.projects, href: pathFor('ProjectOverview'), icon: 'folder', roles: ['project.access'], active: ['ProjectOverview', 'ViewProjectBase'] },
  { text: t.reports, href: pathFor('ReportOverview'), icon: 'chart', roles: ['dashboard.access'], active: ['ReportOverview'] },
  { text: t.zkn, href: pathFor('ZknRatings'), icon: 'star', roles: ['zkn.access'], active: ['ZknRatings', 'ZknRating', 'ZknCompanies'] },
];

export function topBarFor(user: SessionUserLike): NavItem[] {
  if (hasGroup(user, 'Beheerder')) return [];
  return TOP_BAR_BUTTONS.filter((item) => hasRole(user, item.roles));
}

export interface UserMenuEntry {
  text: string;
  href?: string;
  /** Route of the link, so the shell can leave out screens that are not built yet. */
  route?: string;
  /** A button that opens a dialog instead of a link. */
  dialog?: string;
}

/** Entries of the user menu besides name, e-mail and logout (spec 000 §2.12). */
export function userMenuFor(user: SessionUserLike): UserMenuEntry[] {
  const entries: UserMenuEntry[] = [];
  if (hasGroup(user, 'Panellid')) entries.push({ text: shellTexts.myProfile, route: 'ViewUserBase', href: pathFor('ViewUserBase', { id: String(user.id) }) });
  if (hasRole(user, 'company.access') && user.isCompanyAdmin && user.companyId !== null)
    entries.push({ text: shellTexts.myOrganisation, route: 'ViewCompany', href: pathFor('ViewCompany', { id: String(user.companyId) }) });
  if (hasRole(user, 'admin.access')) entries.push({ text: shellTexts.adminPanel, route: 'AdminOverview', href: pathFor('AdminOverview') });
  // Admins reach the audit trail from the admin panel; a Beheerder who manages users from here.
  else if (hasGroup(user, 'Beheerder') && hasRole(user, 'user.edit')) entries.push({ text: shellTexts.auditTrail, route: 'AdminAudit', href: pathFor('AdminAudit') });
  if (hasGroup(user, 'Gebruiker')) entries.push({ text: shellTexts.releaseNotes, dialog: 'release-notes' });
  return entries;
}

export interface TabLink {
  text: string;
  href: string;
  current: boolean;
}

/**
 * The tab row of the current route: tabs the user may open, linked with the route's params. An
 * index route that is not a tab itself (/report/:id, /survey/:id/edit) shows its first tab's view,
 * so that tab is the current one. Tabs marked ownOnly show on one's own page only (ViewUserPanel).
 */
export function tabsFor(match: RouteMatch, user: SessionUserLike): TabLink[] {
  if (match.route.hideTabs || !match.route.tabs) return [];
  const own = match.params.id === String(user.id);
  const tabs = match.route.tabs.filter((tab: Tab) => mayOpen(user, tab) && (!tab.ownOnly || own));
  const current = tabs.some((tab) => tab.route === match.route.name) ? match.route.name : tabs[0]?.route;
  return tabs.map((tab) => ({ text: tab.text, href: pathFor(tab.route, match.params), current: tab.route === current }));
}
