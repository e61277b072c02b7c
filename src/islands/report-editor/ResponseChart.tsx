import { useState } from 'react';
import { reportEditorNl } from '../../shared/i18n/report-editor';
import { TextField } from './fields';
import { SurveyForm, type SurveyChoice } from './SurveyForm';

const t = reportEditorNl.response;

/** Tab 'Respons': PUT report/{id}/responseChart — a KPI chart with the survey's response count. */
export default function ResponseChart({ reportId, surveys }: { reportId: number; surveys: SurveyChoice[] }) {
  const [title, setTitle] = useState<string>(t.defaultTitle);
  const [done, setDone] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{t.heading}</h2>
      <p className="text-sm text-gray-700">{t.intro}</p>
      <SurveyForm path={`/report/${reportId}/responseChart`} surveys={surveys} extra={{ title }} onDone={() => setDone(true)} labels={{ survey: t.survey, choose: reportEditorNl.seed.chooseSurvey, none: reportEditorNl.seed.noSurveys, submit: t.submit }}>
        <TextField name="title" label={t.title} errors={{}} value={title} onChange={setTitle} />
      </SurveyForm>
      {done && <p role="status" className="text-sm">{t.done}</p>}
    </div>
  );
}
