import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { HTMLAttributes, ReactNode } from 'react';
import { reportEditorNl } from '../../shared/i18n/report-editor';

const t = reportEditorNl.sections;

/** Props for the drag handle: a real button, so it is focusable and Space/Enter pick it up. */
export type HandleProps = HTMLAttributes<HTMLButtonElement> & { ref?: (el: HTMLElement | null) => void };

interface Props<T extends { id: number; title: string }> {
  items: T[];
  /** Prefix of the dnd ids, so nested lists (sections › charts) never share one. */
  prefix: string;
  label: string;
  onMove: (from: number, to: number) => void;
  children: (item: T, index: number, handle: HandleProps) => ReactNode;
}

/**
 * A vertical list reorderable with the mouse and with the keyboard (@dnd-kit KeyboardSensor:
 * Space picks up, arrows move, Space drops, Escape cancels), with Dutch screen reader texts.
 */
export function SortableList<T extends { id: number; title: string }>({ items, prefix, label, onMove, children }: Props<T>) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = items.map((i) => `${prefix}-${i.id}`);
  const titleOf = (id: string | number) => items[ids.indexOf(String(id))]?.title ?? '';
  const position = (id: string | number | undefined) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t.pickedUp(titleOf(active.id)),
    onDragOver: ({ active, over }) => (over ? t.moved(titleOf(active.id), position(over.id), ids.length) : undefined),
    onDragEnd: ({ active }) => t.dropped(titleOf(active.id)),
    onDragCancel: () => t.cancelled,
  };
  function end({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  }
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={end} accessibility={{ announcements, screenReaderInstructions: { draggable: t.dragHelp } }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol aria-label={label} className="flex flex-col gap-3">
          {items.map((item, index) => (
            <SortableRow key={ids[index]} id={ids[index]!}>
              {(handle) => children(item, index, handle)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, children }: { id: string; children: (handle: HandleProps) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = { ...attributes, ...listeners, ref: setActivatorNodeRef } as HandleProps;
  return (
    <li ref={setNodeRef} data-sortable-id={id} style={{ transform: CSS.Transform.toString(transform), transition }} className={isDragging ? 'relative z-10 opacity-80' : undefined}>
      {children(handle)}
    </li>
  );
}

/** The grip button of a sortable row. */
export function DragHandle({ handle, label }: { handle: HandleProps; label: string }) {
  return (
    <button type="button" {...handle} aria-label={label} title={label} className="cursor-grab rounded px-2 py-1 text-gray-600 hover:bg-gray-100 focus:outline focus:outline-2 focus:outline-brand">
      <span aria-hidden="true">⠿</span>
    </button>
  );
}
