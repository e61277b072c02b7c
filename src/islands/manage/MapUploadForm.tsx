import { useState } from 'react';
import { ApiError } from '../../shared/api-client';
import { mapsNl } from '../../shared/i18n/maps';
import type { MapSummary } from '../../shared/maps';
import { MAX_MAP_BYTES } from '../../shared/validation/maps';
import { type FieldErrors, SelectField, TextField, buttonClass } from '../report-editor/fields';
import { uploadFile } from '../upload';
import { useHydrated } from '../use-hydrated';

const t = mapsNl.screen;

/** The property names of a boundary file's first area (GeoJSON feature or TopoJSON geometry), or null when unreadable. */
async function propertiesOf(file: File): Promise<string[] | null> {
  if (file.size > MAX_MAP_BYTES) return null;
  try {
    const json = JSON.parse(await file.text()) as { features?: { properties?: object }[]; objects?: Record<string, { geometries?: { properties?: object }[] }> };
    const first = json.features?.[0]?.properties ?? Object.values(json.objects ?? {})[0]?.geometries?.[0]?.properties;
    return first ? Object.keys(first) : null;
  } catch {
    return null;
  }
}

const guess = (keys: string[], pattern: RegExp) => keys.find((k) => pattern.test(k)) ?? keys[0] ?? '';

/** Upload of a boundary file: the name, the file and which properties hold the area code and name (read from the file where possible). */
export function MapUploadForm({ action, onUploaded }: { action: string; onUploaded: (made: MapSummary) => Promise<void> }) {
  const hydrated = useHydrated();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [keys, setKeys] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function choose(f: File | undefined) {
    setFile(f ?? null);
    const found = f ? await propertiesOf(f) : null;
    setKeys(found);
    if (found) {
      setCode(guess(found, /(code|statcode)$/i));
      setLabel(guess(found, /(naam|name)$/i));
    }
  }
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    if (!file) return setErrors({ file: [mapsNl.fileRequired] });
    setBusy(true);
    setErrors({});
    try {
      const res = await uploadFile<{ data: MapSummary }>(action, file, { showAlert: true, fields: { name, code_property: code, name_property: label } });
      // The form is empty again for the next file (the file input is the browser's own state).
      form.reset();
      setName('');
      setFile(null);
      setKeys(null);
      setCode('');
      setLabel('');
      await onUploaded(res.data);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setErrors(Object.keys(err.errors).length ? err.errors : { file: [err.message] });
    } finally {
      setBusy(false);
    }
  }
  const property = (field: 'code_property' | 'name_property', text: string, value: string, set: (v: string) => void) =>
    keys ? (
      <SelectField name={field} label={text} errors={errors} value={value} onChange={set}>
        {keys.map((k) => (
          <option key={k} value={k}>{k}</option>
        ))}
      </SelectField>
    ) : (
      <TextField name={field} label={text} errors={errors} value={value} onChange={set} />
    );

  return (
    <form className="flex max-w-xl flex-col gap-3 rounded border border-gray-200 p-4" onSubmit={(e) => void submit(e)} aria-labelledby="map-upload-title">
      <h3 id="map-upload-title" className="font-semibold">{t.upload}</h3>
      <TextField name="name" label={t.name} errors={errors} value={name} onChange={setName} />
      <label className="flex flex-col gap-1 text-sm">
        {t.file}
        <input name="file" type="file" accept=".json,.geojson,.topojson,application/json,application/geo+json" disabled={!hydrated || busy} onChange={(e) => void choose(e.target.files?.[0])} aria-invalid={!!errors.file} aria-describedby={errors.file ? 'file-error' : undefined} />
        {errors.file && <span id="file-error" className="text-red-700">{errors.file[0]}</span>}
      </label>
      {file && !keys && <p className="text-sm text-gray-700">{t.propertiesUnknown}</p>}
      {property('code_property', t.codeProperty, code, setCode)}
      {property('name_property', t.nameProperty, label, setLabel)}
      <button type="submit" className={`${buttonClass} self-start`} disabled={!hydrated || busy}>
        {busy ? t.uploading : t.upload}
      </button>
    </form>
  );
}
