import { Pencil, Trash2 } from 'lucide-react';
import { FIELD_TYPE_LABELS, type FormField } from '../../../../shared/schemas/form-fields';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SortableItem } from '../../../components/ui/sortable-list';

/** One field card: drag handle (mouse, touch or keyboard), label, badges, placeholder, options, actions. */
export function SortableFieldCard({ field, onEdit, onDelete }: { field: FormField; onEdit: () => void; onDelete: () => void }) {
  return (
    <SortableItem id={field.id} label={field.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {(handle) => (
        <div className="flex gap-3">
          <span className="mt-0.5">{handle}</span>
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
        </div>
      )}
    </SortableItem>
  );
}
