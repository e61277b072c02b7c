import { useEffect, useMemo, useState } from 'react';
import { ApiError, api, request } from '../../shared/api-client';
import { mapsNl } from '../../shared/i18n/maps';
import { autoMapping } from '../../shared/map-mapping';
import { type FieldErrors, SelectField, buttonClass } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';

const t = mapsNl.editor;
/** LimeSurvey's single-choice list types (radio, dropdown, with comment): their answers can be areas. */
const SINGLE = new Set(['L', '!', 'O']);

interface View {
  settings: { map_id: number; area_column_key: string | null; mapping: Record<string, string>; answer_code: string | null; class_method: 'equal' | 'quantile'; class_count: number } | null;
  maps: { id: number; name: string; areas: { code: string; name: string }[] }[];
  survey_id: number | null;
}
type Question = { id: number; code: string; type: string; question: string };
type Answer = { code: string; answer: string };

/** The map chart's own settings (on the Datasets tab): map, area question, answer → area mapping (filled where codes or names match), value and legend classes. */
export default function MapSettings({ chartId, lang, valueCodes, onSaved }: { chartId: number; lang: string; valueCodes: { code: string; label: string }[]; onSaved: () => void }) {
  const hydrated = useHydrated();
  const [view, setView] = useState<View | null>(null);
  const [questions, setQuestions] = useState<Question[]>([]);
  const [answers, setAnswers] = useState<Answer[]>([]);
  const [mapId, setMapId] = useState('');
  const [column, setColumn] = useState('');
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [answerCode, setAnswerCode] = useState('');
  const [method, setMethod] = useState<'equal' | 'quantile'>('equal');
  const [count, setCount] = useState('5');
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    void request<{ data: View }>('GET', `/api/v2/chart/${chartId}/map`).then(({ data }) => {
      setView(data);
      const s = data.settings;
      setMapId(s ? String(s.map_id) : data.maps.length === 1 ? String(data.maps[0]!.id) : '');
      setColumn(s?.area_column_key ?? '');
      setMapping(s?.mapping ?? {});
      setAnswerCode(s?.answer_code ?? '');
      setMethod(s?.class_method ?? 'equal');
      setCount(String(s?.class_count ?? 5));
      if (data.survey_id) void request<{ data: Question[] }>('GET', `/api/v2/survey/${data.survey_id}/question/${lang}`).then((r) => setQuestions(r.data.filter((q) => SINGLE.has(q.type))));
    });
  }, [chartId]);
  const map = view?.maps.find((m) => String(m.id) === mapId) ?? null;
  const question = questions.find((q) => q.code === column) ?? null;
  useEffect(() => {
    if (!view?.survey_id || !question) return setAnswers([]);
    void request<{ data: Answer[] }>('GET', `/api/v2/survey/${view.survey_id}/question/${question.id}/answer/${lang}`).then((r) => setAnswers(r.data));
  }, [question?.id]);
  // Filled in where codes or names match; what the user chose stays.
  const filled = useMemo(() => (map ? autoMapping(answers.map((a) => ({ code: a.code, label: a.answer })), map.areas, mapping) : {}), [answers, map, mapping]);
  const unmatched = answers.filter((a) => !filled[a.code]).length;

  if (!view) return null;
  async function save(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      await api('PUT', `/api/v2/chart/${chartId}/map`, { body: { map_id: Number(mapId) || 0, area_column_key: column, mapping: filled, answer_code: answerCode || null, class_method: method, class_count: Number(count) } });
      setMapping(filled);
      onSaved();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
      else throw err;
    }
  }
  return (
    <form className="flex max-w-3xl flex-col gap-3 rounded border border-gray-200 p-4" onSubmit={(e) => void save(e)} aria-labelledby="map-settings-title" data-testid="map-settings">
      <h3 id="map-settings-title" className="font-semibold">{t.title}</h3>
      <p className="text-sm text-gray-700">{view.maps.length ? t.intro : t.noMaps}</p>
      {!view.survey_id && <p className="text-sm text-gray-700">{t.needsDataset}</p>}
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <SelectField name="map_id" label={t.map} errors={errors} value={mapId} onChange={setMapId}>
          <option value="">{t.choose}</option>
          {view.maps.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
        </SelectField>
        <SelectField name="area_column_key" label={t.areaQuestion} errors={errors} value={column} onChange={setColumn}>
          <option value="">{t.choose}</option>
          {questions.map((q) => <option key={q.id} value={q.code}>{`${q.code} – ${q.question}`}</option>)}
        </SelectField>
      </div>
      {map && answers.length > 0 && (
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="font-medium">{`${t.answer} → ${t.area}`}</legend>
          {answers.map((a) => (
            <label key={a.code} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-center gap-2">
              <span>{`${a.answer} (${a.code})`}</span>
              <select className="min-w-0 rounded border border-gray-400 bg-white px-2 py-1" value={filled[a.code] ?? ''} onChange={(e) => setMapping({ ...filled, [a.code]: e.target.value })} aria-label={`${t.area}: ${a.answer}`}>
                <option value="">{t.notOnMap}</option>
                {map.areas.map((ar) => <option key={ar.code} value={ar.code}>{`${ar.name} (${ar.code})`}</option>)}
              </select>
            </label>
          ))}
          {unmatched > 0 && <p className="text-amber-800" role="status">{t.unmatched(unmatched)}</p>}
          {errors.mapping && <p className="text-red-700">{errors.mapping[0]}</p>}
        </fieldset>
      )}
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        <SelectField name="answer_code" label={t.answerCode} errors={errors} value={answerCode} onChange={setAnswerCode}>
          <option value="">{t.topBox}</option>
          {valueCodes.map((v) => <option key={v.code} value={v.code}>{v.label}</option>)}
        </SelectField>
        <SelectField name="class_method" label={t.classMethod} errors={errors} value={method} onChange={(v) => setMethod(v as 'equal' | 'quantile')}>
          <option value="equal">{t.equal}</option>
          <option value="quantile">{t.quantile}</option>
        </SelectField>
        <SelectField name="class_count" label={t.classCount} errors={errors} value={count} onChange={setCount}>
          {[2, 3, 4, 5, 6, 7].map((n) => <option key={n} value={n}>{n}</option>)}
        </SelectField>
      </div>
      <button type="submit" className={`${buttonClass} self-start`} disabled={!hydrated}>{t.save}</button>
    </form>
  );
}
