import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Pencil, Trash2 } from 'lucide-react';
import { FIELD_TYPE_LABELS, type FormField } from '../../../../shared/schemas/form-fields';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';

/** One field card: drag handle (mouse, touch or keyboard), label, badges, placeholder, options, actions. */
export function SortableFieldCard({ field, onEdit, onDelete }: { field: FormField; onEdit: () => void; onDelete: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: field.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn('flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm', isDragging && 'z-10 shadow-lg ring-2 ring-brand-500')}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${field.label}`}
        className="mt-0.5 flex h-8 w-8 shrink-0 cursor-grab items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing"
      >
        <GripVertical className="h-5 w-5" aria-hidden="true" />
      </button>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-slate-900">{field.label}</h3>
          <Badge tone="brand">{FIELD_TYPE_LABELS[field.type]}</Badge>
          {field.required ? <Badge tone="red">Required</Badge> : null}
          {field.enabled ? null : <Badge tone="grey">Disabled</Badge>}
        </div>
        <p className="mt-1 text-xs text-slate-500">
          Name: <code className="font-mono">{field.name}</code>
          {field.placeholder ? <> · Placeholder: “{field.placeholder}”</> : null}
        </p>
        {(field.type === 'select' || field.type === 'multiselect') && field.options.length ? (
          <p className="mt-1 text-xs text-slate-600">Options: {field.options.join(', ')}</p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-start gap-1">
        <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${field.label}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
        </Button>
        {field.name === 'title' || field.name === 'content' ? null : (
          <Button variant="ghost" size="icon" className="text-red-600 hover:bg-red-50" onClick={onDelete} aria-label={`Delete ${field.label}`}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        )}
      </div>
    </li>
  );
}
