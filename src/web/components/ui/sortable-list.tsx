import { type Announcements, closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

/** What a screen reader hears on focusing a handle: how to move an item without a pointer. */
export const SORTABLE_INSTRUCTIONS =
  'To move an item, press Space. Use the up and down arrow keys to change its place, Space again to drop it, or Escape to cancel.';

/**
 * The live-region sentences of a move, in the items' own names and places ("Onboarding moved to
 * position 2 of 5"), rather than the library's, which read out ids. Over itself (right after the
 * pick-up, once measured) it says where the item is, so each step of a move is a new sentence.
 */
export function sortableAnnouncements(ids: readonly string[], labelOf: (id: string) => string): Announcements {
  const at = (id: string | number) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${labelOf(String(active.id))}, ${at(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${labelOf(String(active.id))} ${over.id === active.id ? 'is at' : 'moved to'} ${at(over.id)}.`
        : `${labelOf(String(active.id))} is outside the list.`,
    onDragEnd: ({ active, over }) => (over ? `${labelOf(String(active.id))} dropped at ${at(over.id)}.` : `${labelOf(String(active.id))} was not moved.`),
    onDragCancel: ({ active }) => `Moving cancelled. ${labelOf(String(active.id))} is back at ${at(active.id)}.`,
  };
}

interface SortableListProps {
  /** The items' ids, in their order. */
  ids: readonly string[];
  /** An item's name, for the announcements. */
  labelOf: (id: string) => string;
  /** A finished move: the item at `from` now goes to `to` (indexes in `ids`). */
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

/**
 * A vertical list reordered by dragging a handle (mouse, touch) or from the keyboard: Space on a
 * handle picks the item up, the arrow keys move it, Space drops it, Escape cancels; each step is
 * announced. The items are SortableItem elements in `ids` order.
 */
export function SortableList({ ids, labelOf, onMove, children }: SortableListProps) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: sortableAnnouncements(ids, labelOf), screenReaderInstructions: { draggable: SORTABLE_INSTRUCTIONS } }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

interface SortableItemProps {
  id: string;
  /** The item's name: the handle is "Reorder <label>". */
  label: string;
  className?: string;
  /** Classes added while the item is being dragged. */
  draggingClassName?: string;
  /** The item's content, given its drag handle to place. */
  children: (handle: ReactNode) => ReactNode;
}

/** One item of a SortableList: a list element that moves as it is dragged, with its handle button. */
export function SortableItem({ id, label, className, draggingClassName = 'z-10 shadow-lg ring-2 ring-brand-500', children }: SortableItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Reorder ${label}`}
      className="flex h-8 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing"
    >
      <GripVertical className="h-5 w-5" aria-hidden="true" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn('relative', className, isDragging && draggingClassName)}
    >
      {children(handle)}
    </li>
  );
}
