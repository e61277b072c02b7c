import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { weightingNl } from '../../shared/i18n/weighting';
import { parseTargetsCsv, type WeightingQuestion, type WeightingSchemeDto } from '../../shared/validation/weighting';
import { buttonClass, secondaryButtonClass, SelectField, TextField, type FieldErrors } from '../report-editor/fields';

const t = weightingNl.screen.form;
const m = weightingNl.methods;

const toCsv = (targets: Record<string, number>) => Object.entries(targets).map(([c, v]) => `${c};${v}`).join('\n');

interface Props {
  surveyId: number;
  questions: WeightingQuestion[];
  /** The scheme to edit; absent for a new one. */
  scheme?: WeightingSchemeDto;
  onSaved: (s: WeightingSchemeDto) => void;
  onCancel: () => void;
}

/** Define a scheme: questions, targets pasted or uploaded as 'code;aantal' / 'code;aandeel' (or typed), method and options. */
export default function WeightingForm({ surveyId, questions, scheme, onSaved, onCancel }: Props) {
  const [name, setName] = useState(scheme?.name ?? '');
  const [method, setMethod] = useState<string>(scheme?.method ?? 'rake');
  const [kind, setKind] = useState<'counts' | 'shares'>(scheme?.targets_are ?? 'counts');
  const [start, setStart] = useState(scheme?.start_date ?? '');
  const [end, setEnd] = useState(scheme?.end_date ?? '');
  const [chosen, setChosen] = useState<string[]>(scheme?.variables.map((v) => v.column_key) ?? []);
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries((scheme?.variables ?? []).map((v) => [v.column_key, toCsv(v.targets)])));
  const [cells, setCells] = useState(scheme?.cell_targets ? toCsv(scheme.cell_targets) : '');
  const [lower, setLower] = useState(scheme?.trim ? String(scheme.trim.lower) : '');
  const [upper, setUpper] = useState(scheme?.trim ? String(scheme.trim.upper) : '');
  const [maxIt, setMaxIt] = useState(String(scheme?.max_iterations ?? 100));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Opening the form (new or edit) puts the keyboard in its first field.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);
  const crossed = method === 'poststratify' && chosen.length === 2;

  const toggle = (key: string) => setChosen((c) => (c.includes(key) ? c.filter((k) => k !== key) : [...c, key]));
  const upload = (key: string, file: File | undefined) => void file?.text().then((text) => (key === '' ? setCells(text) : setTexts((old) => ({ ...old, [key]: text }))));

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const found: FieldErrors = {};
    const variables = chosen.map((column_key) => {
      if (crossed) return { column_key };
      const parsed = parseTargetsCsv(texts[column_key] ?? '', kind);
      if ('error' in parsed) found[`targets.${column_key}`] = [parsed.error];
      return { column_key, targets: 'targets' in parsed ? parsed.targets : {} };
    });
    let cellTargets: Record<string, number> | null = null;
    if (crossed) {
      const parsed = parseTargetsCsv(cells, kind);
      if ('error' in parsed) found.cell_targets = [parsed.error];
      else cellTargets = parsed.targets;
    }
    if (Object.keys(found).length) return setErrors(found);
    const body = {
      name,
      method,
      targets_are: kind,
      start_date: start || null,
      end_date: end || null,
      variables,
      cell_targets: cellTargets,
      trim: lower || upper ? { lower: Number(lower.replace(',', '.') || 0), upper: Number(upper.replace(',', '.') || 0) } : null,
      max_iterations: Number(maxIt),
    };
    setBusy(true);
    try {
      const res = await api<{ data: WeightingSchemeDto }>(scheme ? 'PUT' : 'POST', `/api/v2/survey/${surveyId}/weighting${scheme ? `/${scheme.id}` : ''}`, { body });
      setErrors({});
      onSaved(res.data);
    } catch (err) {
      if (!(err instanceof ApiError) || err.cancelled) throw err;
      // zod names a variable's targets by position ('variables.1.targets'): shown under that question's field.
      const mapped: FieldErrors = {};
      for (const [key, messages] of Object.entries(err.errors)) {
        const at = /^variables\.(\d+)\.targets/.exec(key);
        mapped[at && chosen[Number(at[1])] ? `targets.${chosen[Number(at[1])]}` : key] = messages;
      }
      // (The API client shows every refusal as an alert as well; these put it beside its field.)
      setErrors(mapped);
    } finally {
      setBusy(false);
    }
  }

  const error = (key: string) => errors[key]?.[0] && <p className="text-sm text-red-700" role="alert">{errors[key]![0]}</p>;
  return (
    <form ref={formRef} method="post" noValidate onSubmit={submit} className="flex flex-col gap-4 border-t border-gray-200 pt-4" aria-labelledby="weighting-form-heading">
      <h3 id="weighting-form-heading" className="font-semibold">{scheme ? t.editHeading(scheme.name) : t.newHeading}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label={weightingNl.screen.name} errors={errors} value={name} onChange={setName} />
        <SelectField name="method" label={t.method} errors={errors} value={method} onChange={setMethod}>
          <option value="rake">{m.rake}</option>
          <option value="poststratify">{m.poststratify}</option>
        </SelectField>
        <SelectField name="targets_are" label={t.targetsAre} errors={errors} value={kind} onChange={(v) => setKind(v as 'counts' | 'shares')}>
          <option value="counts">{t.counts}</option>
          <option value="shares">{t.shares}</option>
        </SelectField>
        <TextField name="max_iterations" inputMode="numeric" label={t.maxIterations} errors={errors} value={maxIt} onChange={setMaxIt} />
        <TextField name="start_date" type="date" label={t.startDate} errors={errors} value={start} onChange={setStart} />
        <TextField name="end_date" type="date" label={t.endDate} errors={errors} value={end} onChange={setEnd} />
        <TextField name="trim.lower" label={t.trimLower} errors={errors} value={lower} onChange={setLower} />
        <TextField name="trim.upper" label={t.trimUpper} errors={errors} value={upper} onChange={setUpper} />
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-semibold">{t.questions}</legend>
        {questions.map((q) => (
          <label key={q.key} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={chosen.includes(q.key)} onChange={() => toggle(q.key)} />
            <span>{q.key.startsWith('panel:') ? q.label : <><strong>{q.key}</strong> – {q.label}</>}</span>
          </label>
        ))}
        {error('variables')}
      </fieldset>
      {!crossed && chosen.map((key) => {
        const q = questions.find((x) => x.key === key);
        const name = q && key.startsWith('panel:') ? q.label : key;
        return (
          <div key={key} className="flex flex-col gap-1">
            <label className="text-sm font-semibold" htmlFor={`targets-${key}`}>{t.targetsFor(name)}</label>
            <p className="text-xs text-gray-600" id={`targets-help-${key}`}>{t.targetsHelp(kind)} {q?.codes.map((c) => `${c.code} = ${c.label}`).join(', ')}</p>
            <textarea id={`targets-${key}`} aria-describedby={`targets-help-${key}`} aria-invalid={!!errors[`targets.${key}`]} className="rounded border px-2 py-1 font-mono text-sm" rows={Math.min(9, (q?.codes.length ?? 3) + 2)} value={texts[key] ?? ''} onChange={(e) => setTexts((old) => ({ ...old, [key]: e.target.value }))} />
            <label className="text-xs">
              {t.upload} <input type="file" accept=".csv,.txt,text/csv,text/plain" aria-label={t.uploadFor(name)} onChange={(e) => upload(key, e.target.files?.[0])} />
            </label>
            {error(`targets.${key}`)}
          </div>
        );
      })}
      {crossed && (
        <div className="flex flex-col gap-1">
          <label className="text-sm font-semibold" htmlFor="cell-targets">{t.cellTargets}</label>
          <textarea id="cell-targets" className="rounded border px-2 py-1 font-mono text-sm" rows={8} value={cells} onChange={(e) => setCells(e.target.value)} />
          <label className="text-xs">
            {t.upload} <input type="file" accept=".csv,.txt,text/csv,text/plain" aria-label={t.uploadCells} onChange={(e) => upload('', e.target.files?.[0])} />
          </label>
          {error('cell_targets')}
        </div>
      )}
      {error('max_iterations')}
      {error('start_date')}
      {error('trim')}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass} disabled={busy}>{t.save}</button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>{t.cancel}</button>
      </div>
    </form>
  );
}
