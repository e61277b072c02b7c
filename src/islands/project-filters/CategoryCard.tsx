import { useState, type SubmitEvent } from 'react';
import { api } from '../../shared/api-client';
import { projectFiltersNl as t } from '../../shared/i18n/project-filters';
import { moveItem } from '../report-editor/editor.store';
import { dangerButtonClass, secondaryButtonClass } from '../report-editor/fields';
import { MoveButtons } from '../report-editor/MoveButtons';
import { DragHandle, SortableList, type HandleProps } from '../report-editor/SortableList';
import { OptionRow } from './OptionRow';
import type { Category, FilterScreen, Option } from './types';
import { confirmAction } from '../shell/confirm';

interface Props {
  category: Category;
  index: number;
  count: number;
  handle?: HandleProps;
  survey: FilterScreen['surveys'][number];
  offeredBy: { id: number; title: string }[];
  editable: boolean;
  onMove: (from: number, to: number) => void;
  onChange: (c: Category) => void;
  onRefresh: () => Promise<void>;
}

/** One filter category: title, where it is offered, its options (reorderable) and the edit actions. */
export function CategoryCard({ category, index, count, handle, survey, offeredBy, editable, onMove, onChange, onRefresh }: Props) {
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(category.title);
  const [label, setLabel] = useState('');
  const options = category.filterOptions ?? [];
  const base = `/api/v2/filterCategory/${category.id}`;

  async function rename(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    try {
      await api('PUT', base, { body: { title } });
      onChange({ ...category, title: title.trim() });
      setRenaming(false);
    } catch {
      // The client shows why.
    }
  }

  async function remove() {
    if (!(await confirmAction(t.removeCategoryConfirm(category.title)))) return;
    try {
      await api('DELETE', base);
      await onRefresh();
    } catch {
      // The client shows why.
    }
  }

  async function moveOption(from: number, to: number) {
    const moved = moveItem(options, from, to);
    onChange({ ...category, filterOptions: moved });
    try {
      await api('PATCH', `${base}/filterOption/order`, { body: { order: moved.map((o) => o.id) } });
    } catch {
      onChange({ ...category, filterOptions: options });
    }
  }

  async function addOption(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!label.trim()) return;
    try {
      await api('POST', `${base}/filterOption`, { body: { label } });
      setLabel('');
      await onRefresh();
    } catch {
      // The client shows why.
    }
  }

  const row = (option: Option, i: number, optionHandle?: HandleProps) => (
    <OptionRow option={option} index={i} count={options.length} handle={optionHandle} categoryId={category.id} survey={survey} editable={editable} onMove={moveOption} onRefresh={onRefresh} />
  );

  return (
    <article className="flex flex-col gap-3 rounded border border-gray-300 bg-white p-3 sm:p-4" aria-labelledby={`category-${category.id}`} data-testid="filter-category">
      <div className="flex flex-wrap items-center gap-2">
        {editable && handle && <DragHandle handle={handle} label={t.dragCategory(category.title)} />}
        <h4 id={`category-${category.id}`} className="min-w-0 flex-1 basis-[60%] break-words font-semibold">{category.title}</h4>
        {editable && (
          <span className="flex basis-full flex-wrap justify-end gap-1 md:basis-auto">
            <MoveButtons index={index} count={count} title={category.title} onMove={onMove} />
            <button type="button" className={secondaryButtonClass} onClick={() => setRenaming((r) => !r)} aria-expanded={renaming} aria-label={`${t.rename}: ${category.title}`}>{t.rename}</button>
            <button type="button" className={dangerButtonClass} onClick={remove} aria-label={`${t.remove}: ${category.title}`}>{t.remove}</button>
          </span>
        )}
      </div>
      {renaming && (
        <form method="post" onSubmit={rename} className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-[12rem] flex-1 flex-col gap-1 text-sm">
            {t.renameLabel(category.title)}
            <input className="rounded border border-gray-400 px-2 py-1" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={191} required />
          </label>
          <button type="submit" className={secondaryButtonClass}>{t.save}</button>
        </form>
      )}
      <p className="text-sm text-gray-700">
        {offeredBy.length ? `${t.offeredBy}: ${offeredBy.map((r) => r.title).join(', ')}` : t.offeredByNone}
      </p>
      {options.length === 0 ? (
        <p className="text-sm text-gray-700">{t.noOptions}</p>
      ) : editable ? (
        <SortableList items={options.map((o) => ({ ...o, title: o.label }))} prefix={`o${category.id}`} label={t.options(category.title)} onMove={(from, to) => void moveOption(from, to)}>
          {(option, i, optionHandle) => row(option, i, optionHandle)}
        </SortableList>
      ) : (
        <ol aria-label={t.options(category.title)} className="flex flex-col gap-2">
          {options.map((o, i) => <li key={o.id}>{row(o, i)}</li>)}
        </ol>
      )}
      {editable && (
        <form method="post" onSubmit={addOption} className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-[12rem] flex-1 flex-col gap-1 text-sm">
            {t.newOption}
            <input className="rounded border border-gray-400 px-2 py-1" value={label} onChange={(e) => setLabel(e.target.value)} maxLength={191} />
          </label>
          <button type="submit" className={secondaryButtonClass} disabled={!label.trim()}>{t.addOption}</button>
        </form>
      )}
    </article>
  );
}
