import { cn } from '../../lib/utils';

/** Grey blocks in the shape of the rows to come, so the page does not jump when they arrive. */
export function ListSkeleton({ label, rows = 6, className }: { label: string; rows?: number; className?: string }) {
  return (
    <div role="status" className={cn('space-y-3', className)}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} aria-hidden="true" className="animate-pulse rounded-xl border border-slate-200 bg-white p-4">
          <div className="h-4 w-2/5 rounded bg-slate-200" />
          <div className="mt-3 h-3 w-4/5 rounded bg-slate-100" />
          <div className="mt-3 flex gap-2">
            <div className="h-5 w-16 rounded-full bg-slate-100" />
            <div className="h-5 w-12 rounded-full bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
