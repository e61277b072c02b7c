import { useState, type SubmitEvent } from 'react';
import { api, ApiError, BASE } from '../../shared/api-client';
import { formatDate } from '../../shared/format';
import { panelsNl } from '../../shared/i18n/panels';
import type { MemberPanel } from '../../shared/dto/panels';
import { useHydrated } from '../use-hydrated';
import { buttonClass, dangerButtonClass } from '../report-editor/fields';
import { AnswerFields, readAnswers } from './AnswerFields';
import { useKeepEarlyInput } from '../early-input';
import { confirmAction } from '../shell/confirm';

const t = panelsNl.profile;

/** One panel of mine: its background form (PUT user/{id}/answer) and 'Afmelden'. */
function PanelCard({ userId, panel, onLeft }: { userId: number; panel: MemberPanel; onLeft: (closed: boolean) => void }) {
  const hydrated = useHydrated();
  const [answers, setAnswers] = useState(panel.answers);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [version, setVersion] = useState(0);

  async function save(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    setSaved(false);
    try {
      const res = await api<{ data: MemberPanel }>('PUT', `/api/v2/user/${userId}/answer`, { body: { panel_id: panel.id, data: readAnswers(new FormData(e.currentTarget), panel.fields) } });
      setAnswers(res.data.answers);
      setVersion((v) => v + 1);
      setErrors({});
      setSaved(true);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }
  async function leave() {
    if (!(await confirmAction(t.leaveConfirm))) return;
    setBusy(true);
    try {
      const res = await api<{ data: { account_closed: boolean } }>('DELETE', `/api/v2/panel/${panel.id}/user/${userId}`);
      onLeft(res.data.account_closed);
    } catch {
      setBusy(false);
    }
  }

  const headingId = `panel-${panel.id}-title`;
  return (
    <section className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow sm:p-6" aria-labelledby={headingId} data-panel={panel.id}>
      <div className="flex flex-wrap items-start gap-4">
        {panel.image_url && <img src={panel.image_url} alt={panelsNl.base.imageAlt(panel.name)} className="h-auto max-h-[250px] w-auto max-w-[min(300px,100%)] object-contain" />}
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-semibold">{panel.name}</h2>
          <p className="text-sm text-gray-700">{t.memberSince(formatDate(panel.joined_at))}</p>
          {panel.description && <p className="mt-1 whitespace-pre-line text-sm text-gray-700">{panel.description}</p>}
        </div>
      </div>
      {panel.fields.length === 0 ? (
        <p className="text-sm text-gray-700">{t.noFields}</p>
      ) : (
        <form key={version} method="post" noValidate onSubmit={save} className="flex max-w-2xl flex-col gap-4" aria-label={`${t.title}: ${panel.name}`}>
          <p className="text-sm text-gray-600">{t.requiredNote}</p>
          <AnswerFields fields={panel.fields} values={answers} errors={errors} />
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className={buttonClass} disabled={!hydrated || busy}>{t.save}</button>
            <span role="status" className="text-sm text-green-800">{saved ? t.saved : ''}</span>
          </div>
        </form>
      )}
      <div className="flex flex-col gap-2 border-t border-gray-200 pt-4">
        <p className="max-w-2xl text-sm text-gray-700">{t.leaveNote}</p>
        <div>
          <button type="button" className={dangerButtonClass} disabled={!hydrated || busy} onClick={leave}>{t.leave}</button>
        </div>
      </div>
    </section>
  );
}

/** ViewUserPanel ('Achtergrondgegevens', own profile only): my panels, my background data, leaving, my data as JSON. */
export default function UserPanels({ userId, initial }: { userId: number; initial: MemberPanel[] }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const [panels, setPanels] = useState(initial);
  function left(id: number, closed: boolean) {
    // A respondent-only account is gone with its last panel: the session ended with it.
    if (closed) return window.location.assign(`${BASE}/`);
    setPanels((list) => list.filter((p) => p.id !== id));
  }
  return (
    <div ref={keepInput} className="flex flex-col gap-6">
      <p className="max-w-2xl text-sm text-gray-700">{t.intro}</p>
      {panels.length === 0 && <p className="text-sm">{t.none}</p>}
      {panels.map((p) => (
        <PanelCard key={p.id} userId={userId} panel={p} onLeft={(closed) => left(p.id, closed)} />
      ))}
      <section className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow sm:p-6" aria-labelledby="own-data-title">
        <h2 id="own-data-title" className="text-lg font-semibold">{t.ownData}</h2>
        <p className="max-w-2xl text-sm text-gray-700">{t.downloadHelp}</p>
        <p className="max-w-2xl text-sm text-gray-700">{t.retention}</p>
        <div>
          <a className="inline-block rounded border border-brand px-3 py-1.5 text-sm text-brand hover:bg-brand-light" href={`${BASE}/api/v2/user/${userId}/panel-data`} download>{t.download}</a>
        </div>
      </section>
    </div>
  );
}
