import { reportEditorNl } from '../../shared/i18n/report-editor';

/**
 * Spec 000 §2.4: "opening edit remembers the scroll position plus 128". Leaving the editor's
 * Algemeen tab stores the scroll position plus 128 per report; opening it again scrolls there
 * once and forgets it, so a plain reload starts at the top. Runs as a bundled script (CSP-hashed).
 */
export function rememberScroll(): void {
  const root = document.querySelector<HTMLElement>('[data-report-editor][data-remember-scroll]');
  if (!root) return;
  const key = `${reportEditorNl.scroll}.${root.dataset.reportEditor}`;
  try {
    const saved = Number(sessionStorage.getItem(key));
    sessionStorage.removeItem(key);
    if (saved > 0) requestAnimationFrame(() => window.scrollTo(0, saved));
    addEventListener('pagehide', () => sessionStorage.setItem(key, String(Math.round(window.scrollY) + 128)));
  } catch {
    // No session storage (private mode): the editor simply opens at the top.
  }
}
