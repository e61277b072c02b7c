import { useState } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { chartEditorNl } from '../../shared/i18n/chart-editor';
import { useHydrated } from '../use-hydrated';
import MarkdownEditor from './MarkdownEditor';
import { confirmAction } from '../shell/confirm';

const t = chartEditorNl.texts;
export const TEXT_MAX = 20_000;

export interface ReportText {
  id: number;
  body: string;
  position: 'before' | 'after';
  section_id?: number | null;
  chart_id?: number | null;
}

type Target = { sectionId: number; chartId?: never } | { chartId: number; sectionId?: never };
type Props = Target & {
  position: 'before' | 'after';
  /** The existing text at this place, if any (from GET report/{id}?include=…texts). */
  initial?: ReportText | null;
  label?: string;
  onSaved?: (text: ReportText | null) => void;
};

/**
 * A report text before/after a section or chart: markdown editor plus save/delete against
 * POST text, PUT/DELETE text/{id}. Self-contained so the report editor can embed it per section.
 */
export default function TextEditor({ sectionId, chartId, position, initial = null, label, onSaved }: Props) {
  const hydrated = useHydrated();
  const [text, setText] = useState<ReportText | null>(initial);
  const [body, setBody] = useState(initial?.body ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const defaultLabel = chartId !== undefined ? (position === 'before' ? t.before : t.after) : position === 'before' ? t.sectionBefore : t.sectionAfter;

  async function run(fn: () => Promise<ReportText | null>) {
    setBusy(true);
    try {
      const saved = await fn();
      setText(saved);
      setErrors({});
      onSaved?.(saved);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }

  const save = () =>
    run(async () => {
      if (text) return (await api<{ data: ReportText }>('PUT', `/api/v2/text/${text.id}`, { body: { body } })).data;
      const target = chartId !== undefined ? { chart_id: chartId } : { section_id: sectionId };
      return (await api<{ data: ReportText }>('POST', '/api/v2/text', { body: { ...target, position, body } })).data;
    });

  const remove = () =>
    run(async () => {
      if (!text || !(await confirmAction(t.removeConfirm))) return text;
      await api('DELETE', `/api/v2/text/${text.id}`);
      setBody('');
      return null;
    });

  const changed = body !== (text?.body ?? '');
  return (
    <div className="flex flex-col gap-2" data-text-editor={position}>
      <MarkdownEditor label={label ?? defaultLabel} value={body} onChange={setBody} maxLength={TEXT_MAX} error={errors.body?.[0] ?? errors.section_id?.[0] ?? errors.chart_id?.[0]} rows={4} />
      <div className="flex gap-2">
        <button type="button" className="rounded bg-brand px-3 py-1 text-white hover:bg-brand-dark disabled:opacity-50" disabled={!hydrated || busy || !changed || !body.trim()} onClick={save}>
          {t.save}
        </button>
        {text && (
          <button type="button" className="rounded border border-red-700 px-3 py-1 text-red-700 disabled:opacity-50" disabled={!hydrated || busy} onClick={remove}>
            {t.remove}
          </button>
        )}
      </div>
    </div>
  );
}
