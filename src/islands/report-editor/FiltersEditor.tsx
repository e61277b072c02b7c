import { useEffect, useState, type SubmitEvent } from 'react';
import { api, ApiError, request } from '../../shared/api-client';
import { reportEditorNl } from '../../shared/i18n/report-editor';
import { useHydrated } from '../use-hydrated';
import { buttonClass, CheckField, SelectField, type FieldErrors } from './fields';
import { useKeepEarlyInput } from '../early-input';

const t = reportEditorNl.filters;

interface Category {
  id: number;
  title: string;
  filterOptions?: unknown[];
}
interface Settings {
  multiple_filters: number | null;
  hide_risky_filters: boolean;
  hide_empty_filters: boolean;
}

/**
 * Tab 'Filters': which project filter categories the report offers (POST/DELETE
 * report/{id}/filterCategory/{cid}) and how they combine (PUT report/{id}).
 */
export default function FiltersEditor({ reportId, projectId, initial }: { reportId: number; projectId: number; initial: Settings }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [attached, setAttached] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);
  const [mode, setMode] = useState(initial.multiple_filters === null ? '' : String(initial.multiple_filters));
  const [hideRisky, setHideRisky] = useState(initial.hide_risky_filters);
  const [hideEmpty, setHideEmpty] = useState(initial.hide_empty_filters);
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    void Promise.all([
      request<{ data: Category[] }>('GET', `/api/v2/project/${projectId}/filterCategory?include=filterOptions`),
      request<{ data: { attached: boolean; filterCategories: Category[] } }>('GET', `/api/v2/report/${reportId}/filterOption`),
    ]).then(([project, report]) => {
      setCategories(project.data);
      setAttached(new Set(report.data.attached ? report.data.filterCategories.map((c) => c.id) : []));
    }).catch(() => setCategories([]));
  }, [projectId, reportId]);

  async function toggle(id: number, on: boolean) {
    const change = (add: boolean) =>
      setAttached((old) => {
        const next = new Set(old);
        if (add) next.add(id);
        else next.delete(id);
        return next;
      });
    // Shown at once, undone when the call fails (the client shows why).
    change(on);
    setBusy(id);
    try {
      await api(on ? 'POST' : 'DELETE', `/api/v2/report/${reportId}/filterCategory/${id}`);
    } catch {
      change(!on);
    } finally {
      setBusy(null);
    }
  }

  async function save(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    try {
      await api('PUT', `/api/v2/report/${reportId}`, { body: { multiple_filters: mode === '' ? null : Number(mode), hide_risky_filters: hideRisky, hide_empty_filters: hideEmpty } });
      setErrors({});
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    }
  }

  const list = () => (
    <ul className="flex flex-col gap-1">
      {categories!.map((c) => (
        <li key={c.id} className="flex items-center gap-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={attached.has(c.id)} disabled={!hydrated || busy === c.id} onChange={(e) => toggle(c.id, e.target.checked)} />
            {c.title}
          </label>
          <span className="text-gray-600">({t.options(c.filterOptions?.length ?? 0)})</span>
        </li>
      ))}
    </ul>
  );

  return (
    <div ref={keepInput} className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-2">
        <legend className="text-lg font-semibold">{t.heading}</legend>
        <p className="text-sm text-gray-600">{t.intro}</p>
        {categories === null ? (
          <p className="text-sm" role="status">Bezig met laden van elementen</p>
        ) : categories.length === 0 ? (
          <p className="text-sm">{t.none}</p>
        ) : attached.size === 0 ? (
          <>
            <p className="text-sm text-gray-700">{t.projectDefault}</p>
            {list()}
          </>
        ) : (
          list()
        )}
      </fieldset>
      <form method="post" noValidate onSubmit={save} className="flex max-w-md flex-col gap-3">
        <SelectField name="multiple_filters" label={t.mode} errors={errors} value={mode} onChange={setMode}>
          <option value="">{t.modeNone}</option>
          <option value="2">{t.mode2}</option>
          <option value="3">{t.mode3}</option>
        </SelectField>
        <CheckField name="hide_risky_filters" label={t.hideRisky} checked={hideRisky} onChange={setHideRisky} />
        <CheckField name="hide_empty_filters" label={t.hideEmpty} checked={hideEmpty} onChange={setHideEmpty} />
        <button type="submit" className={`${buttonClass} self-start`} disabled={!hydrated}>{t.save}</button>
      </form>
    </div>
  );
}
