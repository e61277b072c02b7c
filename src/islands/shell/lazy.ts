import type { IslandKind, ShellProps } from './types';

/** The server's props for the shell islands (a JSON script, not executed). */
export function readShellProps(): ShellProps {
  const raw = document.getElementById('shell-props')?.textContent;
  const fallback: ShellProps = { user: null, path: location.pathname.replace(/^\/portal/, '') || '/', routeName: null, outside: true, canPickProject: false };
  return raw ? { ...fallback, ...(JSON.parse(raw) as Partial<ShellProps>) } : fallback;
}

/** Opens a React island, importing React and the island only now (keeps pages light). */
export async function openLazyIsland(kind: IslandKind, onClosed?: () => void): Promise<void> {
  const { openIsland } = await import('./mount');
  openIsland(kind, readShellProps(), onClosed);
}

/** Buttons with data-island="help|faq" open their island on click. */
export function wireLazyIslands(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('[data-island]');
    if (!button) return;
    event.preventDefault();
    button.setAttribute('aria-busy', 'true');
    void openLazyIsland(button.dataset.island as IslandKind).finally(() => button.removeAttribute('aria-busy'));
  });
}
