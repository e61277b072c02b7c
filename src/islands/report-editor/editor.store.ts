import { atom } from 'nanostores';
import { api } from '../../shared/api-client';

/** A chart as the editor lists it (GET report/{id}?include=sections.charts). */
export interface EditorChart {
  id: number;
  section_id: number;
  title: string;
  chart_type_id: number;
  order: number;
}

/** A section with its charts; texts and widgets only when the API includes them. */
export interface EditorSection {
  id: number;
  report_id: number;
  title: string;
  order: number;
  charts: EditorChart[];
  texts?: EditorText[];
  widgets?: EditorWidget[];
}

/** A markdown text before/after the section (POST text, PUT/DELETE text/{id}). */
export interface EditorText {
  id: number;
  body: string;
  position: 'before' | 'after';
  section_id?: number | null;
  chart_id?: number | null;
}

/** A widget of the WIDGETS lookup placed in the section (POST widget, DELETE widget/{id}). */
export interface EditorWidget {
  id: number;
  section_id: number;
  widget_type_id: number;
  order: number;
  settings: Record<string, unknown> | null;
}

/** The sections of the report being edited (one editor per page). */
export const $sections = atom<EditorSection[]>([]);

const base = '/api/v2';

/** The list with the element at `from` moved to `to` (both clamped); a new array. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
}

/** Renumbers `order` 0…n−1 after a move, as the server does. */
export function renumber<T extends { order: number }>(list: readonly T[]): T[] {
  return list.map((item, order) => ({ ...item, order }));
}

function replaceSection(id: number, change: (s: EditorSection) => EditorSection) {
  $sections.set($sections.get().map((s) => (s.id === id ? change(s) : s)));
}

export async function addSection(reportId: number, title: string): Promise<EditorSection> {
  const res = await api<{ data: Omit<EditorSection, 'charts'> }>('POST', `${base}/report/${reportId}/section`, { body: { title } });
  const section: EditorSection = { ...res.data, charts: [] };
  $sections.set([...$sections.get(), section]);
  return section;
}

export async function renameSection(reportId: number, id: number, title: string): Promise<void> {
  await api('PUT', `${base}/report/${reportId}/section/${id}`, { body: { title } });
  replaceSection(id, (s) => ({ ...s, title }));
}

export async function deleteSection(reportId: number, id: number): Promise<void> {
  await api('DELETE', `${base}/report/${reportId}/section/${id}`);
  $sections.set($sections.get().filter((s) => s.id !== id));
}

/** Moves a section and saves the order (PATCH report/{id}/section/order); undone when that fails. */
export async function moveSection(reportId: number, from: number, to: number): Promise<boolean> {
  const before = $sections.get();
  const next = renumber(moveItem(before, from, to));
  if (next.every((s, i) => s.id === before[i]?.id)) return false;
  $sections.set(next);
  try {
    await api('PATCH', `${base}/report/${reportId}/section/order`, { body: { order: next.map((s) => s.id) } });
    return true;
  } catch {
    $sections.set(before);
    return false;
  }
}

/** Moves a chart within its section and saves the order (PATCH section/{sid}/chart/order). */
export async function moveChart(sectionId: number, from: number, to: number): Promise<boolean> {
  const section = $sections.get().find((s) => s.id === sectionId);
  if (!section) return false;
  const charts = renumber(moveItem(section.charts, from, to));
  if (charts.every((c, i) => c.id === section.charts[i]?.id)) return false;
  replaceSection(sectionId, (s) => ({ ...s, charts }));
  try {
    await api('PATCH', `${base}/section/${sectionId}/chart/order`, { body: { order: charts.map((c) => c.id) } });
    return true;
  } catch {
    replaceSection(sectionId, (s) => ({ ...s, charts: section.charts }));
    return false;
  }
}

export async function deleteChart(sectionId: number, chartId: number): Promise<void> {
  await api('DELETE', `${base}/chart/${chartId}`);
  replaceSection(sectionId, (s) => ({ ...s, charts: s.charts.filter((c) => c.id !== chartId) }));
}

export async function addWidget(sectionId: number, widgetTypeId: number, settings: Record<string, unknown>): Promise<void> {
  const res = await api<{ data: EditorWidget }>('POST', `${base}/widget`, { body: { section_id: sectionId, widget_type_id: widgetTypeId, settings } });
  replaceSection(sectionId, (s) => ({ ...s, widgets: [...(s.widgets ?? []), res.data] }));
}

export async function deleteWidget(sectionId: number, widgetId: number): Promise<void> {
  await api('DELETE', `${base}/widget/${widgetId}`);
  replaceSection(sectionId, (s) => ({ ...s, widgets: (s.widgets ?? []).filter((w) => w.id !== widgetId) }));
}

/** A section text was saved or removed in its editor: keep the store in step. */
export function setSectionText(sectionId: number, position: 'before' | 'after', text: EditorText | null): void {
  replaceSection(sectionId, (s) => ({ ...s, texts: [...(s.texts ?? []).filter((t) => t.position !== position || t.chart_id), ...(text ? [text] : [])] }));
}
