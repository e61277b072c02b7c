import type { ReactNode } from 'react';
import type { z } from 'zod';

export type FieldErrors = Record<string, string[]>;

/** zod issues → { field: [messages] } (the same shape the API's 422 carries). */
export function issuesToErrors(error: z.ZodError): FieldErrors {
  const found: FieldErrors = {};
  for (const issue of error.issues) (found[String(issue.path[0] ?? '_')] ??= []).push(issue.message);
  return found;
}

// min-w-0: a select is otherwise as wide as its longest option and can overflow a phone.
const inputClass = 'min-w-0 max-w-full rounded border border-gray-400 bg-white px-2 py-1';

interface FieldProps {
  name: string;
  label: string;
  errors: FieldErrors;
  children?: ReactNode;
}

function ErrorText({ name, errors }: { name: string; errors: FieldErrors }) {
  const message = errors[name]?.[0];
  return message ? <span id={`${name}-error`} className="text-red-700">{message}</span> : null;
}

export function TextField({ name, label, errors, value, onChange, type = 'text', inputMode }: FieldProps & { value: string; onChange: (v: string) => void; type?: string; inputMode?: 'numeric' }) {
  const invalid = !!errors[name];
  return (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <input name={name} type={type} inputMode={inputMode} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid} aria-describedby={invalid ? `${name}-error` : undefined} />
      <ErrorText name={name} errors={errors} />
    </label>
  );
}

export function SelectField({ name, label, errors, value, onChange, children, disabled }: FieldProps & { value: string; onChange: (v: string) => void; disabled?: boolean }) {
  const invalid = !!errors[name];
  return (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <select name={name} className={inputClass} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid} aria-describedby={invalid ? `${name}-error` : undefined}>
        {children}
      </select>
      <ErrorText name={name} errors={errors} />
    </label>
  );
}

export function CheckField({ name, label, checked, onChange }: { name: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input name={name} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

export const buttonClass = 'rounded bg-brand px-4 py-2 text-sm text-white hover:bg-brand-dark disabled:opacity-50';
export const secondaryButtonClass = 'rounded border border-brand px-3 py-1 text-sm text-brand hover:bg-brand-light disabled:opacity-50';
export const dangerButtonClass = 'rounded border border-red-700 px-3 py-1 text-sm text-red-700 hover:bg-red-50 disabled:opacity-50';
