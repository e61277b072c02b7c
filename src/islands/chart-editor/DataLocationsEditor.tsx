import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useEffect, useRef, useState } from 'react';
import { api, ApiError, request } from '../../shared/api-client';
import { chartEditorNl } from '../../shared/i18n/chart-editor';
import { useKeepEarlyInput } from '../early-input';
import ChartPreview from './ChartPreview';
import DataLocationRow from './DataLocationRow';
import { nMethodsOf } from './column-key';
import QuestionPicker, { type PickerSurvey } from './QuestionPicker';
import { RCHART_TYPE_ID } from './RChartForm';
import MapSettings from './MapSettings';
import { CHART_TYPES } from '../../shared/lookups';
import { $draft, $preview, initDraft, loadPreview, type ChartDraft, type DataLocation } from './editor.store';
import { useStore } from '@nanostores/react';
import { confirmAction } from '../shell/confirm';

const t = chartEditorNl.datasets;
const MAP_TYPE_ID = CHART_TYPES.find((c) => c.key === 'map')!.id;

interface Props {
  reportId: number;
  lang: string;
  minN: number;
  chart: ChartDraft;
  locations: DataLocation[];
  surveys: PickerSurvey[];
}

/** Tab 'Datasets': the chart's data locations (add, label, N method, remove, reorder) with the live preview. */
export default function DataLocationsEditor({ reportId, lang, minN, chart, locations: initial, surveys }: Props) {
  // Once per mounted editor (per request on the server), before the preview reads the store.
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const inited = useRef(false);
  if (!inited.current) {
    initDraft(chart);
    inited.current = true;
  }
  const chartId = chart.id!;
  const [locations, setLocations] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [types, setTypes] = useState<Record<string, string>>({});
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  // Question texts for the names in the list (a column key starts with its question code).
  useEffect(() => {
    for (const sid of new Set(locations.map((l) => l.survey_id))) {
      request<{ data: { code: string; question: string; type: string }[] }>('GET', `/api/v2/survey/${sid}/question`)
        .then((r) => {
          setTexts((prev) => ({ ...prev, ...Object.fromEntries(r.data.map((q) => [`${sid}:${q.code}`, q.question])) }));
          setTypes((prev) => ({ ...prev, ...Object.fromEntries(r.data.map((q) => [`${sid}:${q.code}`, q.type])) }));
        })
        .catch(() => undefined);
    }
  }, [locations.map((l) => l.survey_id).join(',')]);

  // One row of a matrix question reads by its subquestion ('Onderhoud van straten'), then the question.
  const preview = useStore($preview);
  const answerOf = (l: DataLocation) => preview.locations.find((p) => String(p.id) === String(l.id));
  const nameOf = (l: DataLocation) => {
    const a = answerOf(l);
    const question = a?.question || texts[`${l.survey_id}:${l.column_key.split('_')[0]}`];
    if (l.label) return l.label;
    if (a?.subquestion) return `${a.subquestion} – ${question ?? l.column_key}`;
    return question || l.column_key;
  };
  const refresh = () => void loadPreview(reportId, chartId, lang, $draft.get()?.granularity_id ?? 0);

  async function mutate(fn: () => Promise<void>) {
    setBusy(true);
    try {
      await fn();
      refresh();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  }

  const reorder = (from: number, to: number) =>
    mutate(async () => {
      const next = arrayMove(locations, from, to);
      setLocations(next);
      try {
        await api('PATCH', `/api/v2/chart/${chartId}/dataLocation/order`, { body: { order: next.map((l) => l.id) } });
        setStatus(t.moved(nameOf(next[to]!), to + 1, next.length));
      } catch (err) {
        setLocations(locations);
        throw err;
      }
    });

  function onDragEnd(e: DragEndEvent) {
    if (!e.over || e.active.id === e.over.id) return;
    const from = locations.findIndex((l) => l.id === e.active.id);
    const to = locations.findIndex((l) => l.id === e.over!.id);
    if (from >= 0 && to >= 0) void reorder(from, to);
  }

  const update = (l: DataLocation, patch: Partial<DataLocation>) =>
    mutate(async () => {
      const res = await api<{ data: DataLocation }>('PUT', `/api/v2/dataLocation/${l.id}`, { body: patch });
      setLocations((list) => list.map((x) => (x.id === l.id ? res.data : x)));
    });

  const remove = async (l: DataLocation) =>
    (await confirmAction(t.removeConfirm)) &&
    mutate(async () => {
      await api('DELETE', `/api/v2/dataLocation/${l.id}`);
      setLocations((list) => list.filter((x) => x.id !== l.id));
    });

  const announcements = {
    onDragStart: ({ active }: { active: { id: string | number } }) => `${nameOf(locations.find((l) => l.id === active.id)!)} opgepakt.`,
    onDragOver: ({ over }: { over: { id: string | number } | null }) => (over ? `Boven plaats ${locations.findIndex((l) => l.id === over.id) + 1}.` : undefined),
    onDragEnd: ({ over }: { over: { id: string | number } | null }) => (over ? `Neergezet op plaats ${locations.findIndex((l) => l.id === over.id) + 1}.` : 'Neergezet.'),
    onDragCancel: () => 'Verplaatsen geannuleerd.',
  };

  return (
    <div ref={keepInput} className="grid gap-6 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-4">
        <h2 className="font-semibold">{t.heading}</h2>
        {chart.chart_type_id === RCHART_TYPE_ID && <p className="text-sm">{t.rchartNote}</p>}
        {locations.length === 0 ? (
          <p className="text-sm">{t.none}</p>
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t.dragHandle('') } }}>
            <SortableContext items={locations.map((l) => l.id)} strategy={verticalListSortingStrategy}>
              <ol className="flex flex-col gap-2" aria-label={t.heading} data-location-list>
                {locations.map((l, i) => (
                  <DataLocationRow key={l.id} location={l} name={nameOf(l)} methods={nMethodsOf(types[`${l.survey_id}:${l.column_key}`])} index={i} count={locations.length} disabled={busy}
                    onMove={(d) => void reorder(i, i + d)} onUpdate={(p) => void update(l, p)} onRemove={() => void remove(l)} />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
        <p className="sr-only" role="status">{status}</p>
        <QuestionPicker chartId={chartId} surveys={surveys} onAdded={(l) => { setLocations((list) => [...list, l]); refresh(); }} />
        {chart.chart_type_id === MAP_TYPE_ID && (
          <MapSettings key={locations[0]?.survey_id ?? 0} chartId={chartId} lang={lang} onSaved={refresh}
            valueCodes={(preview.locations[0]?.codes ?? []).map((code, i) => ({ code, label: preview.locations[0]?.labels?.[i] ?? code }))} />
        )}
      </div>
      <ChartPreview reportId={reportId} lang={lang} minN={minN} />
    </div>
  );
}
