import { reportViewNl } from '../../shared/i18n/report-view';
import { $benchmarkMenuPinned, isBenchmarkMenuPinned } from '../../shared/stores/ui';

const t = reportViewNl.rail;

/**
 * Behaviour of the benchmark side menu (BenchmarkAside.astro): the user's pin choice (default:
 * pinned on screens ≥ 1920 px) sets data-pinned, which the CSS turns into a wide menu or a rail;
 * on phones the floating button opens the menu as a drawer (Escape, backdrop or ✕ closes it).
 */
export function wireBenchmarkMenu(): void {
  const menu = document.querySelector<HTMLElement>('[data-benchmark-menu]');
  const pin = menu?.querySelector<HTMLButtonElement>('[data-benchmark-pin]');
  const open = menu?.querySelector<HTMLButtonElement>('[data-benchmark-open]');
  const close = menu?.querySelector<HTMLButtonElement>('[data-benchmark-close]');
  if (!menu || !pin || !open || !close) return;

  const pinnedNow = () => isBenchmarkMenuPinned($benchmarkMenuPinned.get(), window.innerWidth);
  const render = () => {
    const pinned = pinnedNow();
    menu.dataset.pinned = pinned ? '1' : '0';
    pin.setAttribute('aria-pressed', String(pinned));
    pin.setAttribute('aria-label', pinned ? t.unpin : t.pin);
    pin.title = pinned ? t.unpin : t.pin;
    pin.querySelector('[data-pin-label]')!.textContent = pinned ? t.unpinShort : t.pinShort;
  };
  pin.addEventListener('click', () => $benchmarkMenuPinned.set(!pinnedNow()));
  $benchmarkMenuPinned.listen(render);
  // Without a choice of the user the default follows the screen size.
  window.matchMedia('(min-width: 1920px)').addEventListener('change', render);
  render();

  const setOpen = (value: boolean) => {
    menu.toggleAttribute('data-open', value);
    open.setAttribute('aria-expanded', String(value));
    (value ? close : open).focus();
  };
  open.addEventListener('click', () => setOpen(true));
  close.addEventListener('click', () => setOpen(false));
  menu.querySelector('[data-benchmark-backdrop]')?.addEventListener('click', () => setOpen(false));
  menu.addEventListener('keydown', (e) => {
    if (!menu.hasAttribute('data-open')) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
    } else if (e.key === 'Tab') keepFocusInside(menu.querySelector<HTMLElement>('[data-benchmark-panel]')!, e);
  });
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The open drawer is modal: Tab and Shift+Tab wrap around inside it instead of reaching the page behind. */
function keepFocusInside(panel: HTMLElement, e: KeyboardEvent): void {
  const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
