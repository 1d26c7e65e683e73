import { CopyPlus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { useCanCreatePrompt } from './new-prompt-link';

/** "Make a copy": the create form, prefilled from this prompt; shown to members who may create prompts. */
export function MakeCopyLink({ id }: { id: string }) {
  if (!useCanCreatePrompt()) return null;
  return (
    <Link to={paths.copyPrompt(id)} className={buttonClass('secondary', 'sm')}>
      <CopyPlus className="h-4 w-4" aria-hidden="true" /> Make a copy
    </Link>
  );
}
