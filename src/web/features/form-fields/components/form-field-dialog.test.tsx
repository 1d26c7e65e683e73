import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
});
