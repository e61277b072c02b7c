import { useEffect, useState } from 'react';

export interface MapTip {
  text: string;
  x: number;
  y: number;
}

/**
 * Hover and keyboard focus on the areas of a server-drawn map (no geo code in the browser): each
 * area's <path> gets tabindex 0; pointing at it or focusing it shows its <title> text (name,
 * value, n, margin) in a tip beside it, and marks it with a thicker outline.
 */
export function useMapHover(host: React.RefObject<HTMLElement | null>, active: boolean, svg: string): MapTip | null {
  const [tip, setTip] = useState<MapTip | null>(null);
  useEffect(() => {
    const el = host.current;
    if (!active || !el) return;
    const paths = [...el.querySelectorAll<SVGPathElement>('path[data-area]')];
    for (const p of paths) {
      p.setAttribute('tabindex', '0');
      p.setAttribute('aria-label', p.querySelector('title')?.textContent ?? '');
    }
    const show = (e: Event) => {
      const p = (e.target as Element).closest?.('path[data-area]') as SVGPathElement | null;
      if (!p) return;
      const box = p.getBoundingClientRect();
      const frame = el.getBoundingClientRect();
      for (const q of paths) q.classList.toggle('impulz-map-active', q === p);
      setTip({ text: p.querySelector('title')?.textContent ?? '', x: box.left - frame.left + box.width / 2, y: box.top - frame.top });
    };
    const hide = () => {
      for (const q of paths) q.classList.remove('impulz-map-active');
      setTip(null);
    };
    el.addEventListener('pointerover', show);
    el.addEventListener('focusin', show);
    el.addEventListener('pointerleave', hide);
    el.addEventListener('focusout', hide);
    return () => {
      el.removeEventListener('pointerover', show);
      el.removeEventListener('focusin', show);
      el.removeEventListener('pointerleave', hide);
      el.removeEventListener('focusout', hide);
    };
  }, [host, active, svg]);
  return tip;
}
