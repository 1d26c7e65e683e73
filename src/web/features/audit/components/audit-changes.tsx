type JsonObject = Record<string, unknown>;

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The fields an event changed. Updates carry only the changed fields on both sides; a creation has
 * only `after` and a deletion only `before`, so every field they list is shown. Fields equal on both
 * sides (when a writer stored a whole record) are left out.
 */
export function changedFields(before: JsonObject | null, after: JsonObject | null): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }))
    .filter((c) => !before || !after || JSON.stringify(c.before) !== JSON.stringify(c.after));
}

/** "businessUnit" and "customFields.team_size" read as "Business unit" and "Custom fields › team size". */
export function fieldLabel(field: string): string {
  const words = field
    .split('.')
    .map((part) =>
      part
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/_/g, ' ')
        .toLowerCase(),
    )
    .join(' › ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as a person reads it; undefined (not on that side) and null read alike as nothing. */
export function formatValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ') : null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function Value({ value, tone }: { value: unknown; tone: 'before' | 'after' }) {
  const text = formatValue(value);
  if (text === null || text === '') return <span className="text-slate-500 italic">{text === '' ? 'empty' : 'none'}</span>;
  return (
    <span className={tone === 'after' ? 'font-medium whitespace-pre-wrap text-slate-900' : 'whitespace-pre-wrap text-slate-600'} dir="auto">
      {text}
    </span>
  );
}

/** The changed fields as a two-column list: the field, then "before → after" (one side for a creation or deletion). */
export function AuditChanges({ before, after }: { before: JsonObject | null; after: JsonObject | null }) {
  const changes = changedFields(before, after);
  if (changes.length === 0) return <p className="text-sm text-slate-500">No field values were recorded for this event.</p>;
  return (
    <dl className="space-y-3 text-sm sm:grid sm:grid-cols-[minmax(8rem,max-content)_minmax(0,1fr)] sm:gap-x-6 sm:gap-y-2 sm:space-y-0">
      {changes.map((c) => (
        // One field per group: stacked on a phone, two aligned columns from 640 px.
        <div key={c.field} className="sm:contents">
          <dt className="font-medium text-slate-700">{fieldLabel(c.field)}</dt>
          <dd className="mt-0.5 min-w-0 [overflow-wrap:anywhere] sm:mt-0">
            {before && after ? (
              <>
                <Value value={c.before} tone="before" />
                <span aria-hidden="true" className="mx-2 text-slate-400">
                  →
                </span>
                <span className="sr-only"> changed to </span>
                <Value value={c.after} tone="after" />
              </>
            ) : (
              <Value value={after ? c.after : c.before} tone={after ? 'after' : 'before'} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
