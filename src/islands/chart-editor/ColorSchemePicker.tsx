import { COLOR_SCHEMES } from '../../shared/lookups';
import { chartEditorNl } from '../../shared/i18n/chart-editor';

/** Colour schemes as radio buttons with their swatches (keyboard: arrows move within the group). */
export default function ColorSchemePicker({ value, onChange, name }: { value: number | null; onChange: (id: number | null) => void; name: string }) {
  return (
    <fieldset className="flex flex-col gap-1 text-sm">
      <legend className="mb-1 font-medium">{chartEditorNl.fields.colorScheme}</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {COLOR_SCHEMES.map((s) => (
          <label key={s.id} className="flex cursor-pointer items-center gap-2 rounded border px-2 py-1 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50">
            <input type="radio" name={name} value={s.id} checked={value === s.id} onChange={() => onChange(s.id)} />
            {/* SVG fills, not style attributes: the page's CSP blocks inline styles in the server HTML. */}
            <svg className="shrink-0 rounded-sm" width={s.colors.length * 12} height={16} aria-hidden="true" focusable="false" data-swatches={s.id}>
              {s.colors.map((c, i) => (
                <rect key={`${c}-${i}`} x={i * 12} y={0} width={12} height={16} fill={c} />
              ))}
            </svg>
            <span>{s.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
