import { describe, expect, it } from 'vitest';
import { inboxItemText, quotesDetail } from './inbox-text';
import { INBOX_TYPES } from './schemas/inbox';

const ana = { id: 'a', firstName: 'Ana', lastName: 'Li' };

describe('inboxItemText', () => {
  it('names who did what to which prompt, for every item type', () => {
    const texts = INBOX_TYPES.map((type) => inboxItemText({ type, actor: ana, promptTitle: 'Summarise', detail: 'Legal, Sales' }));
    expect(texts).toEqual([
      'Ana Li suggested an edit to “Summarise”',
      'Ana Li accepted your suggested edit to “Summarise”',
      'Ana Li declined your suggested edit to “Summarise”',
      'Ana Li left feedback on “Summarise”',
      'Ana Li verified “Summarise”',
      'Ana Li deprecated “Summarise”',
      '“Summarise” is due for review',
      'Ana Li changed “Summarise”, one of your favourites',
      'Ana Li made you a co-owner of “Summarise”',
      'Ana Li made you a curator of Legal, Sales',
    ]);
  });

  it('never names a prompt the member cannot see, and says "Someone" for a deleted account', () => {
    expect(inboxItemText({ type: 'prompt_verified', actor: null, promptTitle: null, detail: null })).toBe('Someone verified a prompt you cannot see');
    expect(inboxItemText({ type: 'review_due', actor: null, promptTitle: null, detail: null })).toBe('A prompt is due for review');
  });

  it('quotes notes, messages and replies only', () => {
    expect(quotesDetail({ type: 'feedback_note', detail: 'Great' })).toBe(true);
    expect(quotesDetail({ type: 'curator_assigned', detail: 'Legal' })).toBe(false);
    expect(quotesDetail({ type: 'suggestion_declined', detail: null })).toBe(false);
  });
});
