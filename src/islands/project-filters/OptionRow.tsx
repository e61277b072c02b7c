import { useState, type SubmitEvent } from 'react';
import { api } from '../../shared/api-client';
import { projectFiltersNl as t } from '../../shared/i18n/project-filters';
import { dangerButtonClass, secondaryButtonClass } from '../report-editor/fields';
import { MoveButtons } from '../report-editor/MoveButtons';
import { DragHandle, type HandleProps } from '../report-editor/SortableList';
import { Conditions } from './Conditions';
import type { FilterScreen, Option } from './types';
import { confirmAction } from '../shell/confirm';

interface Props {
  option: Option;
  index: number;
  count: number;
  handle?: HandleProps;
  categoryId: number;
  survey: FilterScreen['surveys'][number];
  editable: boolean;
  onMove: (from: number, to: number) => void;
  onRefresh: () => Promise<void>;
}

/** A filter option: its count (withheld below 10), visibility, and its conditions. */
export function OptionRow({ option, index, count, handle, categoryId, survey, editable, onMove, onRefresh }: Props) {
  const [open, setOpen] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [label, setLabel] = useState(option.label);
  const base = `/api/v2/filterCategory/${categoryId}/filterOption/${option.id}`;
  const conditions = option.filterConditions ?? [];

  async function rename(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    try {
      await api('PUT', base, { body: { label } });
      setRenaming(false);
      await onRefresh();
    } catch {
      // The client shows why.
    }
  }

  async function remove() {
    if (!(await confirmAction(t.removeOptionConfirm(option.label)))) return;
    try {
      await api('DELETE', base);
      await onRefresh();
    } catch {
      // The client shows why.
    }
  }

  const countText = option.empty ? t.empty0 : option.soloCount === null || option.risky ? t.risky : option.soloCount !== undefined ? t.count(option.soloCount) : null;
  return (
    <div className="flex flex-col gap-2 rounded bg-gray-50 px-2 py-2" data-testid="filter-option">
      <div className="flex flex-wrap items-center gap-2">
        {editable && handle && <DragHandle handle={handle} label={t.dragOption(option.label)} />}
        <span className="min-w-0 flex-1 basis-[55%] break-words text-sm font-medium">{option.label}</span>
        {countText && (
          <span className="rounded bg-white px-2 py-0.5 text-xs text-gray-800 ring-1 ring-gray-300" title={option.risky ? t.riskyTitle : undefined}>{countText}</span>
        )}
        {!option.exposed && <span className="rounded bg-gray-200 px-2 py-0.5 text-xs text-gray-900">{t.hidden}</span>}
        <span className="flex basis-full flex-wrap justify-end gap-1 md:basis-auto">
          <button type="button" className={secondaryButtonClass} aria-expanded={open} onClick={() => setOpen((o) => !o)} aria-label={`${t.conditions(conditions.length)}: ${option.label}`}>
            {t.conditions(conditions.length)}
          </button>
          {editable && (
            <>
              <MoveButtons index={index} count={count} title={option.label} onMove={onMove} />
              <button type="button" className={secondaryButtonClass} onClick={() => setRenaming((r) => !r)} aria-expanded={renaming} aria-label={`${t.rename}: ${option.label}`}>{t.rename}</button>
              <button type="button" className={dangerButtonClass} onClick={remove} aria-label={`${t.remove}: ${option.label}`}>{t.remove}</button>
            </>
          )}
        </span>
      </div>
      {renaming && (
        <form method="post" onSubmit={rename} className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-[12rem] flex-1 flex-col gap-1 text-sm">
            {t.renameLabel(option.label)}
            <input className="rounded border border-gray-400 px-2 py-1" value={label} onChange={(e) => setLabel(e.target.value)} maxLength={191} required />
          </label>
          <button type="submit" className={secondaryButtonClass}>{t.save}</button>
        </form>
      )}
      {open && <Conditions option={option} categoryId={categoryId} survey={survey} editable={editable} onRefresh={onRefresh} />}
    </div>
  );
}
