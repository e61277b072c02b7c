import { atom, computed } from 'nanostores';
import { ApiError, request } from '../../shared/api-client';
import type { DataLocationAnswer } from '../../shared/chart-spec';
import { chartEditorNl } from '../../shared/i18n/chart-editor';

/** The chart fields the Algemeen tab edits (the PUT chart body, snake_case like the API). */
export interface ChartDraft {
  id: number | null;
  section_id: number;
  chart_type_id: number;
  title: string;
  sorting_option_id: number | null;
  data_format_id: number | null;
  data_type_id: number | null;
  kpi_id: number | null;
  pattern_id: number | null;
  granularity_id: number;
  color_scheme_id: number | null;
  /** Effective options (chart options overlaid, as GET chart returns them). */
  options: Record<string, unknown>;
}

export interface DataLocation {
  id: number;
  chart_id: number;
  survey_id: number;
  column_key: string;
  label: string | null;
  n_method: 'respondents' | 'answers' | 'total';
  order: number;
}

export interface ChartOptionRow {
  id: number;
  chart_id: number;
  key: string;
  value: unknown;
}

export interface PreviewState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  locations: DataLocationAnswer[];
  error: string | null;
  /** 'Gewogen naar …' of the report's scheme when this chart's numbers follow it (the data answer's `weighting`). */
  weightedBy?: string | null;
}

/** What is on screen; edits change it at once so the preview redraws without a refetch. */
export const $draft = atom<ChartDraft | null>(null);
/** The last saved version, to tell unsaved changes apart. */
export const $saved = atom<ChartDraft | null>(null);
export const $preview = atom<PreviewState>({ status: 'idle', locations: [], error: null });
export const $dirty = computed([$draft, $saved], (d, s) => !!d && !!s && JSON.stringify(d) !== JSON.stringify(s));

export function initDraft(chart: ChartDraft): void {
  $draft.set(chart);
  $saved.set(chart);
}

export function setField<K extends keyof ChartDraft>(key: K, value: ChartDraft[K]): void {
  const d = $draft.get();
  if (d) $draft.set({ ...d, [key]: value });
}

export function setOption(key: string, value: unknown): void {
  const d = $draft.get();
  if (d) $draft.set({ ...d, options: { ...d.options, [key]: value } });
}

let sequence = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * Fetch the chart's data for the preview: one default benchmark over the report's period
 * (POST data/1/{lang}/report/{id}/chart/{cid}). Only data-changing edits (datasets, granularity,
 * a save) come here; colours, type, sorting and format redraw from the last answer. The plain
 * `request` is used on purpose: a failing preview shows its message in place, never an alert or
 * the 404 page; an older answer arriving late is dropped.
 */
export async function loadPreview(reportId: number, chartId: number, lang: string, granularityId: number): Promise<void> {
  const mine = ++sequence;
  $preview.set({ ...$preview.get(), status: 'loading', error: null });
  try {
    const res = await request<{ data: { dataLocations: DataLocationAnswer[]; weighting?: { label: string } | null } }>('POST', `/api/v2/data/1/${lang}/report/${reportId}/chart/${chartId}`, {
      benchmarks: [{}],
      granularity: granularityId,
    });
    if (mine === sequence) $preview.set({ status: 'ready', locations: res.data.dataLocations, error: null, weightedBy: res.data.weighting?.label ?? null });
  } catch (err) {
    const message = err instanceof ApiError ? (Object.values(err.errors)[0]?.[0] ?? err.message) : chartEditorNl.preview.failed;
    if (mine === sequence) $preview.set({ status: 'error', locations: [], error: message });
  }
}

/** Debounced loadPreview for typing-speed changes (granularity picks, label edits). */
export function schedulePreview(reportId: number, chartId: number, lang: string, granularityId: number, delay = 350): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void loadPreview(reportId, chartId, lang, granularityId), delay);
}

/** The chart options to write after a save: changed keys only, POST for new keys, PUT for known rows, DELETE for cleared ones. */
export async function saveChartOptions(chartId: number, rows: ChartOptionRow[], before: Record<string, unknown>, after: Record<string, unknown>, keys: readonly string[]): Promise<ChartOptionRow[]> {
  const out = [...rows];
  for (const key of keys) {
    if (after[key] === before[key]) continue;
    const row = out.find((r) => r.key === key);
    // A cleared number ('Maximaal aantal categorieën', decimals) removes its row: the default applies again.
    if (after[key] === undefined) {
      if (row) {
        await request('DELETE', `/api/v2/chart/${chartId}/chartOption/${row.id}`);
        out.splice(out.indexOf(row), 1);
      }
      continue;
    }
    const saved = row
      ? (await request<{ data: ChartOptionRow }>('PUT', `/api/v2/chart/${chartId}/chartOption/${row.id}`, { value: after[key] })).data
      : (await request<{ data: ChartOptionRow }>('POST', `/api/v2/chart/${chartId}/chartOption`, { key, value: after[key] })).data;
    const i = out.findIndex((r) => r.key === key);
    if (i >= 0) out[i] = saved;
    else out.push(saved);
  }
  return out;
}
