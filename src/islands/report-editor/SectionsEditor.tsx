import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { ApiError } from '../../shared/api-client';
import { reportEditorNl } from '../../shared/i18n/report-editor';
import { SectionInput } from '../../shared/validation/reports';
import { useHydrated } from '../use-hydrated';
import { $sections, addSection, moveSection, type EditorSection } from './editor.store';
import { buttonClass } from './fields';
import { SectionCard } from './SectionCard';
import { SortableList } from './SortableList';
import { useKeepEarlyInput } from '../early-input';

const t = reportEditorNl.sections;

/** Tab 'Algemeen', lower half: the report's sections and their charts. */
export default function SectionsEditor({ reportId, initial }: { reportId: number; initial: EditorSection[] }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const live = useStore($sections);
  // The server render (and the first client render) use the props; the store takes over after.
  useEffect(() => $sections.set(initial), [initial]);
  const sections = hydrated ? live : initial;
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const move = (from: number, to: number) => void moveSection(reportId, from, to);

  async function add(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = SectionInput.shape.title.safeParse(title);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    try {
      await addSection(reportId, parsed.data);
      setTitle('');
      setError(null);
    } catch (err) {
      if (err instanceof ApiError) setError(err.errors.title?.[0] ?? err.message);
    }
  }

  return (
    <div ref={keepInput} className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{t.heading}</h2>
      <p className="text-sm text-gray-600">{t.dragHelp}</p>
      {sections.length === 0 ? (
        <p className="text-sm text-gray-700">{t.empty}</p>
      ) : (
        <SortableList items={sections} prefix="s" label={t.heading} onMove={move}>
          {(section, index, handle) => <SectionCard reportId={reportId} section={section} index={index} count={sections.length} handle={handle} hydrated={hydrated} onMove={move} />}
        </SortableList>
      )}
      <form method="post" noValidate onSubmit={add} className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-[16rem] flex-1 flex-col gap-1 text-sm">
          {t.newTitle}
          <input name="section_title" className="rounded border border-gray-400 px-2 py-1" value={title} onChange={(e) => setTitle(e.target.value)} aria-invalid={!!error} aria-describedby={error ? 'new-section-error' : undefined} />
          {error && <span id="new-section-error" className="text-red-700">{error}</span>}
        </label>
        <button type="submit" className={buttonClass} disabled={!hydrated}>{t.add}</button>
      </form>
    </div>
  );
}
