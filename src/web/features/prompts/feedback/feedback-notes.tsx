import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { ErrorBox } from '../../../components/ui/error-box';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useFeedbackNotes } from './vote-queries';

const when = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The notes people left with their votes, newest first: shown to those who maintain the prompt. */
export function FeedbackNotes({ promptId }: { promptId: string }) {
  const { data, isLoading, isError, error, refetch } = useFeedbackNotes(promptId, true);
  if (isLoading) return <Spinner label="Loading feedback..." />;
  if (isError || !data) {
    return <ErrorBox onRetry={() => void refetch()}>{errorMessage(error, 'Could not load the feedback')}</ErrorBox>;
  }
  const { up, down } = data.votes;
  return (
    <section aria-label="Feedback" className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {up} {up === 1 ? 'person' : 'people'} said it worked well, {down} that it didn’t.
      </p>
      {data.items.length === 0 ? (
        <p className="text-sm text-slate-500">No notes yet. Notes people leave with their vote appear here.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200">
          {data.items.map((item) => {
            const Icon = item.value === 'up' ? ThumbsUp : ThumbsDown;
            return (
              <li key={item.user.id} className="flex gap-3 p-3">
                <Icon
                  className={item.value === 'up' ? 'mt-0.5 h-4 w-4 shrink-0 text-emerald-600' : 'mt-0.5 h-4 w-4 shrink-0 text-rose-600'}
                  aria-label={item.value === 'up' ? 'Worked well' : 'Didn’t work'}
                />
                <div className="min-w-0">
                  <p dir="auto" className="text-sm break-words whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
                    {item.note}
                  </p>
                  <p className="mt-1 text-xs text-slate-500">
                    {item.user.firstName} {item.user.lastName} · {when(item.updatedAt)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
