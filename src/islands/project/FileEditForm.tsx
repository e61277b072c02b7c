import { useEffect, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { messagesPageNl as t } from '../../shared/i18n/messages';
import { FILE_DATA_TYPES, FILE_SUBJECT_TYPES } from '../../shared/lookups/files';
import { FileUpdate } from '../../shared/validation/project-messages';
import { buttonClass, issuesToErrors, secondaryButtonClass, SelectField, TextField, type FieldErrors } from '../report-editor/fields';

export interface EditableFile {
  id: number;
  name: string;
  extension: string;
  filename: string;
  file_subject_type_id: number | null;
  file_data_type_id: number | null;
}

interface Props<F extends EditableFile> {
  projectId: number;
  file: F;
  onSaved: (file: F) => void;
  onCancel: () => void;
}

// The API's field names → this form's (ids stay unique beside the message form).
const FIELDS = { name: 'file-name', file_subject_type_id: 'file-subject-type', file_data_type_id: 'file-data-type' } as const;
const toFormErrors = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([key, list]) => [FIELDS[key as keyof typeof FIELDS] ?? key, list]));
const idOrNull = (value: string) => (value === '' ? null : Number(value));

/**
 * Rename an attachment (spec 000 §5 file-name rule; the extension stays) and set its subject and
 * data type from the bootstrap lookups: PUT project/{id}/file/{fid}. Dutch messages beside the
 * field, from the same zod schema as the API, then the API's own 422 errors.
 */
export default function FileEditForm<F extends EditableFile>({ projectId, file, onSaved, onCancel }: Props<F>) {
  const [name, setName] = useState(file.name);
  const [subject, setSubject] = useState(file.file_subject_type_id === null ? '' : String(file.file_subject_type_id));
  const [data, setData] = useState(file.file_data_type_id === null ? '' : String(file.file_data_type_id));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => form.current?.querySelector('input')?.focus(), []);

  async function save(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = FileUpdate.safeParse({ name, file_subject_type_id: idOrNull(subject), file_data_type_id: idOrNull(data) });
    if (!parsed.success) {
      setErrors(toFormErrors(issuesToErrors(parsed.error)));
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setSaving(true);
    try {
      const res = await api<{ data: F }>('PUT', `/api/v2/project/${projectId}/file/${file.id}`, { body: parsed.data });
      onSaved(res.data);
    } catch (error) {
      if (error instanceof ApiError) setErrors(toFormErrors(error.errors));
      setSaving(false);
    }
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCancel();
    }
  };

  return (
    <form ref={form} className="flex flex-col gap-3 rounded bg-gray-50 p-3" onSubmit={save} onKeyDown={onKeyDown} aria-label={t.editFile(file.filename)} noValidate>
      <TextField name={FIELDS.name} label={t.fileName(file.extension)} errors={errors} value={name} onChange={setName} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField name={FIELDS.file_subject_type_id} label={t.subjectType} errors={errors} value={subject} onChange={setSubject}>
          <option value="">{t.noType}</option>
          {FILE_SUBJECT_TYPES.map((type) => <option key={type.id} value={type.id}>{type.name}</option>)}
        </SelectField>
        <SelectField name={FIELDS.file_data_type_id} label={t.dataType} errors={errors} value={data} onChange={setData}>
          <option value="">{t.noType}</option>
          {FILE_DATA_TYPES.map((type) => <option key={type.id} value={type.id}>{type.name}</option>)}
        </SelectField>
      </div>
      <div className="flex gap-2">
        <button type="submit" className={buttonClass} disabled={saving}>{saving ? t.saving : t.save}</button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel} disabled={saving}>{t.cancel}</button>
      </div>
    </form>
  );
}
