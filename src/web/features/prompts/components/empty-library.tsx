import { FileText, Inbox, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useCurrentUser } from '../../../lib/current-user';
import { paths } from '../../../lib/paths';
import { NewPromptLink, useCanCreatePrompt } from './new-prompt-link';

/**
 * All Prompts when the library holds nothing this member can see, with no search or filter: tells each
 * role what it can do about it. Administrators can bring prompts in from a file or write one, editors can
 * write one, and read members can only wait for colleagues to share.
 */
export function EmptyLibrary() {
  const { data: user } = useCurrentUser();
  const canCreate = useCanCreatePrompt();
  if (!canCreate) {
    return (
      <EmptyState
        icon={Inbox}
        title="Nothing has been shared yet"
        description="When your colleagues share prompts, they appear here for you to browse, search and reuse."
      />
    );
  }
  if (user?.role === 'admin') {
    return (
      <EmptyState
        icon={FileText}
        title="Your prompt library is empty"
        description="Import prompts from a file (an Export Data file from this app, or a prompts.chat CSV), or write the first one yourself."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Link to={paths.importData} className={buttonClass('secondary')}>
              <Upload className="h-4 w-4" aria-hidden="true" /> Import Data
            </Link>
            <NewPromptLink label="Create Prompt" />
          </div>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={FileText}
      title="No prompts yet"
      description="Be the first to share a prompt with your organization."
      action={<NewPromptLink label="Create Prompt" />}
    />
  );
}
