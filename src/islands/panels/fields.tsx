import type { FieldErrors } from '../report-editor/fields';

const inputClass = 'rounded border border-gray-400 bg-white px-2 py-1';

/** A labelled multi-line text input with the API's field error under it (same look as TextField). */
export function TextArea({ name, label, errors, value, onChange, rows = 3 }: { name: string; label: string; errors: FieldErrors; value: string; onChange: (v: string) => void; rows?: number }) {
  const invalid = !!errors[name];
  return (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <textarea name={name} rows={rows} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid} aria-describedby={invalid ? `${name}-error` : undefined} />
      {invalid && <span id={`${name}-error`} className="text-red-700">{errors[name]![0]}</span>}
    </label>
  );
}
