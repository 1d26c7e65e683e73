import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { type ReactNode, useRef } from 'react';
import { Dialog, DialogContent, type DialogPlacement, useInitialFocus } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { usePrompt, useFormFields } from '../api/prompt-queries';
import { usePageTitle } from '../../../lib/page-title';
import { UsePromptButton } from '../runner/lazy-prompt-runner';
import { useRecordUse } from '../api/prompt-usage-queries';
import { CopyButton } from '../../../components/ui/copy-button';
import { FavoriteButton } from './favorite-button';
import { MakeCopyLink } from './make-copy-link';
import { PromptLoadError } from './prompt-load-error';
import { PromptDetails } from './prompt-details';
import { VoteButtons } from '../feedback/vote-buttons';
import { VisibilityBadge } from '../../../components/sharing/visibility-badge';
import { StatusBadge } from '../status/status-badge';

/** The dialog's actions; "Use prompt", the first, has the focus when they appear. */
function Actions({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useInitialFocus(ref, 'button');
  return (
    <div ref={ref} className="mb-5 flex flex-wrap gap-2">
      {children}
    </div>
  );
}

/** A prompt to read without leaving the page: centred over a list, or at the side of a form being written (`placement`). */
export function PromptViewDialog({ id, onClose, placement }: { id: string | null; onClose: () => void; placement?: DialogPlacement }) {
  const { data: prompt, isLoading, isError, error, refetch } = usePrompt(id ?? undefined);
  usePageTitle(prompt?.title);
  const { data: fields = [] } = useFormFields();
  const recordUse = useRecordUse();
  return (
    <Dialog open={Boolean(id)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={prompt ? <span dir="auto">{prompt.title}</span> : 'Prompt'} size="xl" placement={placement}>
        {isLoading ? <Spinner /> : null}
        {isError ? <PromptLoadError error={error} onRetry={() => void refetch()} /> : null}
        {prompt ? (
          <>
            {/* Its status and who can see it, as on its row and its page; nothing for a published organization prompt. */}
            {prompt.visibility !== 'organization' || prompt.status !== 'published' ? (
              <div className="-mt-1 mb-4 flex flex-wrap gap-2">
                <StatusBadge status={prompt.status} needsReview={prompt.needsReview} />
                <VisibilityBadge visibility={prompt.visibility} units={prompt.units} />
              </div>
            ) : null}
            <Actions>
              <UsePromptButton id={prompt.id} title={prompt.title} />
              <CopyButton text={prompt.expandedContent} label="Copy prompt" onCopied={() => recordUse(prompt.id, 'copy')} />
              <FavoriteButton prompt={prompt} withLabel />
              <MakeCopyLink id={prompt.id} />
              <Link
                to={paths.prompt(prompt.id)}
                className="inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-brand-700 hover:bg-brand-50"
              >
                <ExternalLink className="h-4 w-4" aria-hidden="true" /> Open page
              </Link>
            </Actions>
            <div className="mb-5">
              <VoteButtons key={prompt.id} prompt={prompt} />
            </div>
            <PromptDetails prompt={prompt} fields={fields} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
