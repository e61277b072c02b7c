import type { GroupName, Role } from './permissions';

/**
 * The route table of spec 000 §2 (paths relative to the /portal base). The page guard
 * (route-guard.ts), the side navigation, the tab row and the breadcrumbs all read it.
 * Nested routes of the spec are flattened: a child is its own entry with the parent's path prefix.
 */
export interface Crumb {
  text: string;
  /** Path relative to /portal; the last crumb is shown disabled whatever its href. */
  href?: string;
}

export interface Tab {
  text: string;
  /** Route name the tab links to (params of the current route are reused). */
  route: string;
  exact?: boolean;
  icon?: string;
  group?: GroupName;
  roles?: readonly Role[];
  /** Shown only on one's own page (route param id = the user's id): ViewUserPanel. */
  ownOnly?: boolean;
}

export type Params = Record<string, string>;

export interface RouteDef {
  name: string;
  path: string;
  title: string;
  requiresAuth: boolean;
  /** The user needs one of these (none = any logged-in user). */
  roles: readonly Role[];
  /** …and, when set, every one of these (AdminLooseEnds needs view, edit and delete). */
  allRoles?: readonly Role[];
  group?: GroupName;
  outsideApp?: boolean;
  publicReport?: boolean;
  breadcrumb?: readonly Crumb[] | ((params: Params) => Crumb[]);
  type?: string;
  tabs?: readonly Tab[];
  hideTabs?: boolean;
}

const home: Crumb = { text: 'Voorpagina', href: '/' };
const crumbs =
  (...list: Crumb[]) =>
  (params: Params): Crumb[] =>
    [home, ...list.map((c) => ({ ...c, href: c.href?.replace(/:(\w+)/g, (_, k: string) => params[k] ?? '') }))];

type Def = Omit<RouteDef, 'requiresAuth' | 'roles'> & { requiresAuth?: boolean; roles?: readonly Role[] };
const r = (def: Def): RouteDef => ({ requiresAuth: true, roles: [], ...def });
const pub = (def: Def): RouteDef => r({ requiresAuth: false, outsideApp: true, ...def });

const reportTabs: Tab[] = [
  { text: 'Rapportage', route: 'ViewReportView', roles: ['dashboard.view'] },
  { text: 'Samenvatting', route: 'ViewReportSummary', roles: ['dashboard.view'] },
];
const reportEditTabs: Tab[] = (
  [
    ['EditReportBase', 'Algemeen'],
    ['EditReportBackground', 'Achtergrond'],
    ['EditReportSeed', 'Vulling'],
    ['EditReportFilters', 'Filters'],
    ['EditReportResponse', 'Respons'],
    ['EditReportCopy', 'Kopiëren'],
    ['EditReportVariants', 'Varianten'],
  ] as const
).map(([route, text]) => ({ text, route, roles: ['dashboard.edit'] as const }));
const chartTabs: Tab[] = [
  { text: 'Algemeen', route: 'EditChartBase', roles: ['dashboard.edit'] },
  { text: 'Datasets', route: 'EditChartDataLocations', roles: ['dashboard.edit'] },
];
const surveyTabs: Tab[] = [
  { text: 'Vragen', route: 'EditSurveyQuestions', roles: ['survey.edit'] },
  { text: 'Voortgang', route: 'EditSurveyProgress', roles: ['survey.edit'] },
  { text: 'Nauwkeurigheid', route: 'EditSurveyAccuracy', roles: ['survey.edit'] },
  { text: 'Weging', route: 'EditSurveyWeighting', roles: ['survey.edit'] },
  { text: 'Genereren', route: 'EditSurveyGenerate', roles: ['survey.edit'] },
  { text: 'Tokens', route: 'EditSurveyTokens', roles: ['survey.edit'] },
  { text: 'Respons', route: 'EditSurveyResponse', roles: ['survey.edit', 'survey.upload'] },
];
const userOverviewTabs: Tab[] = [
  { text: 'Gebruikers', route: 'UserOverview', exact: true, roles: ['user.view'] },
  { text: 'Demo-gebruikers', route: 'UserOverviewDemo', group: 'Beheerder', roles: ['user.view'] },
  { text: 'API-gebruikers', route: 'UserOverviewApi', group: 'Admin', roles: ['user.view'] },
  { text: 'Uitnodigingen', route: 'UserOverviewInvites', roles: ['user.view'] },
  { text: 'Panelleden', route: 'UserOverviewPanel', roles: ['panel.edit'] },
];
const userTabs: Tab[] = [
  { text: 'Algemeen', route: 'ViewUserBaseTab' },
  { text: 'Wachtwoord', route: 'ViewUserPassword', roles: ['user.access'] },
  { text: 'Panels', route: 'ViewUserPanel', roles: ['panel.access'], ownOnly: true },
  { text: 'Projecten', route: 'ViewUserProjects', roles: ['project.access'] },
  { text: 'Rollen', route: 'ViewUserRoles', roles: ['user.edit'] },
  { text: 'LimeSurvey koppeling', route: 'ViewUserLime', group: 'Admin', roles: ['user.edit'] },
];
const companyTabs: Tab[] = [
  { text: 'Algemeen', route: 'ViewCompanyBase', roles: ['company.edit'] },
  { text: 'Beheerders', route: 'ViewCompanyAdmins', roles: ['company.edit'] },
  { text: "Thema's", route: 'ViewCompanyThemes', roles: ['company.edit'] },
  { text: 'Kaarten', route: 'ViewCompanyMaps', roles: ['company.edit'] },
  { text: 'Gebruikers', route: 'ViewCompanyUsers', roles: ['company.view'] },
  { text: 'Panels', route: 'ViewCompanyPanels', roles: ['panel.view'] },
];
const panelTabs: Tab[] = [
  { text: 'Algemeen', route: 'ViewPanelBase', roles: ['panel.edit'] },
  { text: 'Deelnemers', route: 'ViewPanelUsers', roles: ['panel.edit'] },
  { text: 'Velden', route: 'ViewPanelFields', roles: ['panel.edit'] },
];
const projectChildren = [
  ['ViewProjectBaseTab', 'base', 'Algemeen'],
  ['ViewProjectSubProjects', 'sub-projects', 'Subprojecten'],
  ['ViewProjectReports', 'reports', 'Rapportages'],
  ['ViewProjectSurveys', 'surveys', 'Onderzoeken'],
  ['ViewProjectUsers', 'users', 'Gebruikers'],
  ['ViewProjectFilters', 'filters', 'Filters'],
  ['ViewProjectNotifications', 'notifications', 'Indicatoren'],
  ['ViewProjectMessages', 'messages', 'Berichten'],
] as const;
const projectTabs: Tab[] = projectChildren.map(([route, , text]) => ({ text, route, roles: ['project.view'] }));
const projectEditTabs: Tab[] = [
  { text: 'Algemeen', route: 'EditProjectBase', roles: ['project.edit'] },
  { text: 'Licentie', route: 'EditProjectLicense', roles: ['project.edit'] },
];
// The loose-ends tabs (Report … DataLocation) are the screen's own tab list: they filter one page.

// The chart editor's crumbs lead back to the report's editor, where the chart lives.
const chartCrumbs = crumbs({ text: 'Rapportages', href: '/report/overview' }, { text: 'Rapportage', href: '/report/:reportId/edit' }, { text: 'Grafiek' });
const reportCrumbs = crumbs({ text: 'Rapportages', href: '/report/overview' }, { text: 'Rapportage', href: '/report/:id' });
const projectCrumbs = crumbs({ text: 'Projecten', href: '/project/overview' }, { text: 'Project', href: '/project/:id' });
const projectEditCrumbs = crumbs({ text: 'Projecten', href: '/project/overview' }, { text: 'Project', href: '/project/:id' }, { text: 'Bewerken' });
const userCrumbs = crumbs({ text: 'Gebruikers', href: '/manage/user/overview' }, { text: 'Gebruiker' });
const companyCrumbs = crumbs({ text: 'Organisaties', href: '/manage/company/overview' }, { text: 'Organisatie' });
const panelCrumbs = crumbs({ text: 'Panels', href: '/panel/overview' }, { text: 'Panel' });
const surveyCrumbs = crumbs({ text: 'Onderzoeken', href: '/survey/overview' }, { text: 'Onderzoek' });

export const ROUTES: readonly RouteDef[] = [
  // 2.1 public, outside the shell
  pub({ name: 'Login', path: '/login', title: 'Inloggen' }),
  pub({ name: 'PanelLogin', path: '/login/panel/:token', title: 'Inloggen bij panel' }),
  pub({ name: 'PanelRegister', path: '/register/panel/:token', title: 'Registreren bij panel' }),
  pub({ name: 'Invite', path: '/register/invite/:token', title: 'Registreren' }),
  pub({ name: 'PasswordEmail', path: '/password/email', title: 'Wachtwoord vergeten' }),
  pub({ name: 'PasswordReset', path: '/password/reset/:token', title: 'Nieuw wachtwoord' }),
  // Taking part: no login, and not outsideApp either, so a respondent who happens to be logged in
  // (a panel member opening an invitation) still takes part instead of landing on the front page.
  r({ name: 'Participate', path: '/meedoen', title: 'Meedoen', requiresAuth: false, hideTabs: true }),
  r({ name: 'ParticipateHelp', path: '/meedoen/hulp', title: 'Hulp bij meedoen', requiresAuth: false, hideTabs: true }),
  r({ name: 'ParticipateSurvey', path: '/meedoen/:id', title: 'Meedoen', requiresAuth: false, hideTabs: true }),
  r({ name: 'ParticipateOptOut', path: '/meedoen/:id/afmelden', title: 'Afmelden', requiresAuth: false, hideTabs: true }),
  // Paper entry is staff work (survey.upload), in the participation layout.
  r({ name: 'Import', path: '/invoer', title: 'Invoer', roles: ['survey.upload'], hideTabs: true, breadcrumb: crumbs({ text: 'Papieren formulieren' }) }),
  r({ name: 'ImportForm', path: '/invoer/:id', title: 'Invoer', roles: ['survey.upload'], hideTabs: true, breadcrumb: crumbs({ text: 'Onderzoeken', href: '/survey/overview' }, { text: 'Onderzoek', href: '/survey/:id/edit' }, { text: 'Papieren formulieren', href: '/invoer' }, { text: 'Invoer' }) }),
  // The unsubscribe link of a scheduled report mail ('Versturen'): no login, also for a logged-in reader.
  r({ name: 'ReportUnsubscribe', path: '/afmelden/:token', title: 'Afmelden', requiresAuth: false, hideTabs: true }),
  // Help of the screens outside the app (?van=<route name>): FAQ and help form, no login needed.
  r({ name: 'PublicHelp', path: '/hulp', title: 'Hulp en veelgestelde vragen', requiresAuth: false, hideTabs: true }),
  r({ name: 'ViewPublicReport', path: '/public/report/:id', title: 'Rapportage', requiresAuth: false, publicReport: true, hideTabs: true }),
  // Static error pages the API client redirects to (spec 000 §8): open to everyone.
  r({ name: 'NotFound', path: '/404', title: '404 - Pagina kon niet gevonden worden', requiresAuth: false, hideTabs: true }),
  r({ name: 'Forbidden', path: '/403', title: 'Geen toegang', requiresAuth: false, hideTabs: true }),
  r({ name: 'FailedDependency', path: '/failed-dependency', title: 'Dienst niet beschikbaar', requiresAuth: false, hideTabs: true }),
  // The API reference for integrators (docs/api.md); the document it reads is public too.
  r({ name: 'ApiDocs', path: '/api-docs', title: 'API-documentatie', requiresAuth: false, hideTabs: true }),
  // Developer mailbox (Engineer A): answers 404 itself outside development. Its attachments are an
  // Astro endpoint (dev/mailbox/[id]/[n].ts), not a screen: the guard lets unmatched paths through to it.
  r({ name: 'DevMailbox', path: '/dev/mailbox', title: 'Mailbox', requiresAuth: false, hideTabs: true }),
  // 2.2
  r({ name: 'Frontpage', path: '/', title: 'Voorpagina', breadcrumb: [home] }),
  // 2.4 reports
  r({ name: 'ReportOverview', path: '/report/overview', title: 'Rapportages', roles: ['dashboard.view'], breadcrumb: crumbs({ text: 'Rapportages' }) }),
  r({ name: 'NewReport', path: '/report/new', title: 'Nieuwe rapportage', roles: ['dashboard.create'], breadcrumb: crumbs({ text: 'Rapportages', href: '/report/overview' }, { text: 'Nieuw' }) }),
  r({ name: 'ViewReportIndex', path: '/report/:id', title: 'Rapportage', roles: ['dashboard.view'], breadcrumb: reportCrumbs, tabs: reportTabs }),
  r({ name: 'ViewReportView', path: '/report/:id/view', title: 'Rapportage', roles: ['dashboard.view'], breadcrumb: reportCrumbs, tabs: reportTabs }),
  r({ name: 'ViewReportSummary', path: '/report/:id/summary', title: 'Samenvatting', roles: ['dashboard.view'], breadcrumb: reportCrumbs, tabs: reportTabs }),
  r({ name: 'EditReport', path: '/report/:id/edit', title: 'Rapportage bewerken', roles: ['dashboard.edit'], breadcrumb: reportCrumbs, tabs: reportEditTabs }),
  ...reportEditTabs.map((t) =>
    r({ name: t.route, path: `/report/:id/edit/${t.route.slice('EditReport'.length).toLowerCase()}`, title: `Rapportage bewerken – ${t.text}`, roles: ['dashboard.edit'], breadcrumb: reportCrumbs, tabs: reportEditTabs }),
  ),
  r({ name: 'NewChart', path: '/report/:reportId/section/:sectionId/chart/new', title: 'Nieuwe grafiek', roles: ['dashboard.edit'], breadcrumb: crumbs({ text: 'Rapportages', href: '/report/overview' }, { text: 'Rapportage', href: '/report/:reportId/edit' }, { text: 'Nieuwe grafiek' }) }),
  r({ name: 'EditChart', path: '/report/:reportId/section/:sectionId/chart/:id/edit', title: 'Grafiek bewerken', roles: ['dashboard.edit'], tabs: chartTabs, breadcrumb: chartCrumbs }),
  r({ name: 'EditChartBase', path: '/report/:reportId/section/:sectionId/chart/:id/edit/base', title: 'Grafiek bewerken', roles: ['dashboard.edit'], tabs: chartTabs, breadcrumb: chartCrumbs }),
  r({ name: 'EditChartDataLocations', path: '/report/:reportId/section/:sectionId/chart/:id/edit/dataLocations', title: 'Grafiek bewerken', roles: ['dashboard.edit'], tabs: chartTabs, breadcrumb: chartCrumbs }),
  // 2.5 surveys
  r({ name: 'SurveyOverview', path: '/survey/overview', title: 'Onderzoeken', roles: ['survey.view'], breadcrumb: crumbs({ text: 'Onderzoeken' }) }),
  r({ name: 'ImportSurvey', path: '/survey/import', title: 'Enquête importeren', roles: ['survey.edit'], breadcrumb: crumbs({ text: 'Onderzoeken', href: '/survey/overview' }, { text: 'Importeren' }) }),
  r({ name: 'SurveyLime', path: '/survey/lime', title: 'LimeSurvey-koppeling', roles: ['survey.edit'], breadcrumb: crumbs({ text: 'Onderzoeken', href: '/survey/overview' }, { text: 'LimeSurvey' }) }),
  r({ name: 'EditSurvey', path: '/survey/:id/edit', title: 'Onderzoek bewerken', roles: ['survey.edit'], breadcrumb: surveyCrumbs, tabs: surveyTabs }),
  r({ name: 'EditSurveyQuestions', path: '/survey/:id/edit/questions', title: 'Onderzoek bewerken', roles: ['survey.edit'], breadcrumb: surveyCrumbs, tabs: surveyTabs }),
  r({ name: 'EditSurveyProgress', path: '/survey/:id/edit/progress', title: 'Onderzoek bewerken', roles: ['survey.edit'], breadcrumb: surveyCrumbs, tabs: surveyTabs }),
  r({ name: 'EditSurveyAccuracy', path: '/survey/:id/edit/accuracy', title: 'Onderzoek bewerken', roles: ['survey.edit'], breadcrumb: surveyCrumbs, tabs: surveyTabs }),
  r({ name: 'EditSurveyWeighting', path: '/survey/:id/edit/weighting', title: 'Onderzoek bewerken', roles: ['survey.edit'], breadcrumb: surveyCrumbs, tabs: surveyTabs }),
  r({ name: 'EditSurveyGenerate', path: '/survey/:id/edit/generate', title: 'Onderzoek bewerken', roles: ['survey.edit'], breadcrumb: surveyCrumbs, tabs: surveyTabs }),
  r({ name: 'EditSurveyTokens', path: '/survey/:id/edit/tokens', title: 'Onderzoek bewerken', roles: ['survey.edit'], breadcrumb: surveyCrumbs, tabs: surveyTabs }),
  r({ name: 'EditSurveyResponse', path: '/survey/:id/edit/response', title: 'Onderzoek bewerken', roles: ['survey.edit', 'survey.upload'], breadcrumb: surveyCrumbs, tabs: surveyTabs }),
  // 2.6 manage
  r({ name: 'UserOverview', path: '/manage/user/overview', title: 'Gebruikers', roles: ['user.view'], tabs: userOverviewTabs, breadcrumb: crumbs({ text: 'Gebruikers' }) }),
  r({ name: 'UserOverviewDemo', path: '/manage/user/overview/demo', title: 'Demo-gebruikers', roles: ['user.view'], group: 'Beheerder', tabs: userOverviewTabs }),
  r({ name: 'UserOverviewApi', path: '/manage/user/overview/api', title: 'API-gebruikers', roles: ['user.view'], group: 'Admin', tabs: userOverviewTabs }),
  r({ name: 'UserOverviewInvites', path: '/manage/user/overview/invites', title: 'Uitnodigingen', roles: ['user.view'], tabs: userOverviewTabs }),
  r({ name: 'UserOverviewPanel', path: '/manage/user/overview/panel', title: 'Panelleden', roles: ['panel.edit'], tabs: userOverviewTabs }),
  r({ name: 'InviteUser', path: '/manage/user/invite', title: 'Gebruiker uitnodigen', roles: ['user.create'] }),
  r({ name: 'NewUser', path: '/manage/user/new', title: 'Nieuwe gebruiker', roles: ['user.create'] }),
  r({ name: 'ViewUserBase', path: '/manage/user/:id', title: 'Gebruiker', roles: ['user.access'], breadcrumb: userCrumbs, tabs: userTabs }),
  r({ name: 'ViewUserBaseTab', path: '/manage/user/:id/base', title: 'Gebruiker', roles: ['user.access'], breadcrumb: userCrumbs, tabs: userTabs }),
  r({ name: 'ViewUserPassword', path: '/manage/user/:id/password', title: 'Wachtwoord', roles: ['user.access'], breadcrumb: userCrumbs, tabs: userTabs }),
  r({ name: 'ViewUserPanel', path: '/manage/user/:id/panel', title: 'Achtergrondgegevens', roles: ['panel.access'], breadcrumb: userCrumbs, tabs: userTabs }),
  r({ name: 'ViewUserProjects', path: '/manage/user/:id/project', title: 'Projecten', roles: ['project.access'], breadcrumb: userCrumbs, tabs: userTabs }),
  r({ name: 'ViewUserRoles', path: '/manage/user/:id/roles', title: 'Rollen', roles: ['user.edit'], breadcrumb: userCrumbs, tabs: userTabs }),
  r({ name: 'ViewUserLime', path: '/manage/user/:id/lime', title: 'LimeSurvey koppeling', roles: ['user.edit'], group: 'Admin', breadcrumb: userCrumbs, tabs: userTabs }),
  r({ name: 'CompanyOverview', path: '/manage/company/overview', title: 'Organisaties', roles: ['company.view'], breadcrumb: crumbs({ text: 'Organisaties' }) }),
  r({ name: 'NewCompany', path: '/manage/company/new', title: 'Nieuwe organisatie', roles: ['company.create'] }),
  r({ name: 'ViewCompany', path: '/manage/company/:id', title: 'Organisatie', roles: ['company.view'], breadcrumb: companyCrumbs, tabs: companyTabs }),
  r({ name: 'ViewCompanyBase', path: '/manage/company/:id/base', title: 'Organisatie', roles: ['company.edit'], breadcrumb: companyCrumbs, tabs: companyTabs }),
  r({ name: 'ViewCompanyAdmins', path: '/manage/company/:id/admins', title: 'Beheerders', roles: ['company.edit'], breadcrumb: companyCrumbs, tabs: companyTabs }),
  r({ name: 'ViewCompanyThemes', path: '/manage/company/:id/themes', title: "Thema's", roles: ['company.edit'], breadcrumb: companyCrumbs, tabs: companyTabs }),
  r({ name: 'ViewCompanyMaps', path: '/manage/company/:id/maps', title: 'Kaarten', roles: ['company.edit'], breadcrumb: companyCrumbs, tabs: companyTabs }),
  r({ name: 'ViewCompanyUsers', path: '/manage/company/:id/users', title: 'Gebruikers', roles: ['company.view'], breadcrumb: companyCrumbs, tabs: companyTabs }),
  r({ name: 'ViewCompanyPanels', path: '/manage/company/:id/panels', title: 'Panels', roles: ['panel.view'], breadcrumb: companyCrumbs, tabs: companyTabs }),
  r({ name: 'License', path: '/manage/license', title: 'Licenties', roles: ['user.access', 'company.access'], breadcrumb: crumbs({ text: 'Licenties' }) }),
  // 2.7 indicators
  r({ name: 'NewIndicator', path: '/indicator/new', title: 'Nieuwe indicator', roles: ['notification.create'], breadcrumb: crumbs({ text: 'Projecten', href: '/project/overview' }, { text: 'Nieuwe indicator' }) }),
  r({ name: 'EditIndicator', path: '/indicator/:id/edit', title: 'Indicator bewerken', roles: ['notification.edit'], breadcrumb: crumbs({ text: 'Projecten', href: '/project/overview' }, { text: 'Indicator bewerken' }) }),
  // 2.8 panels
  r({ name: 'PanelOverview', path: '/panel/overview', title: 'Panels', roles: ['panel.view'], breadcrumb: crumbs({ text: 'Panels' }) }),
  r({ name: 'NewPanel', path: '/panel/new', title: 'Nieuw panel', roles: ['panel.create'] }),
  r({ name: 'ViewPanel', path: '/panel/:id', title: 'Panel', roles: ['panel.edit'], breadcrumb: panelCrumbs, tabs: panelTabs }),
  r({ name: 'ViewPanelBase', path: '/panel/:id/base', title: 'Panel', roles: ['panel.edit'], breadcrumb: panelCrumbs, tabs: panelTabs }),
  r({ name: 'ViewPanelUsers', path: '/panel/:id/users', title: 'Deelnemers', roles: ['panel.edit'], breadcrumb: panelCrumbs, tabs: panelTabs }),
  r({ name: 'ViewPanelFields', path: '/panel/:id/fields', title: 'Velden', roles: ['panel.edit'], breadcrumb: panelCrumbs, tabs: panelTabs }),
  // 2.9 projects
  r({ name: 'ProjectOverview', path: '/project/overview', title: 'Projecten', roles: ['project.view'], breadcrumb: crumbs({ text: 'Projecten' }) }),
  r({ name: 'NewProject', path: '/project/new', title: 'Nieuw project', roles: ['project.create'], breadcrumb: crumbs({ text: 'Projecten', href: '/project/overview' }, { text: 'Nieuw project' }) }),
  r({ name: 'ViewProjectBase', path: '/project/:id', title: 'Project', type: 'projecten', roles: ['project.view'], breadcrumb: projectCrumbs, tabs: projectTabs }),
  ...projectChildren.map(([name, segment, text]) =>
    r({ name, path: `/project/:id/${segment}`, title: text, type: 'projecten', roles: ['project.view'], breadcrumb: projectCrumbs, tabs: projectTabs }),
  ),
  r({ name: 'EditProject', path: '/project/:id/edit', title: 'Project bewerken', roles: ['project.edit'], breadcrumb: projectEditCrumbs, tabs: projectEditTabs }),
  r({ name: 'EditProjectBase', path: '/project/:id/edit/base', title: 'Project bewerken', roles: ['project.edit'], breadcrumb: projectEditCrumbs, tabs: projectEditTabs }),
  r({ name: 'EditProjectLicense', path: '/project/:id/edit/license', title: 'Licentie', roles: ['project.edit'], breadcrumb: projectEditCrumbs, tabs: projectEditTabs }),
  r({ name: 'NewProjectReport', path: '/project/:id/report/new', title: 'Nieuwe rapportage', roles: ['dashboard.create'], breadcrumb: crumbs({ text: 'Projecten', href: '/project/overview' }, { text: 'Project', href: '/project/:id' }, { text: 'Nieuwe rapportage' }) }),
  // 2.10 healthcare reviews
  r({ name: 'ZknRatings', path: '/ZorgkaartNederland/ratings', title: 'Zorgkaart Nederland', roles: ['zkn.view'] }),
  r({ name: 'ZknRating', path: '/ZorgkaartNederland/ratings/:id', title: 'Beoordelingen', roles: ['zkn.view'] }),
  r({ name: 'ZknCompanies', path: '/ZorgkaartNederland/companies', title: 'Zorgaanbieders', roles: ['zkn.view'] }),
  // 2.11 admin
  r({ name: 'AdminOverview', path: '/admin/overview', title: 'Admin panel', roles: ['admin.view'] }),
  r({ name: 'AdminLooseEnds', path: '/admin/loose-ends', title: 'Losse eindjes', roles: ['admin.view'], allRoles: ['admin.view', 'admin.edit', 'admin.delete'] }),
  r({ name: 'AdminNewReports', path: '/admin/new-reports', title: 'Rapportages van afgelopen 2 weken', roles: ['admin.view'] }),
  r({ name: 'AdminFiles', path: '/admin/files', title: 'Bestanden', roles: ['admin.view'] }),
  // The audit trail: admins, and Beheerders (user.edit) for their own organisation.
  r({ name: 'AdminAudit', path: '/admin/audit', title: 'Audittrail', roles: ['admin.view', 'user.edit'] }),
];

export const routeByName = new Map(ROUTES.map((route) => [route.name, route]));

function compile(path: string) {
  const keys: string[] = [];
  const source = path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? (keys.push(seg.slice(1)), '([^/]+)') : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { regex: new RegExp(`^${source || '/'}$`), keys, statics: path.split('/').filter((s) => s && !s.startsWith(':')).length };
}
const compiled = ROUTES.map((route) => ({ route, ...compile(route.path) }));

export interface RouteMatch {
  route: RouteDef;
  params: Params;
}

/** Finds the route for a path relative to /portal; static segments win over parameters. */
export function matchRoute(path: string): RouteMatch | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  let best: (RouteMatch & { statics: number }) | null = null;
  for (const c of compiled) {
    const m = c.regex.exec(clean);
    if (!m) continue;
    if (best && best.statics >= c.statics) continue;
    const params: Params = {};
    c.keys.forEach((k, i) => (params[k] = decodeURIComponent(m[i + 1]!)));
    best = { route: c.route, params, statics: c.statics };
  }
  return best && { route: best.route, params: best.params };
}

/** Builds the path (relative to /portal) of a named route. */
export function pathFor(name: string, params: Params = {}): string {
  const route = routeByName.get(name);
  if (!route) throw new Error(`unknown route ${name}`);
  return route.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));
}

export function breadcrumbsFor(match: RouteMatch): Crumb[] {
  const b = match.route.breadcrumb;
  if (!b) return [home, { text: match.route.title }];
  return typeof b === 'function' ? b(match.params) : [...b];
}
