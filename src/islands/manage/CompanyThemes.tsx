import { useState } from 'react';
import { api } from '../../shared/api-client';
import { themesNl } from '../../shared/i18n/themes';
import type { ThemeFields, ThemeType } from '../../shared/theme';
import { buttonClass, dangerButtonClass, secondaryButtonClass } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';
import { ThemeEditor, type EditableTheme } from './ThemeEditor';
import { useKeepEarlyInput } from '../early-input';
import { confirmAction } from '../shell/confirm';

const t = themesNl.tab;

export interface ThemeRow {
  id: number;
  company_id: number | null;
  name: string;
  type: ThemeType;
  default: boolean;
  theme: ThemeFields;
  has_image: boolean;
  attached: boolean;
  in_use: boolean;
  editable: boolean;
}

interface Props {
  companyId: number;
  initial: ThemeRow[];
  /** The company's admins (and root users) choose and change themes; others only read. */
  editable: boolean;
}

/** The themes tab: which theme the company uses per type, its own themes (editor), system themes to attach. */
export default function CompanyThemes({ companyId, initial, editable }: Props) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [themes, setThemes] = useState(initial);
  const [editing, setEditing] = useState<EditableTheme | null>(null);
  const [busy, setBusy] = useState(false);
  const base = Object.fromEntries((['vue', 'pdf'] as const).map((type) => [type, themes.find((th) => th.type === type && th.default && th.company_id === null)?.theme ?? {}])) as Record<ThemeType, ThemeFields>;

  async function reload() {
    const res = await api<{ data: ThemeRow[] }>('GET', `/api/v2/theme?company_id=${companyId}`);
    setThemes(res.data);
  }
  async function run(method: 'PUT' | 'DELETE', path: string, question?: string) {
    if (question && !(await confirmAction(question))) return;
    setBusy(true);
    try {
      await api(method, path);
      await reload();
    } catch {
      // The alert says why.
    } finally {
      setBusy(false);
    }
  }

  const shown = themes.filter((th) => th.company_id !== null || th.attached || th.default);
  const available = themes.filter((th) => th.company_id === null && !th.attached && !th.default);
  return (
    <div ref={keepInput} className="flex flex-col gap-6">
      <p className="max-w-3xl text-sm text-gray-700">{t.intro}</p>
      <ul className="grid gap-3 md:grid-cols-2" aria-label={t.title}>
        {shown.map((th) => (
          <li key={th.id} className="flex flex-col gap-2 rounded border border-gray-200 p-3 text-sm" data-theme-id={th.id}>
            <div className="flex flex-wrap items-center gap-2">
              <strong className="text-base">{th.name}</strong>
              <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs">{themesNl.types[th.type]}</span>
              <span className="text-xs text-gray-600">{th.company_id === null ? t.system : t.own}</span>
              {th.in_use && <span className="rounded-full bg-brand px-2 py-0.5 text-xs text-white">{t.inUse}</span>}
              {th.default && !themes.some((o) => o.type === th.type && o.in_use) && <span className="rounded-full bg-brand-light px-2 py-0.5 text-xs text-brand">{t.builtIn}</span>}
            </div>
            {editable && (
              <div className="flex flex-wrap gap-2">
                {!th.in_use && !th.default && <button type="button" disabled={!hydrated || busy} className={buttonClass} onClick={() => run('PUT', `/api/v2/company/${companyId}/defaultTheme/${th.id}`)} aria-label={`${t.use}: ${th.name}`}>{t.use}</button>}
                {th.in_use && <button type="button" disabled={!hydrated || busy} className={secondaryButtonClass} onClick={() => run('DELETE', `/api/v2/company/${companyId}/defaultTheme/${th.id}`)} aria-label={`${t.stopUsing}: ${th.name}`}>{t.stopUsing}</button>}
                {th.editable && <button type="button" disabled={!hydrated} className={secondaryButtonClass} onClick={() => setEditing(th)} aria-label={`${t.edit}: ${th.name}`}>{t.edit}</button>}
                {th.company_id === null && th.attached && !th.in_use && <button type="button" disabled={!hydrated || busy} className={secondaryButtonClass} onClick={() => run('DELETE', `/api/v2/company/${companyId}/theme/${th.id}`)}>{t.detach}</button>}
                {th.editable && !th.default && th.company_id !== null && (
                  <button type="button" disabled={!hydrated || busy} className={dangerButtonClass} onClick={() => run('DELETE', `/api/v2/theme/${th.id}`, t.confirmDelete(th.name))} aria-label={`${t.delete}: ${th.name}`}>{t.delete}</button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {editable && available.length > 0 && (
        <section className="flex flex-col gap-2" aria-labelledby="available-themes">
          <h3 id="available-themes" className="font-semibold">{t.available}</h3>
          <ul className="flex flex-wrap gap-2">
            {available.map((th) => (
              <li key={th.id}>
                <button type="button" disabled={!hydrated || busy} className={secondaryButtonClass} onClick={() => run('PUT', `/api/v2/company/${companyId}/theme/${th.id}`)}>{`${t.attach}: ${th.name} (${themesNl.types[th.type]})`}</button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {editable && !editing && (
        <button type="button" disabled={!hydrated} className={`${buttonClass} self-start`} onClick={() => setEditing({ name: '', type: 'vue', theme: {} })}>{t.newTheme}</button>
      )}
      {editing && (
        <ThemeEditor
          key={editing.id ?? 'new'}
          companyId={companyId}
          initial={editing}
          base={base}
          onSaved={(saved) => {
            setEditing(saved);
            void reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}
