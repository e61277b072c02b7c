import { useId } from 'react';
import { panelsNl } from '../../shared/i18n/panels';
import { fieldKind, type AnswerField, type AnswerValue } from '../../shared/validation/panels';
import { sentencesNl } from '../../shared/i18n/count';

const t = panelsNl.profile;
const inputClass = 'rounded border border-gray-400 bg-white px-3 py-2';

export type FormField = AnswerField & { description?: string };

/** The form's inputs → PUT user/{id}/answer's `data` (choices as option ids, the rest as typed). */
export function readAnswers(form: FormData, fields: FormField[]): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const f of fields) {
    const name = `data.${f.id}`;
    data[f.id] = fieldKind(f.type_id) === 'multi' ? form.getAll(name).map(Number) : (form.get(name) ?? '');
  }
  return data;
}

function Error({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? <p id={id} className="text-sm text-red-700">{sentencesNl(errors)}</p> : null;
}

/**
 * One input per background field, by type: text, text area, number (with its range), date,
 * postcode, a select or radio buttons (one choice), check boxes (several). Uncontrolled (the
 * form reads them with readAnswers); errors come keyed `data.<fieldId>` as the API sends them.
 */
export function AnswerFields({ fields, values = {}, errors = {} }: { fields: FormField[]; values?: Record<string, AnswerValue>; errors?: Record<string, string[]> }) {
  const base = useId();
  return (
    <>
      {fields.map((f) => {
        const id = `${base}-${f.id}`;
        const name = `data.${f.id}`;
        const errorId = `${id}-error`;
        const helpId = `${id}-help`;
        const fieldErrors = errors[name];
        const invalid = !!fieldErrors?.length;
        const describedBy = [f.description ? helpId : '', invalid ? errorId : ''].filter(Boolean).join(' ') || undefined;
        const value = values[f.id];
        const label = `${f.name}${f.required ? ' *' : ''}`;
        const kind = fieldKind(f.type_id);
        const help = f.description ? <p id={helpId} className="text-sm text-gray-600">{f.description}</p> : null;
        if (kind === 'single' && f.type_id === 6) {
          return (
            <fieldset key={f.id} className="flex flex-col gap-1" aria-describedby={describedBy} aria-invalid={invalid} data-field={f.id}>
              <legend className="text-sm font-medium">{label}</legend>
              {help}
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {f.options.map((o) => (
                  <label key={o.id} className="flex items-center gap-2 text-sm">
                    <input type="radio" name={name} value={o.id} defaultChecked={value === o.id} required={f.required} />
                    {o.label}
                  </label>
                ))}
              </div>
              <Error id={errorId} errors={fieldErrors} />
            </fieldset>
          );
        }
        if (kind === 'multi') {
          const chosen = Array.isArray(value) ? value : [];
          return (
            <fieldset key={f.id} className="flex flex-col gap-1" aria-describedby={describedBy} aria-invalid={invalid} data-field={f.id}>
              <legend className="text-sm font-medium">{label}</legend>
              {help}
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {f.options.map((o) => (
                  <label key={o.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name={name} value={o.id} defaultChecked={chosen.includes(o.id)} />
                    {o.label}
                  </label>
                ))}
              </div>
              <Error id={errorId} errors={fieldErrors} />
            </fieldset>
          );
        }
        const common = { id, name, 'aria-invalid': invalid, 'aria-describedby': describedBy, required: f.required, className: inputClass };
        let input;
        if (kind === 'single') {
          input = (
            <select {...common} defaultValue={value === undefined ? '' : String(value)}>
              <option value="">{t.choose}</option>
              {f.options.map((o) => (
                <option key={o.id} value={o.id}>{o.label}</option>
              ))}
            </select>
          );
        } else if (kind === 'textarea') {
          input = <textarea {...common} rows={3} maxLength={2000} defaultValue={value === undefined ? '' : String(value)} />;
        } else {
          const type = kind === 'number' ? 'number' : kind === 'date' ? 'date' : 'text';
          input = (
            <input
              {...common}
              type={type}
              step={kind === 'number' ? 'any' : undefined}
              min={kind === 'number' ? (f.min ?? undefined) : undefined}
              max={kind === 'number' ? (f.max ?? undefined) : undefined}
              autoComplete={kind === 'postcode' ? 'postal-code' : undefined}
              maxLength={kind === 'text' ? 191 : undefined}
              defaultValue={value === undefined ? '' : String(value)}
            />
          );
        }
        return (
          <div key={f.id} className="flex flex-col gap-1" data-field={f.id}>
            <label htmlFor={id} className="text-sm font-medium">{label}</label>
            {help}
            {input}
            <Error id={errorId} errors={fieldErrors} />
          </div>
        );
      })}
    </>
  );
}
