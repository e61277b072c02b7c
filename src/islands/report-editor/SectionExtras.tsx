import { useState, type SubmitEvent } from 'react';
import { ApiError } from '../../shared/api-client';
import { reportEditorNl } from '../../shared/i18n/report-editor';
import { WIDGETS } from '../../shared/lookups';
import TextEditor from '../markdown/TextEditor';
import { addWidget, deleteWidget, setSectionText, type EditorSection } from './editor.store';
import { dangerButtonClass, secondaryButtonClass, SelectField, TextField, type FieldErrors } from './fields';
import { confirmAction } from '../shell/confirm';

const t = reportEditorNl.sections;
const CONTACT_FIELDS = [
  ['name', t.widgetName],
  ['email', t.widgetEmail],
  ['phone', t.widgetPhone],
  ['text', t.widgetText],
] as const;

/** Texts above/below a section and its widgets, folded away until opened. */
export function SectionExtras({ section, hydrated }: { section: EditorSection; hydrated: boolean }) {
  const texts = (section.texts ?? []).filter((x) => !x.chart_id);
  const widgets = section.widgets ?? [];
  const [type, setType] = useState(String(WIDGETS[0].id));
  const [settings, setSettings] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const typeDef = WIDGETS.find((w) => w.id === Number(type));
  const nameOf = (id: number) => WIDGETS.find((w) => w.id === id)?.name ?? `#${id}`;

  async function add(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    // Only the settings this widget type knows; empty ones are left out.
    const chosen = Object.fromEntries(Object.entries(settings).filter(([k, v]) => v.trim() !== '' && (typeDef?.settings as readonly string[]).includes(k)));
    try {
      await addWidget(section.id, Number(type), chosen);
      setSettings({});
      setErrors({});
    } catch (err) {
      // 'settings.name' → the field 'name'.
      if (err instanceof ApiError) setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k.replace(/^settings\./, ''), v])));
    }
  }
  async function remove(id: number) {
    if (!(await confirmAction(t.removeWidgetConfirm(nameOf(widgets.find((w) => w.id === id)!.widget_type_id))))) return;
    await deleteWidget(section.id, id).catch(() => undefined);
  }
  const setting = (key: string) => (v: string) => setSettings((old) => ({ ...old, [key]: v }));

  return (
    <details className="rounded border border-gray-200 px-3 py-2">
      <summary className="cursor-pointer text-sm font-semibold text-gray-700">{t.extras(texts.length, widgets.length)}</summary>
      <div className="mt-3 flex flex-col gap-4">
        {(['before', 'after'] as const).map((position) => (
          <TextEditor key={position} sectionId={section.id} position={position} initial={texts.find((x) => x.position === position) ?? null} onSaved={(text) => setSectionText(section.id, position, text)} />
        ))}
        <div className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold text-gray-700">{t.widgets}</h4>
          {widgets.length === 0 ? (
            <p className="text-sm text-gray-600">{t.noWidgets}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {widgets.map((w) => (
                <li key={w.id} className="flex items-center gap-2 text-sm">
                  <span className="flex-1">{nameOf(w.widget_type_id)}{typeof w.settings?.label === 'string' && w.settings.label ? ` · ${w.settings.label}` : ''}</span>
                  <button type="button" disabled={!hydrated} className={dangerButtonClass} aria-label={`${t.removeWidget}: ${nameOf(w.widget_type_id)}`} onClick={() => remove(w.id)}>{t.removeWidget}</button>
                </li>
              ))}
            </ul>
          )}
          <form method="post" noValidate onSubmit={add} className="grid gap-2 sm:grid-cols-2">
            <SelectField name="widget_type_id" label={t.widgetType} errors={errors} value={type} onChange={setType}>
              {WIDGETS.map((w) => <option key={w.id} value={w.id}>{w.name}</option>)}
            </SelectField>
            <TextField name="label" label={t.widgetLabel} errors={errors} value={settings.label ?? ''} onChange={setting('label')} />
            {typeDef?.key === 'contact' && CONTACT_FIELDS.map(([key, label]) => <TextField key={key} name={key} label={label} errors={errors} value={settings[key] ?? ''} onChange={setting(key)} />)}
            {typeDef && <p className="text-xs text-gray-600 sm:col-span-2">{typeDef.description} {t.widgetDefaultHeading(typeDef.heading)}</p>}
            {errors.settings && <p className="text-sm text-red-700 sm:col-span-2">{errors.settings[0]}</p>}
            <button type="submit" disabled={!hydrated} className={`${secondaryButtonClass} self-start`}>{t.addWidget}</button>
          </form>
        </div>
      </div>
    </details>
  );
}
