import { useState } from 'react';
import { reportEditorNl } from '../../shared/i18n/report-editor';
import { SelectField, TextField } from './fields';
import { SurveyForm, type SurveyChoice } from './SurveyForm';
import { useKeepEarlyInput } from '../early-input';

const t = reportEditorNl.response;

/**
 * Tab 'Respons': PUT report/{id}/responseChart { survey_id, section_id?, title } — the report's
 * one KPI chart with the survey's response count (created or updated).
 */
export default function ResponseChart({ reportId, surveys, sections }: { reportId: number; surveys: SurveyChoice[]; sections: { id: number; title: string }[] }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const [title, setTitle] = useState<string>(t.defaultTitle);
  const [section, setSection] = useState('');
  const [done, setDone] = useState(false);
  const extra = { title, ...(section ? { section_id: Number(section) } : {}) };
  return (
    <div ref={keepInput} className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{t.heading}</h2>
      <p className="text-sm text-gray-700">{t.intro}</p>
      <SurveyForm path={`/report/${reportId}/responseChart`} surveys={surveys} extra={extra} onDone={() => setDone(true)} labels={{ survey: t.survey, choose: reportEditorNl.seed.chooseSurvey, none: reportEditorNl.seed.noSurveys, submit: t.submit }}>
        <SelectField name="section_id" label={t.section} errors={{}} value={section} onChange={setSection}>
          <option value="">{t.firstSection}</option>
          {sections.map((s) => <option key={s.id} value={s.id}>{s.title}</option>)}
        </SelectField>
        <TextField name="title" label={t.title} errors={{}} value={title} onChange={setTitle} />
      </SurveyForm>
      {done && <p role="status" className="text-sm">{t.done}</p>}
    </div>
  );
}
