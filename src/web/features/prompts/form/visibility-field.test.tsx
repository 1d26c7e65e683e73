import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { PromptInput } from '../../../../shared/schemas/prompts';
import { queryKeys } from '../../../lib/query-keys';
import { buildPromptFormSchema } from './prompt-form-schema';
import { promptInputOf, type PromptFormValues } from './use-prompt-form-state';
import { VisibilityField } from './visibility-field';

const UNITS = ['Engineering', 'HR', 'Legal'].map((name, i) => ({ id: String(i), name }));

function Harness({ initial, onSend, serverError }: { initial: Partial<PromptFormValues>; onSend: (input: PromptInput) => void; serverError?: string }) {
  const form = useForm<PromptFormValues>({
    resolver: zodResolver(buildPromptFormSchema([])) as never,
    mode: 'onChange',
    defaultValues: { title: 'A title', content: 'Some content', visibility: 'organization', units: [], ...initial },
  });
  const submit = form.handleSubmit((values) => {
    if (serverError) form.setError('units', { type: 'server', message: serverError });
    else onSend(promptInputOf(values));
  });
  return (
    <form onSubmit={submit} noValidate>
      <VisibilityField form={form} ownerUnit="Engineering" />
      <button type="submit">Save</button>
    </form>
  );
}

function renderField(initial: Partial<PromptFormValues> = {}, serverError?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(queryKeys.businessUnits, UNITS);
  const sent: PromptInput[] = [];
  render(
    <QueryClientProvider client={client}>
      <Harness initial={initial} onSend={(input) => sent.push(input)} serverError={serverError} />
    </QueryClientProvider>,
  );
  return sent;
}

const picker = () => screen.queryByRole('combobox', { name: 'Business units' });
const chosenUnits = () =>
  within(screen.getByRole('list', { name: 'Selected business units' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('the "Who can see this" field', () => {
  it('offers the three choices in a labelled group, the picker only for business units', async () => {
    renderField();
    const group = screen.getByRole('group', { name: 'Who can see this' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Only me and co-owners', 'Business units', 'Everyone in the organization']);
    expect(screen.getByRole('radio', { name: 'Everyone in the organization' })).toBeChecked();
    expect(picker()).toBeNull();
  });

  it("preselects the owner's unit on choosing business units, and sends the units with that choice only", async () => {
    const sent = renderField();
    await userEvent.click(screen.getByRole('radio', { name: 'Business units' }));
    expect(picker()).toBeInTheDocument();
    expect(chosenUnits()).toEqual(['Engineering']);
    await userEvent.type(picker()!, 'Leg');
    await userEvent.click(await screen.findByRole('option', { name: 'Legal' }));
    expect(chosenUnits()).toEqual(['Engineering', 'Legal']);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent.at(-1)).toMatchObject({ visibility: 'units', units: ['Engineering', 'Legal'] });

    // Another choice sends no units at all: the server refuses units beside another visibility.
    await userEvent.click(screen.getByRole('radio', { name: 'Only me and co-owners' }));
    expect(picker()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent.at(-1)).toMatchObject({ visibility: 'private' });
    expect(sent.at(-1)).not.toHaveProperty('units');
  });

  it('asks for at least one unit, and shows the server’s word on the units under the picker', async () => {
    const sent = renderField({ visibility: 'units', units: ['HR'] });
    expect(chosenUnits()).toEqual(['HR']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove business unit HR' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one business unit');
    expect(picker()).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('puts a server error on the units under the picker', async () => {
    renderField({ visibility: 'units', units: ['Legal'] }, 'Unknown business unit: Legal');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unknown business unit: Legal');
    expect(picker()!.getAttribute('aria-describedby')).toContain(alert.id);
  });
});
