import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import { ApiError, request } from '../../shared/api-client';
import { formatDateTime } from '../../shared/format';
import { surveysNl } from '../../shared/i18n/surveys';
import { url as portalUrl } from '../../shared/urls';
import { useHydrated } from '../use-hydrated';
import { JobProgress, useJob, type JobView } from './JobProgress';
import { useKeepEarlyInput } from '../early-input';
import { confirmAction } from '../shell/confirm';

const t = surveysNl.lime;
interface Connection { url: string; username: string; last_checked_at: string | null; last_error: string | null }
interface Remote { sid: number; title: string; active: boolean; survey_id: number | null; sync_enabled: boolean | null; last_synced_at: string | null; last_error: string | null; last_result: { responses?: { changed: number }; tokens?: { changed: number; newCodes?: number } } | null }

/**
 * The company's LimeSurvey coupling (RemoteControl 2): the connection (saved only after a test
 * login; the password is never sent back), the installation's surveys with 'Structuur importeren'
 * for new ones and, for linked ones, 'Nu synchroniseren' and the quarter-hourly schedule.
 */
export default function LimeConnection({ initial }: { initial: Connection | null }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const [conn, setConn] = useState(initial);
  const [form, setForm] = useState({ url: initial?.url ?? '', username: initial?.username ?? '', password: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [remote, setRemote] = useState<Remote[] | null>(null);
  const [remoteError, setRemoteError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [mine, setMine] = useState(false);
  const [started, setStarted] = useState<JobView | null>(null);
  const job = useJob(started);

  const load = useCallback(async () => {
    if (!conn) return setRemote(null);
    try {
      setRemote((await request<{ data: { surveys: Remote[] } }>('GET', `/api/v2/survey/lime/surveys${mine ? '?mine=1' : ''}`)).data.surveys);
      setRemoteError(null);
    } catch (err) {
      setRemote(null);
      setRemoteError(err instanceof ApiError ? err.message : String(err));
    }
  }, [conn, mine]);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    if (job?.status === 'done' || job?.status === 'failed') void load();
  }, [job?.status, load]);

  async function save(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    try {
      setConn((await request<{ data: Connection }>('PUT', '/api/v2/survey/lime', form)).data);
      setErrors({});
      setForm({ ...form, password: '' });
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }
  async function remove() {
    if (!(await confirmAction(t.removeConfirm, { confirmText: t.remove }))) return;
    await request('DELETE', '/api/v2/survey/lime');
    setConn(null);
    setRemote(null);
  }
  async function importSurvey(sid: number) {
    setBusy(true);
    try {
      const res = await request<{ data: { sync_job_id: number | null } }>('POST', '/api/v2/survey/lime/import', { sid });
      if (res.data.sync_job_id) setStarted({ id: res.data.sync_job_id, status: 'queued', progress: 0 });
      await load();
    } catch {
      // the API client shows the Dutch message as an alert
    } finally {
      setBusy(false);
    }
  }
  async function sync(surveyId: number) {
    setStarted((await request<{ data: JobView }>('POST', `/api/v2/survey/${surveyId}/lime/sync`, {})).data);
  }
  async function schedule(surveyId: number, on: boolean) {
    await request('PUT', `/api/v2/survey/${surveyId}/lime`, { sync_enabled: on });
    await load();
  }
  const remoteStatus = (s: Remote) =>
    s.survey_id ? (
      <div className="flex flex-col gap-1">
        <span>{s.last_synced_at ? t.lastSync(formatDateTime(s.last_synced_at)) : t.never}</span>
        {s.last_result?.responses && <span className="text-gray-600">{t.syncResult(s.last_result.responses.changed, s.last_result.tokens?.changed ?? 0, s.last_result.tokens?.newCodes ?? 0)}</span>}
        {s.last_error && <span className="text-red-700">{s.last_error}</span>}
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={!!s.sync_enabled} onChange={(e) => void schedule(s.survey_id!, e.target.checked)} />
          {t.schedule}
        </label>
      </div>
    ) : (
      <span>{t.notLinked}</span>
    );
  const remoteActions = (s: Remote) =>
    s.survey_id ? (
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={() => void sync(s.survey_id!)} className="rounded bg-brand px-2 py-1 text-white" aria-label={`${t.sync}: ${s.title}`}>{t.sync}</button>
        <a href={portalUrl(`/survey/${s.survey_id}/edit`)} className="rounded border border-brand px-2 py-1 text-brand" aria-label={`${t.open}: ${s.title}`}>{t.open}</a>
      </div>
    ) : (
      <div>
        <button type="button" disabled={busy} onClick={() => void importSurvey(s.sid)} className="rounded border border-brand px-2 py-1 text-brand disabled:opacity-50" aria-label={`${t.import}: ${s.title}`}>{t.import}</button>
      </div>
    );
  const err = (name: string) => errors[name]?.[0];
  const input = (name: 'url' | 'username' | 'password', label: string, type = 'text', hint?: string) => (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <input
        type={type}
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        aria-invalid={!!err(name)}
        aria-describedby={`lime-${name}-note`}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        className="rounded border border-gray-400 px-2 py-1.5"
      />
      <span id={`lime-${name}-note`} className={`[overflow-wrap:anywhere] ${err(name) ? 'text-red-700' : 'text-gray-600'}`}>{err(name) ?? hint ?? ''}</span>
    </label>
  );
  return (
    <div ref={keepInput} className="flex flex-col gap-6">
      <p className="max-w-3xl text-sm text-gray-700">{t.intro}</p>
      <form className="flex max-w-xl flex-col gap-2" onSubmit={save} noValidate>
        {input('url', t.url, 'url', t.urlHint)}
        {input('username', t.username)}
        {input('password', t.password, 'password', conn ? t.passwordKept : undefined)}
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={!hydrated || busy} className="rounded bg-brand px-4 py-2 text-sm text-white disabled:opacity-50">{t.save}</button>
          {conn && <button type="button" onClick={() => void remove()} className="rounded border border-red-700 px-4 py-2 text-sm text-red-700">{t.remove}</button>}
        </div>
      </form>
      <JobProgress job={job} label={t.sync} />
      {conn && (
        <section className="flex flex-col gap-2" aria-labelledby="lime-surveys">
          <h2 id="lime-surveys" className="text-lg font-semibold">{t.surveys}</h2>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={mine} onChange={(e) => setMine(e.target.checked)} />
            {t.mine}
          </label>
          {remoteError && <p className="text-sm text-red-700">{remoteError}</p>}
          {remote && remote.length === 0 && <p className="text-sm">{t.none}</p>}
          {remote && remote.length > 0 && (
            <>
              {/* Narrow screens: one card per survey; wider: the table. */}
              <ul className="flex flex-col gap-3 text-sm sm:hidden" aria-label={t.surveys}>
                {remote.map((s) => (
                  <li key={s.sid} className="flex flex-col gap-2 rounded border border-gray-200 p-3">
                    <span className="font-medium">{s.title}</span>
                    <span className="text-gray-700">{`${t.sid} ${s.sid} · ${t.active}: ${s.active ? surveysNl.overview.yes : surveysNl.overview.no}`}</span>
                    {remoteStatus(s)}
                    {remoteActions(s)}
                  </li>
                ))}
              </ul>
              <div className="relative hidden overflow-x-auto sm:block">
                <table className="w-full text-sm">
                  <caption className="sr-only">{t.surveys}</caption>
                  <thead className="bg-gray-100">
                    <tr>{[t.sid, t.surveyTitle, t.active, t.status].map((h) => <th key={h} scope="col" className="px-2 py-1 text-start">{h}</th>)}<th scope="col" className="px-2 py-1"><span className="sr-only">{t.import}</span></th></tr>
                  </thead>
                  <tbody>
                    {remote.map((s) => (
                      <tr key={s.sid} className="border-t border-gray-200 align-top">
                        <td className="px-2 py-1">{s.sid}</td>
                        <th scope="row" className="px-2 py-1 text-start font-medium">{s.title}</th>
                        <td className="px-2 py-1">{s.active ? surveysNl.overview.yes : surveysNl.overview.no}</td>
                        <td className="px-2 py-1">{remoteStatus(s)}</td>
                        <td className="px-2 py-1">{remoteActions(s)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </section>
      )}
    </div>
  );
}
