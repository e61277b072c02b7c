import { useState, type SubmitEvent } from 'react';
import { ApiError } from '../../shared/api-client';
import { reportEditorNl } from '../../shared/i18n/report-editor';
import { SectionInput } from '../../shared/validation/reports';
import { ChartList } from './ChartList';
import { deleteSection, renameSection, type EditorSection } from './editor.store';
import { buttonClass, dangerButtonClass, secondaryButtonClass } from './fields';
import { MoveButtons } from './MoveButtons';
import { SectionExtras } from './SectionExtras';
import { DragHandle, type HandleProps } from './SortableList';
import { confirmAction } from '../shell/confirm';

const t = reportEditorNl.sections;

interface Props {
  reportId: number;
  section: EditorSection;
  index: number;
  count: number;
  handle: HandleProps;
  hydrated: boolean;
  onMove: (from: number, to: number) => void;
}

/** One section of the report: title (renamable), order controls, delete, its charts. */
export function SectionCard({ reportId, section, index, count, handle, hydrated, onMove }: Props) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(section.title);
  const [error, setError] = useState<string | null>(null);

  async function rename(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = SectionInput.shape.title.safeParse(title);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    try {
      await renameSection(reportId, section.id, parsed.data);
      setError(null);
      setEditing(false);
    } catch (err) {
      if (err instanceof ApiError) setError(err.errors.title?.[0] ?? err.message);
    }
  }
  async function remove() {
    if (!(await confirmAction(t.removeConfirm(section.title)))) return;
    await deleteSection(reportId, section.id).catch(() => undefined);
  }

  return (
    <section aria-label={section.title} className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <DragHandle handle={handle} label={t.drag(section.title)} />
        {editing ? (
          <form method="post" noValidate onSubmit={rename} className="flex flex-1 flex-wrap items-center gap-2">
            <label className="flex flex-1 flex-col text-sm">
              <span className="sr-only">{t.renameLabel(section.title)}</span>
              <input autoFocus className="rounded border border-gray-400 px-2 py-1" value={title} onChange={(e) => setTitle(e.target.value)} aria-invalid={!!error} />
              {error && <span className="text-red-700">{error}</span>}
            </label>
            <button type="submit" className={buttonClass}>{t.save}</button>
            <button type="button" className={secondaryButtonClass} onClick={() => (setEditing(false), setTitle(section.title), setError(null))}>{t.cancel}</button>
          </form>
        ) : (
          <h3 className="flex-1 font-semibold text-brand">{section.title}</h3>
        )}
        <MoveButtons index={index} count={count} title={section.title} onMove={onMove} />
        {!editing && (
          <button type="button" disabled={!hydrated} className={secondaryButtonClass} aria-label={`${t.rename}: ${section.title}`} onClick={() => setEditing(true)}>
            {t.rename}
          </button>
        )}
        <button type="button" disabled={!hydrated} className={dangerButtonClass} aria-label={`${t.remove}: ${section.title}`} onClick={remove}>
          {t.remove}
        </button>
      </div>
      <SectionExtras section={section} hydrated={hydrated} />
      <ChartList reportId={reportId} section={section} hydrated={hydrated} />
    </section>
  );
}
