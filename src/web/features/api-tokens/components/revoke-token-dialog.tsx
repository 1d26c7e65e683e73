import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiToken } from '../../../../shared/schemas/tokens';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { ErrorBox } from '../../../components/ui/error-box';

interface Props {
  token: ApiToken;
  /** Whose token it is, on the admin screen ("Pat Tester’s"); the member's own otherwise. */
  ownerName?: string;
  /** The member's own revoke or the administrators' one. */
  revoke: UseMutationResult<undefined, Error, string>;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Revoke token?", naming the token (and its owner, for an admin). A refusal stays in the dialog beside
 * the button; a token that is already gone closes it, since what was asked for is done.
 */
export function RevokeTokenDialog({ token, ownerName, revoke, onOpenChange }: Props) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = () =>
    revoke.mutate(token.id, {
      onSuccess: () => {
        toast({ title: `Revoked “${token.name}”` });
        onOpenChange(false);
      },
      onError: (err) => {
        if (hasErrorCode(err, 'token_not_found')) {
          toast({ title: `“${token.name}” was already revoked` });
          onOpenChange(false);
        } else setRefusal(errorMessage(err, 'Failed to revoke the token'));
      },
    });

  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title="Revoke token?"
      confirmLabel="Revoke Token"
      pendingLabel="Revoking..."
      pending={revoke.isPending}
      onConfirm={confirm}
      description={
        <p className="break-words [overflow-wrap:anywhere]">
          Revoke <span dir="auto">“{token.name}”</span>
          {ownerName ? (
            <>
              , <span dir="auto">{ownerName}</span>’s token
            </>
          ) : null}
          ? Every script or AI client that uses it is refused from now on. This cannot be undone.
        </p>
      }
    >
      {refusal ? (
        <ErrorBox compact className="mt-4">
          <p>{refusal}</p>
        </ErrorBox>
      ) : null}
    </ConfirmDialog>
  );
}
