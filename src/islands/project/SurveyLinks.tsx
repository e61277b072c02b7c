import { useState, type SubmitEvent } from 'react';
import { api } from '../../shared/api-client';
import { projectPagesNl as t } from '../../shared/i18n/projects';
import { useHydrated } from '../use-hydrated';
import { buttonClass, dangerButtonClass } from '../report-editor/fields';
import { useKeepEarlyInput } from '../early-input';
import { confirmAction } from '../shell/confirm';

interface Survey {
  id: number;
  displayTitle: string;
}

interface Props {
  projectId: number;
  initial: Survey[];
  /** Surveys of the project's organisation (the picker). */
  choices: Survey[];
  /** Link to the survey screen (?pid= brings the user back here), when the user may open it. */
  manageHref: string | null;
}

/** Tab 'Onderzoeken' for editors: link a survey of the organisation, unlink one (PUT/DELETE project/{id}/survey/{sid}). */
export default function SurveyLinks({ projectId, initial, choices, manageHref }: Props) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [linked, setLinked] = useState(initial);
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const free = choices.filter((c) => !linked.some((l) => l.id === c.id));

  async function change(method: 'PUT' | 'DELETE', surveyId: number) {
    setBusy(true);
    try {
      const res = await api<{ data: Survey[] }>(method, `/api/v2/project/${projectId}/survey/${surveyId}`);
      setLinked(res.data);
      setChoice('');
    } catch {
      // The client shows why (alert).
    } finally {
      setBusy(false);
    }
  }

  function link(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (choice) void change('PUT', Number(choice));
  }

  return (
    <div ref={keepInput} className="flex flex-col gap-4">
      {linked.length === 0 ? (
        <p className="text-sm text-gray-700">{t.noSurveys}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-200" data-testid="project-surveys">
          {linked.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 py-2">
              <span className="min-w-0 flex-1 font-medium">{s.displayTitle}</span>
              {manageHref && (
                <a className="text-sm text-brand underline" href={manageHref.replace(':sid', String(s.id))} aria-label={`${t.manageSurvey}: ${s.displayTitle}`}>
                  {t.manageSurvey}
                </a>
              )}
              <button
                type="button"
                className={dangerButtonClass}
                disabled={!hydrated || busy}
                aria-label={`${t.unlink}: ${s.displayTitle}`}
                onClick={async () => (await confirmAction(t.unlinkConfirm(s.displayTitle))) && void change('DELETE', s.id)}
              >
                {t.unlink}
              </button>
            </li>
          ))}
        </ul>
      )}
      {free.length > 0 ? (
        <form method="post" onSubmit={link} className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-1 basis-64 flex-col gap-1 text-sm">
            {t.linkSurvey}
            <select name="survey" className="w-full min-w-0 rounded border border-gray-400 bg-white px-2 py-1" value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value="">{t.chooseSurvey}</option>
              {free.map((s) => (
                <option key={s.id} value={s.id}>{s.displayTitle}</option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass} disabled={!hydrated || busy || !choice}>{t.link}</button>
        </form>
      ) : (
        <p className="text-sm text-gray-700">{t.noSurveysToLink}</p>
      )}
    </div>
  );
}
