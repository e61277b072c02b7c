import { useEffect, useState, type SubmitEvent } from 'react';
import { ApiError, request } from '../../shared/api-client';
import { formatDateTime } from '../../shared/format';
import { zknNl } from '../../shared/i18n/zkn';
import { FileFormat } from './FileFormat';
import { url } from '../../shared/urls';
import { MAX_RATINGS_BYTES, REQUIRED_RATING_FIELDS } from '../../shared/validation/zkn';
import { messages } from '../../shared/validation/messages';
import { uploadFile } from '../upload';
import { useHydrated } from '../use-hydrated';
import { addAlert } from '../../shared/stores/alerts';
import SurveyMapping from './SurveyMapping';
import { suggestMapping } from './suggest-mapping';
import type { RatingJobView, RatingSurveyView } from './types';
import { useKeepEarlyInput } from '../early-input';
import { ScrollRegion } from '../shell/ScrollRegion';

const t = zknNl.screens;
const busy = (j: RatingJobView) => j.status === 'queued' || j.status === 'running';

/** /ZorgkaartNederland/ratings: the rating jobs (polled while one runs) and, with zkn.create, the form to start one. */
export default function RatingJobs({ initial, canCreate, surveys = [] }: { initial: RatingJobView[]; canCreate: boolean; surveys?: RatingSurveyView[] }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [jobs, setJobs] = useState(initial);
  const [name, setName] = useState('');
  const [minN, setMinN] = useState('10');
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<'file' | 'survey'>('file');
  const [surveyId, setSurveyId] = useState('');
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!jobs.some(busy)) return;
    const timer = setTimeout(async () => {
      try {
        setJobs((await request<{ data: RatingJobView[] }>('GET', '/api/v2/ratingJob')).data);
      } catch {
        setJobs([...jobs]);
      }
    }, 1000);
    return () => clearTimeout(timer);
  }, [jobs]);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const local: Record<string, string[]> = {};
    if (!name.trim()) local.name = [messages.required];
    if (source === 'file') {
      if (!file) local.file = [zknNl.file.none];
      else if (file.size > MAX_RATINGS_BYTES) local.file = [zknNl.file.tooLarge];
    } else if (!surveyId) local.survey_id = [zknNl.survey.choose];
    else for (const f of REQUIRED_RATING_FIELDS) if (!mapping[f]) local[`mapping.${f}`] = [zknNl.survey.required(f)];
    setErrors(local);
    if (Object.keys(local).length) return;
    setSending(true);
    try {
      if (source === 'file') await uploadFile('/api/v2/ratingJob', file!, { fields: { name: name.trim(), min_n: minN }, showAlert: true });
      else {
        const res = await request<{ alert?: string }>('POST', '/api/v2/ratingJob', { name: name.trim(), min_n: minN, survey_id: Number(surveyId), mapping });
        if (res.alert) addAlert(res.alert, true);
      }
      setJobs((await request<{ data: RatingJobView[] }>('GET', '/api/v2/ratingJob')).data);
      setName('');
    } catch (err) {
      setErrors(err instanceof ApiError ? { _: [err.message], ...err.errors } : { _: [String(err)] });
    } finally {
      setSending(false);
    }
  }

  const fieldError = (key: string) => errors[key]?.length ? <ul id={`zkn-${key}-error`} className="text-sm text-red-700 list-none">{errors[key]!.map((m) => <li key={m}>{m}</li>)}</ul> : null;

  return (
    <div ref={keepInput} className="flex flex-col gap-6">
      <section className="rounded-lg bg-white shadow p-4 sm:p-6" aria-labelledby="zkn-jobs">
        <h2 id="zkn-jobs" className="text-lg font-semibold mb-3">{t.jobsTitle}</h2>
        {jobs.length === 0 ? (
          <p className="text-sm text-gray-700">{t.noJobs}</p>
        ) : (
          <ScrollRegion label={t.jobsTitle}>
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left border-b">
                  <th className="py-2 pr-3">{t.columns.name}</th>
                  <th className="py-2 pr-3">{t.columns.created}</th>
                  <th className="py-2 pr-3">{t.columns.status}</th>
                  <th className="py-2 pr-3 text-right">{t.columns.ratings}</th>
                  <th className="py-2 pr-3 text-right">{t.columns.providers}</th>
                  <th className="py-2 text-right">{t.columns.minN}</th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((j) => (
                  <tr key={j.id} className="border-b last:border-0 align-top">
                    <td className="py-2 pr-3">
                      <a className="text-brand underline" href={url(`/ZorgkaartNederland/ratings/${j.id}`)}>{j.name}</a>
                      {j.file_name && <div className="text-xs text-gray-600">{j.file_name}</div>}
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(j.created_at)}</td>
                    <td className="py-2 pr-3" aria-live="polite">
                      {t.status[j.status]}
                      {busy(j) && <progress className="block w-24 h-2 mt-1" max={100} value={j.progress} aria-label={`${t.progress} ${j.progress}%`} />}
                      {j.status === 'failed' && j.error && <div className="text-xs text-red-700">{j.error}</div>}
                    </td>
                    <td className="py-2 pr-3 text-right">{j.status === 'done' ? j.rating_count : '—'}</td>
                    <td className="py-2 pr-3 text-right">{j.status === 'done' ? j.provider_count : '—'}</td>
                    <td className="py-2 text-right">{j.min_n}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
      {canCreate && (
        <section className="rounded-lg bg-white shadow p-4 sm:p-6" aria-labelledby="zkn-new">
          <h2 id="zkn-new" className="text-lg font-semibold mb-1">{t.newJob}</h2>
          {source === 'file' && <FileFormat kind="ratings" />}
          <form method="post" className="flex flex-col gap-3 max-w-xl" onSubmit={submit} noValidate>
            <label className="flex flex-col gap-1 text-sm">
              {t.name}
              <input className="rounded border border-gray-400 px-3 py-2" value={name} maxLength={191} onChange={(e) => setName(e.target.value)} aria-invalid={!!errors.name} aria-describedby={errors.name ? 'zkn-name-error' : undefined} />
              {fieldError('name')}
            </label>
            <label className="flex flex-col gap-1 text-sm">
              {t.minN}
              <input className="rounded border border-gray-400 px-3 py-2 w-32" type="number" min={2} max={1000} value={minN} onChange={(e) => setMinN(e.target.value)} aria-invalid={!!errors.min_n} aria-describedby={errors.min_n ? 'zkn-min_n-error' : undefined} />
              {fieldError('min_n')}
            </label>
            <fieldset className="flex flex-wrap gap-4 text-sm">
              <legend className="mb-1">{t.source}</legend>
              {(['file', 'survey'] as const).map((v) => (
                <label key={v} className="flex items-center gap-2">
                  <input type="radio" name="zkn-source" value={v} checked={source === v} onChange={() => { setSource(v); setErrors({}); }} />
                  {v === 'file' ? t.sourceFile : t.sourceSurvey}
                </label>
              ))}
            </fieldset>
            {source === 'file' ? (
              <label className="flex flex-col gap-1 text-sm">
                {t.ratingsFile}
                <input type="file" accept=".csv,.txt,text/csv,text/plain" onChange={(e) => setFile(e.target.files?.[0] ?? null)} aria-invalid={!!errors.file} aria-describedby={errors.file ? 'zkn-file-error' : undefined} />
                {fieldError('file')}
              </label>
            ) : (
              <SurveyMapping surveys={surveys} surveyId={surveyId} onSurvey={(id) => { setSurveyId(id); setMapping(suggestMapping(surveys.find((s) => String(s.id) === id))); setErrors({}); }} mapping={mapping} onMapping={setMapping} fieldError={fieldError} errors={errors} />
            )}
            {errors._ && !Object.keys(errors).some((k) => k !== '_') && <p className="text-sm text-red-700">{errors._[0]}</p>}
            <button className="self-start rounded bg-brand text-white px-4 py-2 hover:bg-brand-dark disabled:opacity-50" type="submit" disabled={!hydrated || sending}>{t.start}</button>
          </form>
        </section>
      )}
    </div>
  );
}
