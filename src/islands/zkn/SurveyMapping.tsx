import { zknNl } from '../../shared/i18n/zkn';
import { RATING_FIELDS, REQUIRED_RATING_FIELDS } from '../../shared/validation/zkn';
import { suggestMapping } from './suggest-mapping';
import type { RatingSurveyView } from './types';

const t = zknNl.screens;
const selectClass = 'rounded border border-gray-400 px-3 py-2 max-w-full';

interface Props {
  surveys: RatingSurveyView[];
  surveyId: string;
  onSurvey: (id: string) => void;
  mapping: Record<string, string>;
  onMapping: (m: Record<string, string>) => void;
  fieldError: (key: string) => React.ReactNode;
  errors: Record<string, string[]>;
}

/** The 'Enquête' source of a new rating job: the survey, and which of its questions feeds which rating field. */
export default function SurveyMapping({ surveys, surveyId, onSurvey, mapping, onMapping, fieldError, errors }: Props) {
  if (!surveys.length) return <p className="text-sm text-gray-700">{t.noSurveys}</p>;
  const survey = surveys.find((s) => String(s.id) === surveyId);
  return (
    <>
      <label className="flex flex-col gap-1 text-sm">
        {t.survey}
        <select className={selectClass} value={surveyId} onChange={(e) => onSurvey(e.target.value)} aria-invalid={!!errors.survey_id} aria-describedby={errors.survey_id ? 'zkn-survey_id-error' : undefined}>
          <option value="">{t.chooseSurvey}</option>
          {surveys.map((s) => <option key={s.id} value={s.id}>{s.title}</option>)}
        </select>
        {fieldError('survey_id')}
      </label>
      {survey && (
        <fieldset className="flex flex-col gap-3 rounded border border-gray-300 p-3 min-w-0">
          <legend className="px-1 text-sm font-semibold">{t.mappingTitle}</legend>
          <p className="text-xs text-gray-700">{t.surveyHelp}</p>
          {Object.keys(suggestMapping(survey)).length > 0 && <p className="text-xs text-gray-700">{t.suggested}</p>}
          {RATING_FIELDS.map((f) => {
            const key = `mapping.${f}`;
            const id = `zkn-${key.replace('.', '-')}-error`;
            const required = REQUIRED_RATING_FIELDS.includes(f);
            return (
              <label key={f} className="flex flex-col gap-1 text-sm">
                {zknNl.fieldLabels[f]}{required ? ' *' : ''}
                <select className={selectClass} value={mapping[f] ?? ''} required={required} onChange={(e) => onMapping({ ...mapping, [f]: e.target.value })} aria-invalid={!!errors[key]} aria-describedby={errors[key] ? id : undefined}>
                  <option value="">{f === 'datum' ? zknNl.survey.submitDate : zknNl.survey.none}</option>
                  {survey.columns.filter((c) => c.fields.includes(f)).map((c) => <option key={c.key} value={c.key}>{c.label}</option>)}
                </select>
                {errors[key]?.length ? <ul id={id} className="text-sm text-red-700 list-none">{errors[key]!.map((m) => <li key={m}>{m}</li>)}</ul> : null}
              </label>
            );
          })}
        </fieldset>
      )}
    </>
  );
}
