import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import './scroll-region.css';
import { shellTexts } from '../../shared/i18n/shell';

interface Props {
  /** The region's name for screen readers and the landmark list (unique on the page). */
  label: string;
  /** Shown above the region while it has more to scroll to; 'Scroll opzij voor meer kolommen' unless given. */
  hint?: string;
  children: ReactNode;
  className?: string;
  /** Classes of the scrolling box itself, e.g. a card's background and shadow that scroll with the table. */
  frameClassName?: string;
}

/**
 * A table (or anything wide) that may scroll sideways: a named region that takes keyboard focus
 * (arrow keys scroll it; axe's scrollable-region-focusable), a shadow on the side with more to see
 * and a hint while anything is out of sight. Plain classes, no style attributes (CSP).
 */
export function ScrollRegion({ label, hint = shellTexts.scrollHint, children, className = '', frameClassName = '' }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [edges, setEdges] = useState({ left: false, right: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);
  const more = edges.left || edges.right;
  return (
    <div className={className}>
      {more && (
        <p id={hintId} className="mb-1 text-xs text-gray-700" data-scroll-hint>
          {hint} <span aria-hidden="true">{edges.right ? '→' : '←'}</span>
        </p>
      )}
      <div className="scroll-region-frame" data-more-left={edges.left || undefined} data-more-right={edges.right || undefined}>
        <div
          ref={ref}
          role="region"
          aria-label={label}
          aria-describedby={more ? hintId : undefined}
          tabIndex={0}
          className={`relative overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${frameClassName}`}
        >
          {children}
        </div>
      </div>
    </div>
  );
}
