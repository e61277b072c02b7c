import { AXIS_MAX_LIMIT, CHART_OPTION_VALUES, type ChartOptionKey } from '../../shared/validation/reports-parts';
import { useId } from 'react';
import { chartEditorNl } from '../../shared/i18n/chart-editor';

const t = chartEditorNl.options;
export const OPTION_KEYS = Object.keys(CHART_OPTION_VALUES) as ChartOptionKey[];
/** Options shown elsewhere in the form: 'Kleuren omkeren' sits with the colour schemes it turns round. */
const ELSEWHERE = new Set<ChartOptionKey>(['reverseColors']);
/** The number options with their allowed range (the API checks the same with zod); `step` any = decimals allowed. */
export const NUMBERS: Partial<Record<ChartOptionKey, { min: number; max: number; step?: 'any'; hint?: string }>> = {
  decimals: { min: 0, max: 3 },
  max: { min: 0, max: AXIS_MAX_LIMIT, step: 'any', hint: t.maxHint },
  maxCategories: { min: 1, max: 50 },
};
/** Switches that are on until switched off (the chart model reads them as `!== false`). */
export const DEFAULT_ON = new Set<ChartOptionKey>(['showLegend', 'showValues']);
/** Whether a switch shows as on: as the chart model reads the stored value. */
export const switchOn = (key: ChartOptionKey, value: unknown) => (DEFAULT_ON.has(key) ? value !== false : value === true);

interface Props {
  options: Record<string, unknown>;
  onChange: (key: ChartOptionKey, value: unknown) => void;
  errors: Partial<Record<string, string>>;
}

/** Chart options (chart/{id}/chartOption): switches and small numbers; written on save. */
export default function ChartOptionsPanel({ options, onChange, errors }: Props) {
  const uid = useId();
  return (
    <fieldset className="flex flex-col gap-2 text-sm">
      <legend className="mb-1 font-medium">{t.heading}</legend>
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        {OPTION_KEYS.filter((key) => !ELSEWHERE.has(key)).map((key) => {
          const range = NUMBERS[key];
          const error = errors[key];
          if (range) {
            const v = options[key];
            const described = [range.hint && `${uid}-${key}-hint`, error && `${uid}-${key}-error`].filter(Boolean).join(' ');
            // The hint and the error sit outside the label (described by them), so the field's name stays its label.
            return (
              <div key={key} className="flex flex-col gap-1">
                <label className="flex flex-col gap-1">
                  {t[key]}
                  <input
                    type="number"
                    className="w-28 rounded border px-2 py-1"
                    min={range.min}
                    max={range.max}
                    step={range.step}
                    inputMode={range.step ? 'decimal' : 'numeric'}
                    value={typeof v === 'number' ? v : ''}
                    aria-invalid={!!error}
                    aria-describedby={described || undefined}
                    onChange={(e) => onChange(key, e.target.value === '' ? undefined : Number(e.target.value))}
                  />
                </label>
                {range.hint && <span id={`${uid}-${key}-hint`} className="text-xs text-gray-600">{range.hint}</span>}
                {error && <span id={`${uid}-${key}-error`} className="text-red-700">{error}</span>}
              </div>
            );
          }
          return (
            <label key={key} className="flex items-center gap-2">
              <input type="checkbox" checked={switchOn(key, options[key])} onChange={(e) => onChange(key, e.target.checked)} />
              {t[key]}
              {error && <span className="text-red-700">{error}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
