import { createRoot, type Root } from 'react-dom/client';
import { lazy, Suspense, useCallback } from 'react';
import type { IslandKind, ShellProps } from './types';

const HelpPopover = lazy(() => import('./HelpPopover'));
const FaqDialog = lazy(() => import('./FaqDialog'));
const RatingDialog = lazy(() => import('./RatingDialog'));

let root: Root | null = null;

function Active({ kind, props, onClosed }: { kind: IslandKind; props: ShellProps; onClosed?: () => void }) {
  const close = useCallback(() => {
    root?.render(null);
    onClosed?.();
  }, [onClosed]);
  const faq = useCallback(() => openIsland('faq', props), [props]);
  return (
    <Suspense fallback={null}>
      {kind === 'help' && <HelpPopover props={props} onClose={close} onFaq={faq} />}
      {kind === 'faq' && <FaqDialog path={props.path} onClose={close} />}
      {kind === 'rating' && <RatingDialog onClose={close} />}
    </Suspense>
  );
}

/** Renders one shell dialog at a time into its own root; loaded on first use only (JS budget). */
export function openIsland(kind: IslandKind, props: ShellProps, onClosed?: () => void): void {
  if (!root) {
    const host = document.createElement('div');
    host.id = 'shell-islands';
    document.body.appendChild(host);
    root = createRoot(host);
  }
  root.render(<Active key={`${kind}-${Date.now()}`} kind={kind} props={props} onClosed={onClosed} />);
}
