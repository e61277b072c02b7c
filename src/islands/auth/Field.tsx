import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { sentencesNl } from '../../shared/i18n/count';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  errors?: string[] | undefined;
  trailing?: ReactNode;
}

/** A labelled input with its Dutch error messages linked for screen readers. */
export function Field({ label, name, errors, trailing, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = !!errors?.length;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center rounded border border-gray-500 has-[input:focus]:border-brand has-[input:focus]:outline-2 has-[input:focus]:outline-offset-1 has-[input:focus]:outline-brand bg-white">
        <input
          id={id}
          name={name}
          className="min-w-0 w-full flex-1 px-3 py-2 rounded outline-none bg-transparent"
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          {...input}
        />
        {trailing}
      </div>
      {invalid && (
        <p id={errorId} className="text-sm text-red-700">
          {sentencesNl(errors)}
        </p>
      )}
    </div>
  );
}
