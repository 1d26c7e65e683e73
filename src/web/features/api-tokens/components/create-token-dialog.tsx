import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Role } from '../../../../shared/constants';
import { type CreatedToken, createTokenSchema, TOKEN_SCOPE_LABELS, TOKEN_SCOPES, type TokenScope } from '../../../../shared/schemas/tokens';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, FormDialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useCreateToken } from '../api/my-tokens';
import { NewTokenPanel } from './new-token-panel';
import { lifetimeLabel, lifetimesForRole, scopesForRole, type TokenLifetime } from './token-rules';
import { ErrorBox } from '../../../components/ui/error-box';

type Values = z.input<typeof createTokenSchema>;

/** What each scope lets a script do, beside its label. */
const SCOPE_HINTS: Record<TokenScope, string> = {
  'prompts:read': 'search and read prompts, tags and filters; mark uses and favorites',
  'prompts:write': 'create, edit, delete and restore prompts',
  admin: 'call the administration API as you',
};

/** The select's value of a lifetime ("never" for null, which a select cannot hold). */
const lifetimeValue = (days: TokenLifetime) => (days === null ? 'never' : String(days));
const lifetimeFrom = (value: string): TokenLifetime => (value === 'never' ? null : (Number(value) as TokenLifetime));

/** Keeps the chosen scopes in the contract's order, whatever order they were ticked in. */
const withScope = (scopes: readonly TokenScope[], scope: TokenScope, on: boolean) => TOKEN_SCOPES.filter((s) => (s === scope ? on : scopes.includes(s)));

interface Props {
  /** The signed-in member's role, which decides the scopes and lifetimes offered. */
  memberRole: Role;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Create token": a name, the scopes and lifetime the member's role allows, then the new token, shown
 * once. While it is shown, only Done closes the dialog, so a stray click outside cannot lose it.
 */
export function CreateTokenDialog({ memberRole: role, onOpenChange }: Props) {
  const create = useCreateToken();
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const scopes = scopesForRole(role);
  const lifetimes = lifetimesForRole(role);
  const form = useForm<Values, unknown, z.output<typeof createTokenSchema>>({
    resolver: zodResolver(createTokenSchema),
    mode: 'onChange',
    defaultValues: { name: '', scopes: ['prompts:read'], expiresInDays: 30 },
  });
  const { errors } = form.formState;
  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message;

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      setCreated(await create.mutateAsync(values));
    } catch (err) {
      const fields = ['name', 'scopes', 'expiresInDays'] as const;
      if (!applyServerFieldErrors(err, form.setError, [...fields])) {
        // Over the limit, or a scope or lifetime the role does not allow: said beside the button.
        setRefusal(errorMessage(err, 'Failed to create the token'));
      }
    }
  });

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={created ? 'Token created' : 'Create API token'}
        description={
          created ? <span className="break-words [overflow-wrap:anywhere]">“{created.apiToken.name}”</span> : 'It acts as you, with the scopes you choose.'
        }
        dismissible={!created}
        size="lg"
        // The name first, rather than the dialog's close button: it is what there is to type.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          form.setFocus('name');
        }}
      >
        {created ? (
          <NewTokenPanel created={created} onDone={() => onOpenChange(false)} />
        ) : (
          <form onSubmit={submit} noValidate className="space-y-5">
            <FormField label="Name" error={errors.name?.message} hint="What uses it, e.g. “Nightly export script” or “Claude Desktop”.">
              <Input autoComplete="off" spellCheck={false} dir="auto" {...form.register('name')} />
            </FormField>
            <Controller
              control={form.control}
              name="scopes"
              render={({ field }) => (
                <fieldset aria-describedby={scopesError ? 'token-scopes-error' : undefined}>
                  <legend className="mb-2 text-sm font-medium text-slate-800">Scopes</legend>
                  <div className="space-y-2.5">
                    {scopes.map((s) => (
                      <Checkbox
                        key={s}
                        className="items-start [&>button]:mt-0.5"
                        checked={field.value.includes(s)}
                        onCheckedChange={(on) => field.onChange(withScope(field.value as TokenScope[], s, on))}
                        label={
                          <>
                            <span className="font-medium text-slate-800">{TOKEN_SCOPE_LABELS[s]}</span>
                            <span className="text-slate-500">: {SCOPE_HINTS[s]}</span>
                          </>
                        }
                      />
                    ))}
                  </div>
                  {role === 'read' ? (
                    <p className="mt-2 text-xs text-slate-500">As a read-only member, your tokens can read prompts but not change them.</p>
                  ) : null}
                  {scopesError ? (
                    <p id="token-scopes-error" role="alert" className="mt-1.5 text-sm text-red-600">
                      {scopesError}
                    </p>
                  ) : null}
                </fieldset>
              )}
            />
            <Controller
              control={form.control}
              name="expiresInDays"
              render={({ field }) => (
                <FormField
                  label="Expires after"
                  error={errors.expiresInDays?.message}
                  hint={role === 'admin' ? undefined : 'Tokens always expire; only administrators can make one that never does.'}
                >
                  <NativeSelect
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={lifetimeValue(field.value as TokenLifetime)}
                    onChange={(e) => field.onChange(lifetimeFrom(e.target.value))}
                  >
                    {lifetimes.map((days) => (
                      <option key={lifetimeValue(days)} value={lifetimeValue(days)}>
                        {lifetimeLabel(days)}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
              )}
            />
            {refusal ? (
              <ErrorBox compact>
                <p>{refusal}</p>
              </ErrorBox>
            ) : null}
            <FormDialogFooter onCancel={() => onOpenChange(false)} pending={create.isPending} submitLabel="Create Token" />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
