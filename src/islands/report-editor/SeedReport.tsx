import { useState } from 'react';
import { reportEditorNl } from '../../shared/i18n/report-editor';
import { url } from '../../shared/urls';
import { CheckField } from './fields';
import { SurveyForm, type SurveyChoice } from './SurveyForm';
import { useKeepEarlyInput } from '../early-input';

const t = reportEditorNl.seed;

interface Seeded {
  sections?: { charts?: unknown[] }[];
}

/** Tab 'Vulling': PUT report/{id}/seed with a survey of the project (one section per question group). */
export default function SeedReport({ reportId, surveys }: { reportId: number; surveys: SurveyChoice[] }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const [replace, setReplace] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  function finished(data: Seeded) {
    const sections = data.sections ?? [];
    setDone(t.done(sections.length, sections.reduce((n, s) => n + (s.charts?.length ?? 0), 0)));
  }
  return (
    <div ref={keepInput} className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{t.heading}</h2>
      <p className="text-sm text-gray-700">{t.intro}</p>
      <SurveyForm<Seeded> path={`/report/${reportId}/seed`} surveys={surveys} extra={{ replace }} confirm={replace ? t.replaceConfirm : undefined} onDone={finished} labels={{ survey: t.survey, choose: t.chooseSurvey, none: t.noSurveys, submit: t.submit }}>
        <CheckField name="replace" label={t.replace} checked={replace} onChange={setReplace} />
      </SurveyForm>
      {done && (
        <p role="status" className="text-sm">
          {done} <a className="underline" href={url(`/report/${reportId}/edit/base`)}>{reportEditorNl.sections.heading}</a>
        </p>
      )}
    </div>
  );
}
