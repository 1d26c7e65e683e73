import type { InboxItem } from './schemas/inbox';

type Described = Pick<InboxItem, 'type' | 'actor' | 'promptTitle' | 'detail'>;

/** Whose doing an item is, as the inbox and its emails name them. */
const actorName = (item: Described) => (item.actor && `${item.actor.firstName} ${item.actor.lastName}`.trim()) || 'Someone';

/**
 * The sentence the inbox shows for an item, and its emails send. A prompt the member can no longer see
 * is not named.
 */
export function inboxItemText(item: Described): string {
  const who = actorName(item);
  const prompt = item.promptTitle === null ? 'a prompt you cannot see' : `“${item.promptTitle}”`;
  switch (item.type) {
    case 'suggestion_received':
      return `${who} suggested an edit to ${prompt}`;
    case 'suggestion_accepted':
      return `${who} accepted your suggested edit to ${prompt}`;
    case 'suggestion_declined':
      return `${who} declined your suggested edit to ${prompt}`;
    case 'feedback_note':
      return `${who} left feedback on ${prompt}`;
    case 'prompt_verified':
      return `${who} verified ${prompt}`;
    case 'prompt_deprecated':
      return `${who} deprecated ${prompt}`;
    case 'review_due':
      return `${item.promptTitle === null ? 'A prompt' : prompt} is due for review`;
    case 'favorite_changed':
      return `${who} changed ${prompt}, one of your favourites`;
    case 'co_owner_added':
      return `${who} made you a co-owner of ${prompt}`;
    case 'curator_assigned':
      return `${who} made you a curator of ${item.detail ?? 'a business unit'}`;
  }
}

/** Whether the item's `detail` is a text to quote under its sentence (a note, a message, a reply). */
export const quotesDetail = (item: Pick<InboxItem, 'type' | 'detail'>) =>
  Boolean(item.detail) && ['suggestion_received', 'suggestion_declined', 'feedback_note'].includes(item.type);
