import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../../shared/schemas/form-fields';
import { FormFieldDialog } from './form-field-dialog';

// jsdom has no ResizeObserver; the switches measure themselves with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const renderDialog = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FormFieldDialog field={null} nextOrder={7} open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );

describe('the form-field dialog', () => {
  it('checks the label with the shared schema as it changes, with its messages', async () => {
    const user = userEvent.setup();
    renderDialog();
    const label = screen.getByLabelText('Display Label');
    await user.type(label, 'x');
    await user.clear(label);
    expect(await screen.findByText('Field label is required')).toBeVisible();
    expect(label).toHaveAttribute('aria-invalid', 'true');
    await user.type(label, '!!!');
    expect(await screen.findByText('Field name is required')).toBeVisible();
    await user.clear(label);
    await user.type(label, 'Audience');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps what was typed when the list refetches the field, and fills the dialog again when it reopens', async () => {
    const user = userEvent.setup();
    const field = {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'audience',
      label: 'Audience',
      type: 'text' as const,
      required: false,
      enabled: true,
      order: 3,
      placeholder: null,
      options: [],
    } satisfies FormField;
    const client = new QueryClient();
    const view = (f: FormField, open: boolean) => (
      <QueryClientProvider client={client}>
        <FormFieldDialog field={f} nextOrder={7} open={open} onOpenChange={() => {}} />
      </QueryClientProvider>
    );
    const { rerender } = render(view(field, true));
    const label = screen.getByLabelText('Display Label');
    expect(label).toHaveValue('Audience');
    await user.clear(label);
    await user.type(label, 'Target audience');
    // The admin list was fetched again: the same field, a new object.
    rerender(view({ ...field }, true));
    expect(screen.getByLabelText('Display Label')).toHaveValue('Target audience');
    rerender(view({ ...field }, false));
    rerender(view({ ...field }, true));
    expect(screen.getByLabelText('Display Label')).toHaveValue('Audience');
  });
});
