import { useMemo, useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { themesNl } from '../../shared/i18n/themes';
import { contrastChecks, overlayThemes, type ThemeFields, type ThemeType } from '../../shared/theme';
import { ThemeInput, ThemeUpdate } from '../../shared/validation/themes';
import { uploadFile } from '../upload';
import { buttonClass, issuesToErrors, secondaryButtonClass, SelectField, TextField, type FieldErrors } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';
import { ThemePreview } from './ThemePreview';

const t = themesNl.editor;
const COLOURS = ['primary', 'accent', 'gradient1', 'gradient2'] as const;
type Colour = (typeof COLOURS)[number];

export interface EditableTheme {
  id?: number;
  name: string;
  type: ThemeType;
  theme: ThemeFields;
  has_image?: boolean;
}

interface Props {
  companyId: number | null;
  initial: EditableTheme;
  /** The system default's fields per type: what an unset field inherits. */
  base: Record<ThemeType, ThemeFields>;
  onSaved: (theme: EditableTheme & { id: number }) => void;
  onCancel: () => void;
}

/** Create or edit a theme: colours (own or inherited), light/dark, header image; live preview and a WCAG AA check. */
export function ThemeEditor({ companyId, initial, base, onSaved, onCancel }: Props) {
  const hydrated = useHydrated();
  const [name, setName] = useState(initial.name);
  const [type, setType] = useState<ThemeType>(initial.type);
  const [fields, setFields] = useState<ThemeFields>(initial.theme);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const effective = useMemo(() => overlayThemes(type, base[type], fields), [type, base, fields]);
  const problems = contrastChecks(effective).filter((c) => !c.ok);
  const setField = (key: keyof ThemeFields, value: unknown) =>
    setFields((old) => {
      const next: Record<string, unknown> = { ...old };
      if (value === undefined) delete next[key];
      else next[key] = value;
      return next as ThemeFields;
    });

  async function save(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    // Fields that were set before and are inherited now are sent as null (removed on the server).
    const sent = Object.fromEntries([...COLOURS, 'isDark' as const].map((key) => [key, fields[key] ?? null]));
    const body = initial.id ? { name, fields: sent } : { name, type, company_id: companyId, fields: Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== null)) };
    const parsed = (initial.id ? ThemeUpdate : ThemeInput).safeParse(body);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const res = await api<{ data: EditableTheme & { id: number } }>(initial.id ? 'PUT' : 'POST', initial.id ? `/api/v2/theme/${initial.id}` : '/api/v2/theme', { body });
      onSaved(res.data);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }

  async function upload(file: File | undefined) {
    if (!file || !initial.id) return;
    setBusy(true);
    try {
      const res = await uploadFile<{ data: EditableTheme & { id: number } }>(`/api/v2/theme/${initial.id}/image`, file, { showAlert: true });
      setFields(res.data.theme);
      onSaved({ ...res.data, theme: { ...fields, headerImage: res.data.theme.headerImage } });
    } catch (err) {
      if (err instanceof ApiError) setErrors({ file: err.errors.file ?? [err.message] });
    } finally {
      setBusy(false);
    }
  }

  async function removeImage() {
    if (!initial.id) return;
    const res = await api<{ data: EditableTheme & { id: number } }>('DELETE', `/api/v2/theme/${initial.id}/image`);
    setField('headerImage', undefined);
    onSaved({ ...res.data, theme: { ...fields, headerImage: undefined } });
  }

  return (
    <form onSubmit={save} noValidate className="grid gap-6 rounded border border-gray-300 p-4 lg:grid-cols-2" aria-busy={busy} aria-labelledby="theme-editor-title">
      <div className="flex flex-col gap-3">
        <h3 id="theme-editor-title" className="text-lg font-semibold">{initial.id ? t.editTitle(initial.name) : t.newTitle}</h3>
        <TextField name="name" label={t.name} errors={errors} value={name} onChange={setName} />
        {!initial.id && (
          <SelectField name="type" label={t.type} errors={errors} value={type} onChange={(v) => setType(v as ThemeType)}>
            <option value="vue">{themesNl.types.vue}</option>
            <option value="pdf">{themesNl.types.pdf}</option>
          </SelectField>
        )}
        {COLOURS.map((key: Colour) => {
          const own = fields[key] !== undefined;
          return (
            <fieldset key={key} className="flex flex-wrap items-center gap-3 text-sm">
              <legend className="mb-1 w-full font-medium">{t[key]}</legend>
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={!own} onChange={(e) => setField(key, e.target.checked ? undefined : effective[key])} />
                {t.inherit}
              </label>
              <label className="flex items-center gap-2">
                <span className="sr-only">{`${t[key]}: ${t.setOwn}`}</span>
                <input type="color" name={key} value={effective[key]} disabled={!own} onChange={(e) => setField(key, e.target.value)} className="h-8 w-12 cursor-pointer rounded border border-gray-400 bg-white disabled:opacity-50" />
                <code className="text-xs">{effective[key]}</code>
              </label>
              {errors[`fields.${key}`] && <span className="w-full text-red-700">{errors[`fields.${key}`]![0]}</span>}
            </fieldset>
          );
        })}
        <SelectField name="isDark" label={t.dark} errors={errors} value={fields.isDark === undefined ? '' : fields.isDark ? 'dark' : 'light'} onChange={(v) => setField('isDark', v === '' ? undefined : v === 'dark')}>
          <option value="">{t.inherit}</option>
          <option value="light">{t.light}</option>
          <option value="dark">{t.darkOption}</option>
        </SelectField>
        {initial.id && (
          <div className="flex flex-col gap-1 text-sm">
            <label className="flex flex-col gap-1">
              <span className="font-medium">{t.image}</span>
              <span className="text-gray-700">{t.imageIntro}</span>
              <input type="file" name="file" accept="image/png,image/jpeg,image/gif,image/webp" disabled={!hydrated || busy} onChange={(e) => upload(e.target.files?.[0])} aria-describedby={errors.file ? 'file-error' : undefined} />
            </label>
            {errors.file && <span id="file-error" className="text-red-700">{errors.file[0]}</span>}
            {fields.headerImage && (
              <button type="button" className={`${secondaryButtonClass} self-start`} onClick={removeImage}>{t.removeImage}</button>
            )}
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={!hydrated || busy} className={buttonClass}>{t.save}</button>
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>{t.cancel}</button>
        </div>
      </div>
      <div className="flex flex-col gap-3">
        <ThemePreview theme={effective} />
        <div aria-live="polite" className="flex flex-col gap-2">
          {problems.length ? (
            problems.map((p) => (
              <p key={p.kind} className="rounded border border-orange-400 bg-orange-50 p-2 text-sm text-black" data-testid="contrast-warning">
                {t.contrast[p.kind]!(p.ratio.toFixed(1).replace('.', ','))}
              </p>
            ))
          ) : (
            <p className="text-sm text-green-700" data-testid="contrast-ok">{t.contrastOk}</p>
          )}
        </div>
      </div>
    </form>
  );
}
