/** Dutch texts of the app shell (spec 000 §2.12, §4, §9; spec texts verbatim). */
export const shellTexts = {
  skipToContent: 'Direct naar de inhoud',
  /** Above a table that scrolls sideways while it has more columns out of sight (ScrollRegion). */
  scrollHint: 'Scroll opzij voor meer kolommen',
  /** The name of a table's scroll region, apart from the section around it that bears the title. */
  tableOf: (name: string) => `${name} (tabel)`,
  menu: 'Menu',
  toggleDrawer: 'Navigatiemenu openen of sluiten',
  collapseDrawer: 'Navigatiemenu inklappen',
  expandDrawer: 'Navigatiemenu uitklappen',
  sideNav: 'Hoofdnavigatie',
  breadcrumbs: 'Kruimelpad',
  tabs: 'Onderdelen',
  home: 'Voorpagina',
  help: 'Help',
  faq: 'Veelgestelde vragen',
  userMenu: 'Gebruikersmenu',
  myProfile: 'Mijn profiel',
  myOrganisation: 'Mijn organisatie',
  adminPanel: 'Admin panel',
  auditTrail: 'Audittrail',
  releaseNotes: 'Release notes',
  logout: 'Uitloggen',
  close: 'Sluiten',
  /** The portal's confirmation dialog (islands/shell/confirm.ts). */
  confirm: { title: 'Weet u het zeker?', cancel: 'Annuleren', ok: 'Doorgaan' },
  pageLoading: 'Bezig met laden van pagina...',
  subLoading: (n: number) => `Data aan het laden: ${n}% voltooid`,
  fetching: 'Data ophalen',
  loadingElements: 'Bezig met laden van elementen',
  alerts: 'Meldingen',
  dismiss: 'Melding sluiten',
  dismissAll: 'Alle meldingen sluiten',
  export: 'Exporteren',
  exporting: 'Bezig met exporteren…',
  benchmarkMenu: 'Benchmarks en filters',
  topBar: 'Snelkoppelingen',
  nav: {
    overview: 'Overzicht',
    projects: 'Projecten',
    surveys: 'Onderzoeken',
    reports: 'Rapportages',
    zkn: 'Zorgkaart Nederland',
    organisation: 'Organisatie',
    panels: 'Panels',
    users: 'Gebruikers',
  },
} as const;

export const helpTexts = {
  title: 'Hulp nodig?',
  intro: 'Stel uw vraag of geef ons feedback. De helpdesk reageert binnen twee werkdagen.',
  type: 'Soort vraag',
  types: { question: 'Algemene vraag', project: 'Vraag over een project', feedback: 'Feedback' },
  name: 'Naam',
  email: 'E-mailadres',
  question: 'Uw vraag',
  project: 'Project',
  chooseProject: 'Kies een project',
  toMessages: 'Naar de berichten van dit project',
  send: 'Versturen',
  sending: 'Bezig met versturen…',
  sent: 'Uw vraag is verstuurd naar de helpdesk',
  faqButton: 'Bekijk de veelgestelde vragen',
  ratingThanks: 'Bedankt voor uw beoordeling',
  /** The help button of the pages outside the app (login, password, registration, public report). */
  button: 'Hulp',
  buttonMore: ' en veelgestelde vragen',
  /** The help pages without login (/hulp, /meedoen/hulp): FAQ and a plain HTML form. */
  page: {
    title: 'Hulp en veelgestelde vragen',
    faq: 'Veelgestelde vragen',
    formTitle: 'Stel uw vraag aan de helpdesk',
    formIntro: 'Staat uw antwoord er niet bij? Stuur de helpdesk een bericht. U krijgt antwoord op het e-mailadres dat u hier invult, meestal binnen twee werkdagen.',
    types: { question: 'Vraag', feedback: 'Feedback' },
    sent: 'Uw bericht is verstuurd naar de helpdesk. U krijgt antwoord op het e-mailadres dat u invulde.',
    summary: (n: number) => (n === 1 ? 'Er is 1 veld dat u nog moet aanpassen:' : `Er zijn ${n} velden die u nog moet aanpassen:`),
    contact: 'Liever bellen of mailen?',
    expired: 'Deze pagina was verlopen en uw bericht is niet verstuurd. Verstuur het formulier nog eens.',
    backToLogin: 'Terug naar inloggen',
    backToPassword: 'Terug naar wachtwoord vergeten',
    backToReport: 'Terug naar de rapportage',
    backToFrontpage: 'Naar de voorpagina',
  },
} as const;

export const ratingTexts = {
  title: 'Hoe beoordeelt u ImpulZ?',
  stars: (n: number) => `${String(n).replace('.', ',')} van 5 sterren`,
  rating: 'Beoordeling',
  comment: 'Toelichting (optioneel)',
  consent: 'Ik geef toestemming voor contact ter verheldering',
  later: 'Vraag later opnieuw',
  never: 'Vraag mij niet opnieuw',
  send: 'Versturen',
} as const;

export const notFoundTexts = {
  title: '404 - Pagina kon niet gevonden worden',
  oops: 'Oeps, de pagina kon niet gevonden worden.',
  back: 'Klik hier om terug te keren naar de voorpagina.',
} as const;

/** The page a logged-in user sees on a screen their roles don't open (status 403). */
export const forbiddenTexts = {
  title: 'Geen toegang',
  body: 'U heeft geen toegang tot deze pagina.',
  why: 'Uw account heeft niet de rechten die deze pagina vraagt. Denkt u dat u hier wel moet kunnen komen? Vraag dan een beheerder van uw organisatie om toegang.',
  back: 'Terug naar de voorpagina',
} as const;

export const failedDependencyTexts = {
  title: 'Dienst tijdelijk niet beschikbaar',
  body: 'Een onderdeel dat deze pagina nodig heeft, reageert op dit moment niet. Probeer het over enkele minuten opnieuw.',
  back: 'Terug naar de voorpagina',
} as const;
