import { useEffect, useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { panelsNl } from '../../shared/i18n/panels';
import { PANEL_FIELD_TYPES } from '../../shared/lookups/status';
import { fieldKind, isChoice, PanelFieldInput, PanelFieldUpdate } from '../../shared/validation/panels';
import type { PanelFieldView } from '../../shared/dto/panels';
import { useHydrated } from '../use-hydrated';
import { moveItem } from '../report-editor/editor.store';
import { buttonClass, CheckField, dangerButtonClass, issuesToErrors, secondaryButtonClass, SelectField, TextField, type FieldErrors } from '../report-editor/fields';
import { MoveButtons } from '../report-editor/MoveButtons';
import { DragHandle, SortableList } from '../report-editor/SortableList';
import { TextArea } from './fields';
import { useKeepEarlyInput } from '../early-input';
import { confirmAction } from '../shell/confirm';

const t = panelsNl.fields;
type Field = PanelFieldView;
const typeName = (id: number) => PANEL_FIELD_TYPES.find((x) => x.id === id)?.name ?? '';

interface Draft {
  name: string;
  description: string;
  type_id: string;
  required: boolean;
  min: string;
  max: string;
  options: string;
}
// The type list starts on the most common type of a background field, a choice list (age group,
// district), then the other choices, then the free fields.
const TYPE_ORDER = ['select', 'radio', 'checkbox', 'text', 'textarea', 'number', 'date', 'postcode'];
const fieldTypesInOrder = [...PANEL_FIELD_TYPES].sort((a, b) => TYPE_ORDER.indexOf(a.key) - TYPE_ORDER.indexOf(b.key));
const emptyDraft: Draft = { name: '', description: '', type_id: String(fieldTypesInOrder[0]!.id), required: false, min: '', max: '', options: '' };
const draftOf = (f: Field): Draft => ({ name: f.name, description: f.description, type_id: String(f.type_id), required: f.required, min: f.min === null ? '' : String(f.min), max: f.max === null ? '' : String(f.max), options: '' });

/** The add/edit form of a field; options (one per line) only when adding a choice field. */
function FieldForm({ initial, editing, onSubmit, onCancel }: { initial: Draft; editing: boolean; onSubmit: (body: Record<string, unknown>) => Promise<FieldErrors | null>; onCancel?: () => void }) {
  const hydrated = useHydrated();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K) => (value: Draft[K]) => setValues((v) => ({ ...v, [key]: value }));
  const typeId = Number(values.type_id);
  const number = fieldKind(typeId) === 'number';

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const options = values.options.split('\n').map((s) => s.trim()).filter(Boolean);
    const body = {
      name: values.name,
      description: values.description,
      type_id: values.type_id,
      required: values.required,
      ...(number ? { min: values.min, max: values.max } : { min: null, max: null }),
      ...(!editing && isChoice(typeId) ? { options } : {}),
    };
    // A new field is checked whole (a choice field needs options); an edit has no options in it.
    const parsed = (editing ? PanelFieldUpdate : PanelFieldInput).safeParse(body);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    setBusy(true);
    const problems = await onSubmit(parsed.data);
    setBusy(false);
    setErrors(problems ?? {});
    if (!problems && !editing) setValues(emptyDraft);
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="flex max-w-2xl flex-col gap-3" aria-label={editing ? `${t.edit}: ${initial.name}` : t.add}>
      <TextField name="name" label={t.name} errors={errors} value={values.name} onChange={set('name')} />
      <TextArea name="description" label={t.description} errors={errors} value={values.description} onChange={set('description')} rows={2} />
      <SelectField name="type_id" label={t.type} errors={errors} value={values.type_id} onChange={set('type_id')}>
        {fieldTypesInOrder.map((x) => (
          <option key={x.id} value={x.id}>{x.name}</option>
        ))}
      </SelectField>
      {number && (
        <div className="grid grid-cols-2 gap-3">
          <TextField name="min" label={t.min} errors={errors} value={values.min} onChange={set('min')} inputMode="numeric" />
          <TextField name="max" label={t.max} errors={errors} value={values.max} onChange={set('max')} inputMode="numeric" />
        </div>
      )}
      {!editing && isChoice(typeId) && <TextArea name="options" label={t.optionsPerLine} errors={errors} value={values.options} onChange={set('options')} rows={4} />}
      <CheckField name="required" label={t.required} checked={values.required} onChange={set('required')} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass} disabled={!hydrated || busy}>{editing ? t.save : t.add}</button>
        {onCancel && <button type="button" className={secondaryButtonClass} onClick={onCancel}>{t.cancel}</button>}
      </div>
    </form>
  );
}

/** The options of a choice field: reorder (drag or buttons), rename, remove, add. */
function OptionsEditor({ panelId, field, onChange }: { panelId: number; field: Field; onChange: (f: Field) => void }) {
  const hydrated = useHydrated();
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; label: string } | null>(null);
  const path = `/api/v2/panel/${panelId}/field/${field.id}/option`;
  const reload = async () => onChange((await api<{ data: Field }>('GET', `/api/v2/panel/${panelId}/field/${field.id}`)).data);

  async function move(from: number, to: number) {
    const next = moveItem(field.options, from, to);
    if (next.every((o, i) => o.id === field.options[i]?.id)) return;
    onChange({ ...field, options: next });
    try {
      await api('PATCH', `${path}/order`, { body: { order: next.map((o) => o.id) } });
    } catch {
      await reload();
    }
  }
  async function add(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!label.trim()) return setError(panelsNl.answer.required);
    try {
      const res = await api<{ data: { field: Field } }>('POST', path, { body: { label } });
      onChange(res.data.field);
      setLabel('');
      setError(null);
    } catch (err) {
      if (err instanceof ApiError) setError(err.errors.label?.[0] ?? err.message);
    }
  }
  async function rename(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!editing) return;
    try {
      await api('PUT', `${path}/${editing.id}`, { body: { label: editing.label } });
      setEditing(null);
      await reload();
    } catch {
      // The alert shows the Dutch message.
    }
  }
  async function remove(id: number, text: string) {
    if (!(await confirmAction(t.optionDeleteConfirm(text)))) return;
    await api('DELETE', `${path}/${id}`);
    await reload();
  }

  const items = field.options.map((o) => ({ ...o, title: o.label }));
  return (
    <div className="flex flex-col gap-2 rounded border border-gray-200 p-3">
      <h4 className="text-sm font-semibold">{t.options}</h4>
      {items.length === 0 ? (
        <p className="text-sm text-gray-700">{t.optionsEmpty}</p>
      ) : (
        <SortableList items={items} prefix={`o${field.id}`} label={`${t.options}: ${field.name}`} onMove={move}>
          {(o, index, handle) => (
            <div className="flex flex-wrap items-center gap-2 text-sm" data-option={o.id}>
              <DragHandle handle={handle} label={t.grip(o.label)} />
              {editing?.id === o.id ? (
                <form onSubmit={rename} className="flex flex-wrap items-center gap-2">
                  <label className="sr-only" htmlFor={`option-${o.id}`}>{t.optionLabel}</label>
                  <input id={`option-${o.id}`} className="rounded border border-gray-400 px-2 py-1" value={editing.label} onChange={(e) => setEditing({ id: o.id, label: e.target.value })} />
                  <button type="submit" className={secondaryButtonClass}>{t.save}</button>
                  <button type="button" className={secondaryButtonClass} onClick={() => setEditing(null)}>{t.cancel}</button>
                </form>
              ) : (
                <>
                  <span className="min-w-0 flex-1 break-words">{o.label}</span>
                  <MoveButtons index={index} count={items.length} title={o.label} onMove={move} />
                  <button type="button" className={secondaryButtonClass} disabled={!hydrated} onClick={() => setEditing({ id: o.id, label: o.label })} aria-label={`${t.edit}: ${o.label}`}>{t.edit}</button>
                  <button type="button" className={dangerButtonClass} disabled={!hydrated} onClick={() => remove(o.id, o.label)} aria-label={`${t.delete}: ${o.label}`}>{t.delete}</button>
                </>
              )}
            </div>
          )}
        </SortableList>
      )}
      <form onSubmit={add} noValidate className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm">
          {t.newOption}
          <input name="label" className="rounded border border-gray-400 bg-white px-2 py-1" value={label} onChange={(e) => setLabel(e.target.value)} aria-invalid={!!error} aria-describedby={error ? `new-option-${field.id}-error` : undefined} />
        </label>
        <button type="submit" className={secondaryButtonClass} disabled={!hydrated}>{t.addOption}</button>
        {error && <span id={`new-option-${field.id}-error`} className="w-full text-sm text-red-700">{error}</span>}
      </form>
    </div>
  );
}

/** Tab 'Velden' (panel.edit): background fields with their options, reorderable by keyboard and pointer. */
export default function PanelFields({ panelId, initial }: { panelId: number; initial: Field[] }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [fields, setFields] = useState(initial);
  const [editing, setEditing] = useState<number | null>(null);
  const replace = (f: Field) => setFields((list) => list.map((x) => (x.id === f.id ? f : x)));
  // The panel's header (PanelFrame) counts the fields: it follows adding and deleting here.
  useEffect(() => {
    const count = document.querySelector('[data-fields-count]');
    if (count) count.textContent = panelsNl.frame.fields(fields.length);
  }, [fields.length]);

  async function save(body: Record<string, unknown>, fieldId?: number): Promise<FieldErrors | null> {
    try {
      const res = await api<{ data: Field }>(fieldId ? 'PUT' : 'POST', fieldId ? `/api/v2/panel/${panelId}/field/${fieldId}` : `/api/v2/panel/${panelId}/field`, { body });
      if (fieldId) {
        replace(res.data);
        setEditing(null);
      } else setFields((list) => [...list, res.data]);
      return null;
    } catch (err) {
      return err instanceof ApiError ? err.errors : {};
    }
  }
  async function move(from: number, to: number) {
    const before = fields;
    const next = moveItem(fields, from, to);
    if (next.every((f, i) => f.id === before[i]?.id)) return;
    setFields(next);
    try {
      await api('PATCH', `/api/v2/panel/${panelId}/field/order`, { body: { order: next.map((f) => f.id) } });
    } catch {
      setFields(before);
    }
  }
  async function remove(f: Field) {
    if (!(await confirmAction(t.deleteConfirm(f.name)))) return;
    await api('DELETE', `/api/v2/panel/${panelId}/field/${f.id}`);
    setFields((list) => list.filter((x) => x.id !== f.id));
  }

  const items = fields.map((f) => ({ ...f, title: f.name }));
  return (
    <div ref={keepInput} className="flex flex-col gap-6">
      <div className="flex max-w-2xl flex-col gap-1">
        <h2 className="text-lg font-semibold">{t.title}</h2>
        <p className="text-sm text-gray-700">{t.intro}</p>
        {items.length > 1 && <p className="text-sm text-gray-600">{t.dragHelp}</p>}
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-gray-700">{t.empty}</p>
      ) : (
        <SortableList items={items} prefix="f" label={t.title} onMove={move}>
          {(f, index, handle) => (
            <article className="flex flex-col gap-3 rounded-lg border border-gray-300 p-3" data-field={f.id} aria-labelledby={`field-${f.id}-name`}>
              <div className="flex flex-wrap items-start gap-2">
                <DragHandle handle={handle} label={t.grip(f.name)} />
                <div className="min-w-0 flex-1">
                  <h3 id={`field-${f.id}-name`} className="break-words font-semibold">{f.name}</h3>
                  <p className="text-sm text-gray-700">
                    {typeName(f.type_id)}
                    {f.required && <span className="ml-2 rounded bg-brand-light px-1.5 text-xs text-brand-dark">{t.requiredBadge}</span>}
                    {(f.min !== null || f.max !== null) && <span> · {t.range(f.min, f.max)}</span>}
                  </p>
                  {f.description && <p className="text-sm text-gray-600">{f.description}</p>}
                </div>
                <MoveButtons index={index} count={items.length} title={f.name} onMove={move} />
                <button type="button" className={secondaryButtonClass} disabled={!hydrated} onClick={() => setEditing(editing === f.id ? null : f.id)} aria-expanded={editing === f.id} aria-label={`${t.edit}: ${f.name}`}>{t.edit}</button>
                <button type="button" className={dangerButtonClass} disabled={!hydrated} onClick={() => remove(f)} aria-label={`${t.delete}: ${f.name}`}>{t.delete}</button>
              </div>
              {editing === f.id && <FieldForm initial={draftOf(f)} editing onSubmit={(body) => save(body, f.id)} onCancel={() => setEditing(null)} />}
              {isChoice(f.type_id) && <OptionsEditor panelId={panelId} field={f} onChange={replace} />}
            </article>
          )}
        </SortableList>
      )}
      <section className="flex flex-col gap-3 border-t border-gray-200 pt-4" aria-labelledby="add-field-heading">
        <h3 id="add-field-heading" className="text-base font-semibold">{t.add}</h3>
        <FieldForm initial={emptyDraft} editing={false} onSubmit={(body) => save(body)} />
      </section>
    </div>
  );
}
