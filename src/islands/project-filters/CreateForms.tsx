import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { projectFiltersNl as t } from '../../shared/i18n/project-filters';
import { buttonClass, secondaryButtonClass } from '../report-editor/fields';
import type { FilterScreen } from './types';

// w-full: a select is otherwise as wide as its longest option (question texts) and overflows a phone.
const inputClass = 'w-full min-w-0 rounded border border-gray-400 bg-white px-2 py-1';

interface Props {
  projectId: number;
  survey: FilterScreen['surveys'][number];
  disabled: boolean;
  onCreated: () => Promise<void>;
}

/** A new, empty category, or one generated from a question's answer options or an open question's frequent answers. */
export function CreateForms({ projectId, survey, disabled, onCreated }: Props) {
  const [title, setTitle] = useState('');
  const [column, setColumn] = useState('');
  const [minCount, setMinCount] = useState('10');
  const [genTitle, setGenTitle] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const base = `/api/v2/project/${projectId}/survey/${survey.id}/filterCategory`;
  const generatable = survey.columns.filter((c) => c.kind !== 'numeric');
  const isText = survey.columns.find((c) => c.key === column)?.kind === 'text';
  const prefix = `survey-${survey.id}`;

  async function create(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    try {
      await api('POST', base, { body: { title } });
      setTitle('');
      setErrors({});
      await onCreated();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    }
  }

  async function generate(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    try {
      await api('POST', `${base}/generate`, { body: { column_key: column, min_count: isText ? minCount : 1, ...(genTitle.trim() ? { title: genTitle } : {}) } });
      setColumn('');
      setGenTitle('');
      setErrors({});
      await onCreated();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    }
  }

  const error = (field: string) => (errors[field] ? <span id={`${prefix}-${field}-error`} className="text-sm text-red-700">{errors[field]![0]}</span> : null);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <form method="post" onSubmit={generate} className="flex flex-col gap-2 rounded border border-dashed border-gray-400 p-3" aria-labelledby={`${prefix}-generate`}>
        <h4 id={`${prefix}-generate`} className="font-semibold">{t.generate}</h4>
        <p className="text-xs text-gray-700">{t.generateHelp}</p>
        <label className="flex flex-col gap-1 text-sm">
          {t.generateQuestion}
          <select className={inputClass} value={column} onChange={(e) => setColumn(e.target.value)} aria-invalid={!!errors.column_key} aria-describedby={errors.column_key ? `${prefix}-column_key-error` : undefined}>
            <option value="">{t.chooseQuestion}</option>
            {generatable.map((c) => (
              <option key={c.key} value={c.key}>{c.kind === 'text' ? `${c.label} (${t.openText})` : c.label}</option>
            ))}
          </select>
          {error('column_key')}
        </label>
        {isText && (
          <label className="flex flex-col gap-1 text-sm">
            {t.minCount}
            <input className={inputClass} inputMode="numeric" value={minCount} onChange={(e) => setMinCount(e.target.value)} aria-invalid={!!errors.min_count} aria-describedby={errors.min_count ? `${prefix}-min_count-error` : undefined} />
            {error('min_count')}
          </label>
        )}
        <label className="flex flex-col gap-1 text-sm">
          {t.generateTitle}
          <input className={inputClass} value={genTitle} onChange={(e) => setGenTitle(e.target.value)} maxLength={191} />
        </label>
        <div><button type="submit" className={buttonClass} disabled={disabled || !column}>{t.generateButton}</button></div>
      </form>
      <form method="post" onSubmit={create} className="flex flex-col gap-2 rounded border border-dashed border-gray-400 p-3" aria-labelledby={`${prefix}-new`}>
        <h4 id={`${prefix}-new`} className="font-semibold">{t.newCategory}</h4>
        <label className="flex flex-col gap-1 text-sm">
          {t.categoryTitle}
          <input className={inputClass} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={191} aria-invalid={!!errors.title} aria-describedby={errors.title ? `${prefix}-title-error` : undefined} />
          {error('title')}
        </label>
        <div><button type="submit" className={secondaryButtonClass} disabled={disabled}>{t.create}</button></div>
      </form>
    </div>
  );
}
