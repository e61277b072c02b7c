import { setLoginFlag, watchLoginFlag, request } from '../../shared/api-client';
import { shellTexts } from '../../shared/i18n/shell';
import { $alerts, dismissAllAlerts, persistAlertsAcrossPages, startAlertTimer } from '../../shared/stores/alerts';
import { renderAlerts } from './alerts-view';
import { $pageLoading, $pending, $subLoadingPercent } from '../../shared/stores/loaders';
import { $drawer, $mini } from '../../shared/stores/ui';
import { openLazyIsland } from './lazy';

/**
 * The app shell's behaviour without a framework (the front page must stay under 40 kB of JS):
 * drawer and rail, user menu, dialogs, alerts, loaders, login flag, rating dialog, export button.
 */
const html = document.documentElement;
const isDesktop = () => window.matchMedia('(min-width: 1280px)').matches;

function wireDrawer(): void {
  const nav = document.querySelector<HTMLElement>('[data-side-nav]');
  if (!nav) return;
  const toggle = document.querySelector<HTMLButtonElement>('[data-drawer-toggle]');
  const miniToggle = nav.querySelector<HTMLButtonElement>('[data-mini-toggle]');
  // The overlay drawer (below lg) always starts closed; the rail choice persists.
  let open = false;
  const render = () => {
    html.toggleAttribute('data-drawer-open', open);
    html.toggleAttribute('data-mini', $mini.get());
    toggle?.setAttribute('aria-expanded', String(isDesktop() ? !$mini.get() : open));
    miniToggle?.setAttribute('aria-pressed', String($mini.get()));
    if (miniToggle) miniToggle.title = $mini.get() ? shellTexts.expandDrawer : shellTexts.collapseDrawer;
  };
  toggle?.addEventListener('click', () => {
    if (isDesktop()) $mini.set(!$mini.get());
    else {
      open = !open;
      $drawer.set(open);
    }
    render();
    if (open && !isDesktop()) nav.querySelector<HTMLElement>('a, button')?.focus();
  });
  miniToggle?.addEventListener('click', () => {
    $mini.set(!$mini.get());
    render();
  });
  const close = () => {
    if (!open) return;
    open = false;
    render();
    toggle?.focus();
  };
  document.querySelector('[data-drawer-backdrop]')?.addEventListener('click', close);
  document.addEventListener('keydown', (e) => e.key === 'Escape' && !isDesktop() && close());
  render();
}

function wireUserMenu(): void {
  const menu = document.querySelector<HTMLDetailsElement>('[data-user-menu]');
  if (!menu) return;
  document.addEventListener('click', (e) => menu.open && !menu.contains(e.target as Node) && (menu.open = false));
  menu.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !menu.open) return;
    menu.open = false;
    menu.querySelector('summary')?.focus();
  });
  menu.querySelector('[data-logout]')?.addEventListener('click', async () => {
    try {
      await request('POST', '/auth/logout');
    } catch {
      // Logout always clears the login status, even when the call fails (spec 000 §4).
    } finally {
      setLoginFlag(false);
      window.location.assign('/portal/login');
    }
  });
}

function wireDialogs(): void {
  document.addEventListener('click', (e) => {
    const opener = (e.target as Element | null)?.closest<HTMLElement>('[data-open-dialog]');
    const dialog = opener && document.getElementById(opener.dataset.openDialog!);
    if (dialog instanceof HTMLDialogElement) {
      document.querySelector<HTMLDetailsElement>('[data-user-menu]')?.removeAttribute('open');
      dialog.showModal();
    }
  });
}

function wireLoaders(): void {
  const page = document.getElementById('page-loader');
  const sub = document.getElementById('sub-loader');
  $pageLoading.subscribe((loading) => page?.toggleAttribute('hidden', !loading));
  $subLoadingPercent.subscribe((percent) => {
    if (!sub) return;
    sub.toggleAttribute('hidden', percent === null);
    sub.textContent = percent === null ? '' : shellTexts.subLoading(percent);
  });
  // A page change that takes a moment shows the page loader (MPA: the next page replaces it).
  document.addEventListener('click', (e) => {
    const link = (e.target as Element | null)?.closest<HTMLAnchorElement>('a[href]');
    // A download (the PDF export's blob link) or a non-http link never leaves the page: no loader.
    if (!link || e.defaultPrevented || e.metaKey || e.ctrlKey || e.shiftKey || link.target || link.hasAttribute('download') || !/^https?:$/.test(link.protocol)) return;
    if (link.origin !== location.origin || link.hash) return;
    const timer = setTimeout(() => $pageLoading.set(true), 400);
    // A link whose answer is a file (Content-Disposition) never unloads the page either: a page
    // still here after 15 s lifts the loader again, so it never blocks clicks for good.
    setTimeout(() => {
      clearTimeout(timer);
      $pageLoading.set(false);
    }, 15_000);
  });
  window.addEventListener('pageshow', () => $pageLoading.set(false));
}

/** The rating dialog waits until nothing is loading; closing it keeps it away for this session. */
function maybeAskRating(): void {
  if (document.querySelector<HTMLElement>('[data-shell]')?.dataset.requestFeedback !== '1' || sessionStorage.getItem('impulz.ratingClosed')) return;
  const tryOpen = () => {
    if ($pending.get() > 0 || $pageLoading.get()) return void setTimeout(tryOpen, 500);
    void openLazyIsland('rating', () => sessionStorage.setItem('impulz.ratingClosed', '1'));
  };
  setTimeout(tryOpen, 1000);
}

/** Export button of ViewReportIndex: disabled and loading while the report island exports. */
function wireExport(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-export-report]');
  if (!button) return;
  button.addEventListener('click', () => {
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    document.dispatchEvent(new CustomEvent('impulz:export', { detail: { reportId: Number(button.dataset.exportReport) } }));
  });
  document.addEventListener('impulz:export-done', () => {
    button.disabled = false;
    button.removeAttribute('aria-busy');
  });
}

export function startShell(): void {
  // Login status changes reset state (spec 000 §4): alerts of a previous session are dropped.
  const freshLogin = (() => {
    try {
      return localStorage.getItem('loggedIn') !== '1';
    } catch {
      return false;
    }
  })();
  setLoginFlag(true);
  watchLoginFlag();
  persistAlertsAcrossPages();
  if (freshLogin) dismissAllAlerts();
  $alerts.subscribe(renderAlerts);
  startAlertTimer();
  wireDrawer();
  wireUserMenu();
  wireDialogs();
  wireLoaders();
  wireExport();
  maybeAskRating();
}
