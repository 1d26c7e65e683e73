import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { usePromptOwners } from '../api/get-prompt-owners';
import { useUpdatePromptOwners } from '../api/update-prompt-owners';
import type { OwnedSubject } from './owners-dialog';
import { OwnersLine } from './owners-line';

/** The prompt page's owners line: a prompt given away out of the viewer's sight leads to My Prompts. */
export function PromptOwnersLine({ prompt }: { prompt: OwnedSubject }) {
  const { data: owners, isError } = usePromptOwners(prompt.id);
  const save = useUpdatePromptOwners(prompt.id);
  const navigate = useNavigate();
  return (
    <OwnersLine
      subject={prompt}
      kind="prompt"
      owners={owners}
      failed={isError}
      save={save.mutateAsync}
      saving={save.isPending}
      onLostAccess={() => void navigate(paths.myPrompts)}
    />
  );
}
