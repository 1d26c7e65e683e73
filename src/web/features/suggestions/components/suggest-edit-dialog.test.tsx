import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { useToasts } from '../../../lib/toast';
import { TagInput } from '../../prompts/form/tag-input';
import { SuggestEditDialog, type TagsControl } from './suggest-edit-dialog';
import { json, PROMPT_ID, serveSuggestions } from './suggestions-test-server';

const PROMPT = { id: PROMPT_ID, title: 'Report summary', content: 'Summarise the report.', notes: null, tags: ['reports'] };
// The prompt form's tag chips, as the app hands them in.
const Tags: TagsControl = (props) => <TagInput {...props} known={['reports', 'finance']} />;

function Toasts() {
  const toasts = useToasts().filter((t) => t.open);
  return (
    <output aria-label="Toasts">
      {toasts.map((t) => (
        <p key={t.id}>{t.title}</p>
      ))}
    </output>
  );
}

function renderDialog() {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SuggestEditDialog prompt={PROMPT} TagInput={Tags} onClose={onClose} />
      <Toasts />
    </QueryClientProvider>,
  );
  return { onClose };
}

const posts = (sent: ReturnType<typeof serveSuggestions>) => sent.filter((s) => s.method === 'POST');

afterEach(() => vi.unstubAllGlobals());

describe('Suggest an edit', () => {
  it('starts from the prompt’s text, with the focus in its content', async () => {
    serveSuggestions([]);
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Suggest an edit' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Report summary');
    await vi.waitFor(() => expect(screen.getByRole('textbox', { name: 'Content' })).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveValue('Summarise the report.');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('');
    expect(screen.getByRole('list', { name: 'Selected tags' })).toHaveTextContent('reports');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription('What does your change improve?');
  });

  it('asks for a message and for a change before sending anything', async () => {
    const sent = serveSuggestions([]);
    const u = userEvent.setup();
    renderDialog();
    await u.click(screen.getByRole('button', { name: 'Send suggestion' }));
    expect(await screen.findByText('Message is required')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
    await u.type(screen.getByRole('textbox', { name: 'Message' }), 'Clearer');
    await u.click(screen.getByRole('button', { name: 'Send suggestion' }));
    expect(await screen.findByText('Change the title, content, notes or tags to suggest an edit')).toBeVisible();
    expect(posts(sent)).toEqual([]);
  });

  it('sends only the changed fields with the message, then says so and closes', async () => {
    const sent = serveSuggestions([]);
    const u = userEvent.setup();
    const { onClose } = renderDialog();
    const content = screen.getByRole('textbox', { name: 'Content' });
    await u.clear(content);
    await u.type(content, 'Summarise the report in three bullets.');
    await u.type(screen.getByRole('textbox', { name: 'Message' }), 'Bullets are easier to scan');
    await u.click(screen.getByRole('button', { name: 'Send suggestion' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(sent).map((s) => [s.path, s.body])).toEqual([
      [`/api/prompts/${PROMPT_ID}/suggestions`, { content: 'Summarise the report in three bullets.', message: 'Bullets are easier to scan' }],
    ]);
    expect(screen.getByRole('status', { name: 'Toasts', hidden: true })).toHaveTextContent('Suggestion sent');
  });

  it('sends changed tags and cleared notes', async () => {
    const sent = serveSuggestions([]);
    const u = userEvent.setup();
    renderDialog();
    await u.click(screen.getByRole('button', { name: 'Remove tag reports' }));
    await u.type(screen.getByRole('combobox', { name: 'Tags' }), 'finance{Enter}');
    await u.type(screen.getByRole('textbox', { name: 'Message' }), 'Better tag');
    await u.click(screen.getByRole('button', { name: 'Send suggestion' }));
    await vi.waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]!.body).toEqual({ tags: ['finance'], message: 'Better tag' });
  });

  it('shows the server’s field error beside its control and keeps the dialog open', async () => {
    serveSuggestions([], {
      onCreate: () =>
        json(400, {
          message: 'Message must be at most 1,000 characters',
          code: 'validation_failed',
          errors: { message: 'Message must be at most 1,000 characters' },
        }),
    });
    const u = userEvent.setup();
    const { onClose } = renderDialog();
    await u.type(screen.getByRole('textbox', { name: 'Title' }), ' (short)');
    await u.type(screen.getByRole('textbox', { name: 'Message' }), 'Shorter');
    await u.click(screen.getByRole('button', { name: 'Send suggestion' }));
    const message = screen.getByRole('textbox', { name: 'Message' });
    await vi.waitFor(() => expect(message).toHaveAccessibleDescription(/Message must be at most 1,000 characters/));
    expect(message).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
  });
});
