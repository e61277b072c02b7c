import { reportEditorNl } from '../../shared/i18n/report-editor';
import { CHART_TYPES } from '../../shared/lookups';
import { url } from '../../shared/urls';
import { deleteChart, moveChart, type EditorSection } from './editor.store';
import { dangerButtonClass, secondaryButtonClass } from './fields';
import { MoveButtons } from './MoveButtons';
import { DragHandle, SortableList } from './SortableList';
import { confirmAction } from '../shell/confirm';

const t = reportEditorNl.sections;

/** The charts of one section: reorder (drag, keyboard, buttons), edit link, delete; add link. */
export function ChartList({ reportId, section, hydrated }: { reportId: number; section: EditorSection; hydrated: boolean }) {
  const move = (from: number, to: number) => void moveChart(section.id, from, to);
  const chartBase = `/report/${reportId}/section/${section.id}/chart`;
  async function remove(chartId: number, title: string) {
    if (!(await confirmAction(t.removeChartConfirm(title)))) return;
    await deleteChart(section.id, chartId).catch(() => undefined);
  }
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold text-gray-700">{t.charts}</h4>
      {section.charts.length === 0 ? (
        <p className="text-sm text-gray-600">{t.noCharts}</p>
      ) : (
        <SortableList items={section.charts} prefix={`c${section.id}`} label={`${t.charts}: ${section.title}`} onMove={move}>
          {(chart, index, handle) => (
            <div className="flex flex-wrap items-center gap-2 rounded border border-gray-200 bg-gray-50 px-2 py-1">
              <DragHandle handle={handle} label={t.drag(chart.title)} />
              <span className="flex-1 text-sm">
                {chart.title} <span className="text-gray-600">· {CHART_TYPES.find((c) => c.id === chart.chart_type_id)?.name}</span>
              </span>
              <MoveButtons index={index} count={section.charts.length} title={chart.title} onMove={move} />
              <a href={url(`${chartBase}/${chart.id}/edit`)} className={secondaryButtonClass} aria-label={`${t.editChart}: ${chart.title}`}>{t.editChart}</a>
              <button type="button" disabled={!hydrated} className={dangerButtonClass} aria-label={`${t.removeChart}: ${chart.title}`} onClick={() => remove(chart.id, chart.title)}>
                {t.removeChart}
              </button>
            </div>
          )}
        </SortableList>
      )}
      <a href={url(`${chartBase}/new`)} className={`${secondaryButtonClass} self-start`}>{t.addChart}</a>
    </div>
  );
}
