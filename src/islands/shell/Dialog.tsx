import { useEffect, useRef, type ReactNode } from 'react';
import { shellTexts } from '../../shared/i18n/shell';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra classes for size (each dialog has its own spec dimensions). */
  className?: string;
  /** Hide the close button (the rating dialog closes through its own buttons). */
  hideClose?: boolean;
}

/** A native modal <dialog>: focus trapping, Escape and the top layer come from the browser. */
export function Dialog({ title, onClose, children, className = '', hideClose }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    const close = () => onClose();
    dialog.addEventListener('close', close);
    return () => dialog.removeEventListener('close', close);
  }, [onClose]);
  const titleId = `dialog-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <dialog ref={ref} aria-labelledby={titleId} className={`m-auto p-0 rounded-lg shadow-xl backdrop:bg-black/40 bg-white text-gray-900 ${className}`}>
      <div className="flex h-full max-h-[inherit] flex-col">
        <div className="flex items-center justify-between gap-4 border-b border-gray-200 px-5 py-3">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {!hideClose && (
            <button type="button" onClick={() => ref.current?.close()} className="rounded px-2 py-1 hover:bg-gray-100" aria-label={shellTexts.close}>
              ✕
            </button>
          )}
        </div>
        {/* Focusable so that keyboard users can scroll long content (axe: scrollable-region-focusable). */}
        <div className="flex-1 overflow-y-auto px-5 py-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand" tabIndex={0}>
          {children}
        </div>
      </div>
    </dialog>
  );
}
