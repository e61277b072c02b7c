import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState } from 'react';
import { chartEditorNl } from '../../shared/i18n/chart-editor';
import type { DataLocation } from './editor.store';

const t = chartEditorNl.datasets;

interface Props {
  location: DataLocation;
  name: string;
  /** The N methods that apply to this dataset's question (a stored one that doesn't stays listed so it can be changed). */
  methods: DataLocation['n_method'][];
  index: number;
  count: number;
  disabled: boolean;
  onMove: (delta: -1 | 1) => void;
  onUpdate: (patch: Partial<Pick<DataLocation, 'label' | 'n_method'>>) => void;
  onRemove: () => void;
}

/** One dataset in the list: drag handle (mouse or keyboard), Omhoog/Omlaag, label, N method, remove. */
export default function DataLocationRow({ location, name, methods, index, count, disabled, onMove, onUpdate, onRemove }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: location.id, disabled });
  const [label, setLabel] = useState(location.label ?? '');
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li ref={setNodeRef} style={style} className={`flex flex-wrap items-center gap-2 rounded border bg-white p-2 ${isDragging ? 'shadow-lg' : ''}`} data-location-id={location.id} data-location-key={location.column_key}>
      <button type="button" ref={setActivatorNodeRef} className="cursor-grab rounded px-2 py-1 hover:bg-gray-100 focus:outline-2 focus:outline-brand" {...attributes} {...listeners} aria-label={t.dragHandle(name)}>
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="min-w-40 flex-1 text-sm">
        <span className="font-medium">{name}</span>
        <span className="ms-2 text-xs text-gray-600">{location.column_key}</span>
      </span>
      <label className="flex items-center gap-1 text-sm">
        <span className="sr-only">{`${t.label}: ${name}`}</span>
        <input
          className="w-40 rounded border px-2 py-1"
          placeholder={t.label}
          value={label}
          maxLength={191}
          onChange={(e) => setLabel(e.target.value)}
          onBlur={() => label.trim() !== (location.label ?? '') && onUpdate({ label: label.trim() || null })}
        />
      </label>
      <label className="flex min-w-0 max-w-full items-center gap-1 text-sm">
        <span className="sr-only">{`${t.nMethod}: ${name}`}</span>
        <select className="min-w-0 max-w-full rounded border px-2 py-1" value={location.n_method} onChange={(e) => onUpdate({ n_method: e.target.value as DataLocation['n_method'] })}>
          {(methods.includes(location.n_method) ? methods : [...methods, location.n_method]).map((m) => (
            <option key={m} value={m} disabled={!methods.includes(m)}>{chartEditorNl.nMethods[m]}</option>
          ))}
        </select>
      </label>
      <button type="button" className="rounded border px-2 py-1 text-sm disabled:opacity-40" disabled={disabled || index === 0} onClick={() => onMove(-1)} aria-label={`${t.up}: ${name}`}>↑</button>
      <button type="button" className="rounded border px-2 py-1 text-sm disabled:opacity-40" disabled={disabled || index === count - 1} onClick={() => onMove(1)} aria-label={`${t.down}: ${name}`}>↓</button>
      <button type="button" className="rounded border border-red-700 px-2 py-1 text-sm text-red-700 disabled:opacity-40" disabled={disabled} onClick={onRemove} aria-label={`${t.remove}: ${name}`}>✕</button>
    </li>
  );
}
