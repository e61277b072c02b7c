import { useEffect, useRef } from 'react';
import { themesNl } from '../../shared/i18n/themes';
import { BASE_PATH } from '../../shared/urls';
import { previewVariables, type EffectiveTheme } from '../../shared/theme';

const t = themesNl.editor;

/**
 * A miniature of the shell in the theme: header (gradient over the image, text by luminance), a card
 * with a button and a link. The variables are set through the CSSOM (the CSP allows no inline style).
 */
export function ThemePreview({ theme }: { theme: EffectiveTheme }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    for (const [name, value] of Object.entries(previewVariables(theme, BASE_PATH))) el.style.setProperty(name, value);
  }, [theme]);
  return (
    <figure className="m-0 flex flex-col gap-1">
      <figcaption className="text-sm font-medium">{t.preview}</figcaption>
      <div ref={ref} data-theme-dark={theme.isDark ? '' : undefined} data-testid="theme-preview" className="overflow-hidden rounded border border-gray-300 bg-gray-50 text-gray-900">
        <div className="impulz-header flex h-12 items-center gap-3 px-3">
          <span className="text-lg font-bold">ImpulZ</span>
          <span className="text-sm">{t.previewTitle}</span>
        </div>
        <div className="p-3">
          <div className="flex flex-col gap-2 rounded bg-white p-3 shadow">
            <p className="text-sm text-gray-700">{t.previewText}</p>
            <div className="flex items-center gap-3">
              <span className="rounded bg-brand px-3 py-1 text-sm text-white">{t.previewButton}</span>
              <span className="text-sm text-brand underline">{t.previewLink}</span>
            </div>
          </div>
        </div>
      </div>
    </figure>
  );
}
