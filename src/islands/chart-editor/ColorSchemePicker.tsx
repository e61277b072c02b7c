import { useId } from 'react';
import { COLOR_SCHEMES } from '../../shared/lookups';
import { chartEditorNl } from '../../shared/i18n/chart-editor';

interface Props {
  value: number | null;
  onChange: (id: number | null) => void;
  name: string;
  /** 'Kleuren omkeren' (chart option reverseColors): the swatches show the order the chart will use. */
  reversed: boolean;
  onReversedChange: (on: boolean) => void;
}

/** Colour schemes as radio buttons with their swatches (keyboard: arrows move within the group), and 'Kleuren omkeren'. */
export default function ColorSchemePicker({ value, onChange, name, reversed, onReversedChange }: Props) {
  const uid = useId();
  return (
    <fieldset className="flex flex-col gap-1 text-sm">
      <legend className="mb-1 font-medium">{chartEditorNl.fields.colorScheme}</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {COLOR_SCHEMES.map((s) => {
          const colors = reversed ? [...s.colors].reverse() : s.colors;
          return (
            <label key={s.id} className="flex cursor-pointer items-center gap-2 rounded border px-2 py-1 has-[:checked]:border-brand has-[:checked]:bg-brand-light">
              <input type="radio" name={name} value={s.id} checked={value === s.id} onChange={() => onChange(s.id)} />
              {/* SVG fills, not style attributes: the page's CSP blocks inline styles in the server HTML. */}
              <svg className="shrink-0 rounded-sm" width={colors.length * 12} height={16} aria-hidden="true" focusable="false" data-swatches={s.id}>
                {colors.map((c, i) => (
                  <rect key={`${c}-${i}`} x={i * 12} y={0} width={12} height={16} fill={c} />
                ))}
              </svg>
              <span>{s.name}</span>
            </label>
          );
        })}
      </div>
      <label className="mt-1 flex items-center gap-2">
        <input type="checkbox" checked={reversed} aria-describedby={`${uid}-reverse-hint`} onChange={(e) => onReversedChange(e.target.checked)} />
        {chartEditorNl.options.reverseColors}
      </label>
      <span id={`${uid}-reverse-hint`} className="text-xs text-gray-600">{chartEditorNl.options.reverseColorsHint}</span>
    </fieldset>
  );
}
