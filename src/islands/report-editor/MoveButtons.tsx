import { reportEditorNl } from '../../shared/i18n/report-editor';

const t = reportEditorNl.sections;

/**
 * 'Omhoog'/'Omlaag': the plain alternative to dragging. At the ends the button stays focusable
 * (aria-disabled) so keyboard focus is not lost after the last possible move.
 */
export function MoveButtons({ index, count, title, onMove }: { index: number; count: number; title: string; onMove: (from: number, to: number) => void }) {
  const cls = 'rounded border border-gray-400 px-2 py-1 text-xs hover:bg-gray-100 aria-disabled:opacity-40';
  return (
    <span className="inline-flex gap-1">
      <button type="button" className={cls} aria-disabled={index === 0} aria-label={`${t.up}: ${title}`} onClick={() => index > 0 && onMove(index, index - 1)}>
        {t.up}
      </button>
      <button type="button" className={cls} aria-disabled={index === count - 1} aria-label={`${t.down}: ${title}`} onClick={() => index < count - 1 && onMove(index, index + 1)}>
        {t.down}
      </button>
    </span>
  );
}
