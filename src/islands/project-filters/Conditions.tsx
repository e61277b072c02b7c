import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { projectFiltersNl as t } from '../../shared/i18n/project-filters';
import { COMPARATORS } from '../../shared/validation/filters';
import { dangerButtonClass, secondaryButtonClass } from '../report-editor/fields';
import type { FilterScreen, Option } from './types';

const LIST = new Set(['in', 'notIn']);
// w-full: a select is otherwise as wide as its longest option (question texts) and overflows a phone.
const inputClass = 'w-full min-w-0 rounded border border-gray-400 bg-white px-2 py-1';

interface Props {
  option: Option;
  categoryId: number;
  survey: FilterScreen['surveys'][number];
  editable: boolean;
  onRefresh: () => Promise<void>;
}

/** The conditions of an option (the engine's 8 comparators, joined by and/or, AND binding tighter). */
export function Conditions({ option, categoryId, survey, editable, onRefresh }: Props) {
  const conditions = option.filterConditions ?? [];
  const [column, setColumn] = useState('');
  const [comparator, setComparator] = useState<string>('equal');
  const [value, setValue] = useState('');
  const [values, setValues] = useState<string[]>([]);
  const [operator, setOperator] = useState<'and' | 'or'>('and');
  const [error, setError] = useState<string | null>(null);
  const base = `/api/v2/filterCategory/${categoryId}/filterOption/${option.id}/filterCondition`;
  const col = survey.columns.find((c) => c.key === column);
  const labelOf = (key: string) => survey.columns.find((c) => c.key === key)?.label ?? key;
  const answerOf = (key: string, code: string | number) => survey.columns.find((c) => c.key === key)?.answers.find((a) => a.code === String(code))?.label ?? String(code);
  const list = LIST.has(comparator);
  const id = `cond-${option.id}`;

  async function add(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const numeric = col?.kind === 'numeric';
    const one = (v: string) => (numeric && v.trim() !== '' && !Number.isNaN(Number(v.replace(',', '.'))) ? Number(v.replace(',', '.')) : v);
    const body = { column_key: column, comparator, value: list ? values.map(one) : one(value), operator };
    try {
      await api('POST', base, { body });
      setValue('');
      setValues([]);
      setError(null);
      await onRefresh();
    } catch (err) {
      if (err instanceof ApiError) setError(Object.values(err.errors)[0]?.[0] ?? err.message);
    }
  }

  async function remove(conditionId: number) {
    try {
      await api('DELETE', `${base}/${conditionId}`);
      await onRefresh();
    } catch {
      // The client shows why.
    }
  }

  return (
    <div className="flex flex-col gap-2 border-s-2 border-gray-300 ps-3" aria-label={t.conditionsOf(option.label)} role="group">
      {conditions.length === 0 ? (
        <p className="text-sm text-gray-700">{t.noConditions}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {conditions.map((c, i) => (
            <li key={c.id} className="flex flex-wrap items-center gap-2">
              <span>
                {i > 0 && <strong className="me-1">{c.operator === 'or' ? t.or : t.and}</strong>}
                {labelOf(c.column_key)} <em>{t.comparators[c.comparator as keyof typeof t.comparators] ?? c.comparator}</em>{' '}
                {(Array.isArray(c.value) ? c.value : [c.value]).map((v) => answerOf(c.column_key, v)).join(', ')}
              </span>
              {editable && <button type="button" className={dangerButtonClass} onClick={() => void remove(c.id)} aria-label={t.removeCondition}>{t.remove}</button>}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <form method="post" onSubmit={add} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
          <label className="flex flex-col gap-1 text-sm">
            {t.question}
            <select className={inputClass} value={column} onChange={(e) => { setColumn(e.target.value); setValue(''); setValues([]); }}>
              <option value="">{t.chooseQuestion}</option>
              {survey.columns.map((c) => (
                <option key={c.key} value={c.key}>{c.label}</option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t.comparator}
            <select className={inputClass} value={comparator} onChange={(e) => setComparator(e.target.value)}>
              {COMPARATORS.map((c) => (
                <option key={c} value={c}>{t.comparators[c]}</option>
              ))}
            </select>
          </label>
          {list && col?.answers.length ? (
            <fieldset className="flex flex-col gap-1 text-sm">
              <legend>{t.values}</legend>
              {col.answers.map((a) => (
                <label key={a.code} className="flex items-center gap-2">
                  <input type="checkbox" checked={values.includes(a.code)} onChange={(e) => setValues((vs) => (e.target.checked ? [...vs, a.code] : vs.filter((x) => x !== a.code)))} />
                  {a.label}
                </label>
              ))}
            </fieldset>
          ) : col?.answers.length ? (
            <label className="flex flex-col gap-1 text-sm">
              {t.value}
              <select className={inputClass} value={value} onChange={(e) => setValue(e.target.value)}>
                <option value="" />
                {col.answers.map((a) => (
                  <option key={a.code} value={a.code}>{a.label}</option>
                ))}
              </select>
            </label>
          ) : (
            <label className="flex flex-col gap-1 text-sm">
              {list ? t.values : t.value}
              <input className={inputClass} value={list ? values.join('; ') : value} onChange={(e) => (list ? setValues(e.target.value.split(';').map((s) => s.trim()).filter(Boolean)) : setValue(e.target.value))} />
            </label>
          )}
          <div className="flex flex-wrap items-end gap-2">
            {conditions.length > 0 && (
              <label className="flex flex-col gap-1 text-sm">
                {t.operator}
                <select className={inputClass} value={operator} onChange={(e) => setOperator(e.target.value as 'and' | 'or')}>
                  <option value="and">{t.and}</option>
                  <option value="or">{t.or}</option>
                </select>
              </label>
            )}
            <button type="submit" className={secondaryButtonClass} disabled={!column}>{t.addCondition}</button>
          </div>
          {error && <p id={`${id}-error`} className="text-sm text-red-700 sm:col-span-2 lg:col-span-4">{error}</p>}
        </form>
      )}
    </div>
  );
}
