import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { canCreatePrompt } from '../../../../shared/policies/prompts';
import { buttonClass } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/current-user';
import { paths } from '../../../lib/paths';

/** Whether the signed-in member may create prompts: read members may not (the server answers 403). */
export function useCanCreatePrompt(): boolean {
  const { data: user } = useCurrentUser();
  return Boolean(user && canCreatePrompt(user));
}

/** The primary link to /create-prompt, shown only to members who may create prompts. */
export function NewPromptLink({ label = 'New Prompt' }: { label?: string }) {
  if (!useCanCreatePrompt()) return null;
  return (
    <Link to={paths.createPrompt} className={buttonClass('primary')}>
      <Plus className="h-4 w-4" aria-hidden="true" /> {label}
    </Link>
  );
}
